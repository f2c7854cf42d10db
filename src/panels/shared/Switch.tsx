/** An on/off switch with its state in a word beside it, named by the element `labelledBy` names. */
export function Switch({
  on,
  labelledBy,
  onToggle,
}: {
  on: boolean;
  labelledBy: string;
  onToggle: () => void;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={on}
      aria-labelledby={labelledBy}
      className={`fl-switch${on ? ' is-on' : ''}`}
      onClick={onToggle}
    >
      <span className="fl-switch-track" aria-hidden="true">
        <span className="fl-switch-thumb" />
      </span>
      <span className="fl-switch-text">{on ? 'on' : 'off'}</span>
    </button>
  );
}
