import { describe, expect, it } from 'vitest';
import { validateTrace } from './validate';
import { simulate } from '../simulate';

const good = () =>
  JSON.parse(JSON.stringify(simulate({ scenario: 'paused-client', variant: 'fencing-on' })));

describe('validateTrace', () => {
  it('accepts a trace the engine wrote', () => {
    expect(validateTrace(good()).ok).toBe(true);
  });

  it.each([
    ['not an object', () => 42, /not a JSON object/],
    ['wrong format', () => ({ ...good(), format: 'other' }), /format is "other"/],
    [
      'future version',
      () => ({ ...good(), version: 2 }),
      /version is 2; this page reads version 1/,
    ],
    ['events not a list', () => ({ ...good(), events: {} }), /events must be an array/],
    [
      'time going back',
      () => {
        const t = good();
        t.events[3].t = 0;
        return t;
      },
      /before the event ahead of it/,
    ],
    [
      'unknown operation',
      () => {
        const t = good();
        t.events[0].f = 'explode';
        return t;
      },
      /events\[0\]\.f is "explode"/,
    ],
    [
      'acquire without a token',
      () => {
        const t = good();
        delete t.events[1].value.token;
        return t;
      },
      /must carry value.token/,
    ],
    [
      'bad verdict',
      () => ({ ...good(), outcome: { ...good().outcome, verdict: 'fine' } }),
      /verdict "fine"/,
    ],
  ])('refuses %s and says what is wrong', (_name, make, message) => {
    const r = validateTrace(make());
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors.join('\n')).toMatch(message);
  });
});
