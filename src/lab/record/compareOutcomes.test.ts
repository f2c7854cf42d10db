// What decides whether a real run agrees with the simulator: the recorder writes a recording
// only when these find nothing, and the conformance tests hold the lab to them. Each part of the
// outcome must count on its own.
import { describe, expect, it } from 'vitest';
import { simulate } from '../../sim/simulate';
import type { Outcome } from '../../sim/trace/schema';
import { findScenario } from '../../sim/scenarios/index';
import { expectedDifferences, outcomeDifferences, tokenRanks } from './compareOutcomes';

const sim = (): Outcome =>
  structuredClone(simulate({ scenario: 'paused-client', variant: 'fencing-on' }).outcome);

describe('outcomeDifferences', () => {
  it('finds none between an outcome and itself, or with other token numbers in the same order', () => {
    expect(outcomeDifferences(sim(), sim())).toEqual([]);
    // etcd's revisions are not the simulator's numbers: only their order counts.
    const real = sim();
    real.tokens = { 'client-1': [1002], 'client-2': [1017] };
    real.accepted = real.accepted.map((w) => ({ ...w, token: 1017, t: w.t + 3 }));
    real.rejected = real.rejected.map((w) => ({ ...w, token: 1002, t: w.t + 3 }));
    expect(outcomeDifferences(real, sim())).toEqual([]);
  });

  it.each<[string, (o: Outcome) => void, RegExp]>([
    [
      'tokens in the other order',
      (o) => (o.tokens = { 'client-1': [34], 'client-2': [33] }),
      /^tokens: /,
    ],
    ['a repeated token', (o) => (o.tokens = { 'client-1': [33], 'client-2': [33] }), /^tokens: /],
    ['a token missing', (o) => (o.tokens = { 'client-1': [33] }), /^tokens: /],
    [
      'another accepted write',
      (o) => (o.accepted = [...o.accepted, { ...o.rejected[0]! }]),
      /^accepted: /,
    ],
    ['a rejected write missing', (o) => (o.rejected = []), /^rejected: /],
    ['another final body', (o) => (o.document = { ...o.document, body: 'v1' }), /^finalBody: /],
    ['no overlap', (o) => (o.holdersOverlap = false), /^holdersOverlap: /],
    ['another verdict', (o) => (o.verdict = 'safe'), /^verdict: /],
  ])('names %s', (_name, change, message) => {
    const real = sim();
    change(real);
    const found = outcomeDifferences(real, sim());
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(message);
  });
});

describe('tokenRanks', () => {
  it('ranks every token granted, lowest first, and keeps null', () => {
    expect(tokenRanks({ b: [7, null], a: [3, 9] })).toEqual({ a: [0, 2], b: [1, null] });
  });

  it('ranks tokens as numbers, not as text: 9 comes before 10', () => {
    expect(tokenRanks({ a: [9], b: [10] })).toEqual({ a: [0], b: [1] });
  });
});

describe('expectedDifferences', () => {
  // What the explainer says the paused client with fencing must come to.
  const expected = () => findScenario('paused-client')!.expected('fencing-on', 'redis');

  it('finds none when the run reached what the scenario says', () => {
    expect(expectedDifferences(sim(), expected())).toEqual([]);
  });

  it.each<[string, (o: Outcome) => void, RegExp]>([
    [
      'another verdict',
      (o) => (o.verdict = 'stale-write-accepted'),
      /^verdict stale-write-accepted, expected /,
    ],
    ['no overlap', (o) => (o.holdersOverlap = false), /^holdersOverlap false, expected true$/],
    [
      'another final body',
      (o) => (o.document = { ...o.document, body: 'v1' }),
      /^final body "v1", expected "v2"$/,
    ],
  ])('names %s', (_name, change, message) => {
    const real = sim();
    change(real);
    const found = expectedDifferences(real, expected());
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(message);
  });
});
