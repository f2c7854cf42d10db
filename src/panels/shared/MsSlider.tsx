import { useId } from 'react';

/** A slider for a number of milliseconds, its label before it and its value after it. */
export function MsSlider({
  label,
  range,
  value,
  onChange,
  className = '',
}: {
  label: string;
  range: { min: number; max: number; step: number };
  value: number;
  onChange: (ms: number) => void;
  /** Extra classes for the row, for its place in a panel's layout. */
  className?: string;
}) {
  const id = useId();
  return (
    <div className={`fl-ms-slider ${className}`.trim()}>
      <label className="fl-field-label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        type="range"
        min={range.min}
        max={range.max}
        step={range.step}
        value={value}
        aria-valuetext={`${value} ms`}
        onChange={(e) => onChange(Number(e.target.value))}
      />
      {/* The slider's own value text is read as it moves: the output stays quiet. */}
      <output htmlFor={id} className="fl-ms-slider-value" aria-live="off">
        {value} ms
      </output>
    </div>
  );
}
