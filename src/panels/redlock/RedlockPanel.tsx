export function RedlockPanel() {
  return <p>This panel is not built yet.</p>;
}
