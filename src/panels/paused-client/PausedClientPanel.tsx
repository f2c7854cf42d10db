export function PausedClientPanel() {
  return <p>This panel is not built yet.</p>;
}
