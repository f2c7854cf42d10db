export function FencedPathPanel() {
  return <p>This panel is not built yet.</p>;
}
