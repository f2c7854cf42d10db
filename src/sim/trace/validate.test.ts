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
      'time going back by less than a millisecond',
      () => {
        const t = good();
        const n = t.events.length;
        t.events[n - 1].t = t.events[n - 2].t - 0.5;
        return t;
      },
      /before the event ahead of it/,
    ],
    [
      'a time before the start',
      () => {
        const t = good();
        t.events[0].t = -1;
        return t;
      },
      /events\[0\]\.t must be a number of ms, 0 or more/,
    ],
    [
      'more events than any recording has',
      () => ({ ...good(), events: Array.from({ length: 100_001 }, () => ({})) }),
      /events has 100001 entries, more than 100000/,
    ],
    [
      'a document fence that is not a number',
      () => ({ ...good(), outcome: { ...good().outcome, document: { body: 'v2', fence: '34' } } }),
      /outcome\.document\.fence must be a number or null/,
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
    [
      'tokens that are not a list',
      () => ({ ...good(), outcome: { ...good().outcome, tokens: { 'client-1': 'abc' } } }),
      /outcome\.tokens\["client-1"\] must be a list of tokens/,
    ],
    [
      'an accepted write with no body',
      () => {
        const t = good();
        delete t.outcome.accepted[0].body;
        return t;
      },
      /outcome\.accepted\[0\]\.body must be a string/,
    ],
    [
      'a verdict its events contradict',
      () => ({ ...good(), outcome: { ...good().outcome, verdict: 'safe' } }),
      /outcome\.verdict is "safe", but the events give "stale-write-rejected"/,
    ],
    [
      'a rejected write its events do not show',
      () => ({ ...good(), outcome: { ...good().outcome, rejected: [] } }),
      /outcome\.rejected is \[\], but the events give \[\["client-1",33,"v1",/,
    ],
    [
      'tokens its events do not give',
      () => ({ ...good(), outcome: { ...good().outcome, tokens: { 'client-1': [33] } } }),
      /outcome\.tokens is .*, but the events give .*"client-2",\[34\]/,
    ],
  ])('refuses %s and says what is wrong', (_name, make, message) => {
    const r = validateTrace(make());
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors.join('\n')).toMatch(message);
  });

  it('lists the first 20 problems, not every one', () => {
    const t = good();
    t.events = Array.from({ length: 30 }, (_, i) => ({ t: i, actor: 'client-1', f: 'explode' }));
    const r = validateTrace(t);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.errors).toHaveLength(20);
      expect(r.errors[0]).toMatch(/^events\[0\]\.f is "explode"/);
    }
  });

  it('reads an outcome whatever the order of its keys, as JSON from anywhere may have it', () => {
    const t = good();
    const { tokens, accepted } = t.outcome;
    t.outcome.tokens = Object.fromEntries(Object.entries(tokens).reverse());
    t.outcome.accepted = accepted.map(({ actor, token, body, t: at }: Record<string, unknown>) => ({
      t: at,
      body,
      token,
      actor,
    }));
    expect(Object.keys(t.outcome.tokens)).toEqual(['client-2', 'client-1']);
    expect(validateTrace(t)).toMatchObject({ ok: true });
  });
});
