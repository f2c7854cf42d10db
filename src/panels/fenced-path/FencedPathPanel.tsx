// "The fenced path": the five steps of a correct client as a diagram. Choosing a step lights the
// way to it and shows what it does and what to do when it fails.
import { useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { STEPS, litPath, neighbour, stepById } from './steps';
import type { FencedStep, StepId } from './steps';
import { fencedPathSayIt } from '../../content/fencedPath';
import { SayIt } from '../top';
import '../shared/tokens.css';
import './fenced-path.css';

const EDGES: { id: string; area: string; label: string }[] = [
  { id: 'acquire>work', area: 'a1', label: 'token' },
  { id: 'work>write', area: 'a2', label: '' },
  { id: 'write>release', area: 'a3', label: '' },
  { id: 'work>extend', area: 'loop', label: 'before the TTL ends' },
];

export function FencedPathPanel() {
  const [selected, setSelected] = useState<StepId>('acquire');
  const refs = useRef(new Map<StepId, HTMLButtonElement>());
  const lit = litPath(selected);
  const step = stepById(selected) as FencedStep;

  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>, id: StepId) => {
    const delta =
      e.key === 'ArrowRight' || e.key === 'ArrowDown'
        ? 1
        : e.key === 'ArrowLeft' || e.key === 'ArrowUp'
          ? -1
          : 0;
    if (delta === 0) return;
    e.preventDefault();
    const next = neighbour(id, delta);
    setSelected(next);
    refs.current.get(next)?.focus();
  };

  return (
    <div className="fp-frame">
      <div className="fl-panel fp">
        <div className="fp-diagram" role="group" aria-label="The fenced path: choose a step">
          {STEPS.map((s) => (
            <div
              key={s.id}
              className={`fp-cell${lit.steps.has(s.id) ? ' is-lit' : ''}${s.id === selected ? ' is-selected' : ''}`}
              style={{ gridArea: s.id }}
            >
              <button
                type="button"
                ref={(el) => {
                  if (el) refs.current.set(s.id, el);
                  else refs.current.delete(s.id);
                }}
                className="fp-node"
                aria-pressed={s.id === selected}
                onClick={() => setSelected(s.id)}
                onKeyDown={(e) => onKeyDown(e, s.id)}
              >
                <span className="fp-num" aria-hidden="true">
                  {s.number}
                </span>
                <span className="fp-title">{s.title}</span>
              </button>
              <span className="fp-fail" aria-hidden="true">
                <span className="fp-fail-mark">✕</span> {s.failLabel}
              </span>
            </div>
          ))}
          {EDGES.map((edge) => (
            <span
              key={edge.id}
              className={`fp-arrow fp-arrow-${edge.area}${lit.edges.has(edge.id) ? ' is-lit' : ''}`}
              style={{ gridArea: edge.area }}
              aria-hidden="true"
            >
              <span className="fp-arrow-line" />
              {edge.label && <span className="fp-arrow-label">{edge.label}</span>}
            </span>
          ))}
        </div>

        <section className="fp-detail" role="group" aria-labelledby="fp-detail-title">
          {/* Only the step's title is announced as it changes; the rest is there to read. */}
          <h3 id="fp-detail-title" aria-live="polite">
            Step {step.number}: {step.title}
          </h3>
          <ul>
            {step.does.map((d) => (
              <li key={d}>{d}</li>
            ))}
          </ul>
          <h4>If it fails</h4>
          <dl>
            {step.ifItFails.map((f) => (
              <div key={f.when}>
                <dt>{f.when}</dt>
                <dd>{f.then}</dd>
              </div>
            ))}
          </dl>
        </section>
      </div>
      <SayIt>{fencedPathSayIt}</SayIt>
    </div>
  );
}
