export function ReplayPanel() {
  return <p>This panel is not built yet.</p>;
}
