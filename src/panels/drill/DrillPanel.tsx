export function DrillPanel() {
  return <p>The drill is not built yet.</p>;
}

export function ProgressStatus() {
  return <p>Not started</p>;
}
