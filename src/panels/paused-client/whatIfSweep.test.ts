// Every run the "try other numbers" sliders reach: the figure's words and colours must agree with
// the engine's own checkers and verdict. A write is stale only for what had happened when it was
// sent (its lock had run out, or another client had been granted it), and "an update is lost"
// only when it overwrote a later holder's write, never the starting document.
import { describe, expect, it } from 'vitest';
import { checkNoLostUpdate, checkNoStaleWrite } from '../../sim/checkers/checks';
import type { Trace } from '../../sim/trace/schema';
import { markTone, connectorTone, timelineModel } from '../../viz/timeline';
import { pausedClientStory, storySentence } from './story';
import {
  PAUSE_RANGE_MS,
  TTL_RANGE_MS,
  WHAT_IF_LOCKS,
  whatIfRun,
  whatIfVerdict,
  type WhatIfNumbers,
} from './whatIf';

function range(r: { min: number; max: number; step: number }): number[] {
  const out: number[] = [];
  for (let v = r.min; v <= r.max; v += r.step) out.push(v);
  return out;
}

/** Stale by the trace alone: sent after its own TTL ran out, or after another client's grant. */
function staleSends(trace: Trace): Map<number, boolean> {
  const out = new Map<number, boolean>();
  const ttlMs = trace.params.ttlMs as number;
  trace.events.forEach((e, i) => {
    if (e.f !== 'write' || e.type !== 'invoke') return;
    const before = trace.events.slice(0, i);
    const own = before.findLast((a) => a.f === 'acquire' && a.type === 'ok' && a.actor === e.actor);
    const ownIdx = own ? before.lastIndexOf(own) : -1;
    const taken = before.some(
      (a, k) => k > ownIdx && a.f === 'acquire' && a.type === 'ok' && a.actor !== e.actor,
    );
    out.set(e.t, own === undefined || e.t >= own.t + ttlMs || taken);
  });
  return out;
}

const combos: WhatIfNumbers[] = [];
for (const lock of WHAT_IF_LOCKS.map((l) => l.lock))
  for (const fencing of [false, true])
    for (const ttlMs of range(TTL_RANGE_MS))
      for (const pauseMs of range(PAUSE_RANGE_MS)) combos.push({ ttlMs, pauseMs, fencing, lock });

describe('try other numbers, over the sliders’ whole range', () => {
  it('says “an update is lost” and draws red exactly when the checkers find a lost update', () => {
    const wrong: string[] = [];
    let lostRuns = 0;
    let lateHarmless = 0;
    for (const n of combos) {
      const trace = whatIfRun(n);
      const model = timelineModel(trace);
      const story = pausedClientStory(model);
      const sentence = storySentence(story);
      const verdict = whatIfVerdict(trace, n, story);
      const lostByChecker = !checkNoLostUpdate(trace).ok;
      const staleAccepted = !checkNoStaleWrite(trace).ok;
      const texts = model.marks.map((m) => m.detail).join(' ');
      const red =
        model.marks.some((m) => markTone(m) === 'is-bad' || markTone(m) === 'is-stale') ||
        model.connectors.some((c) => connectorTone(c) === 'is-bad');
      const says = `${n.lock} fencing ${n.fencing ? 'on' : 'off'} ttl ${n.ttlMs} pause ${n.pauseMs}`;
      if (lostByChecker) lostRuns++;
      if (texts.includes('an update is lost') !== lostByChecker)
        wrong.push(`${says}: event text vs checker (${lostByChecker})`);
      if (sentence.includes('an update is lost') !== lostByChecker)
        wrong.push(`${says}: sentence “${sentence}” vs checker (${lostByChecker})`);
      if (red !== lostByChecker) wrong.push(`${says}: red ${red} vs checker (${lostByChecker})`);
      // In this story the two checkers agree: the only stale write accepted is the one that
      // overwrote client 2's, and the verdict names it.
      if (staleAccepted !== lostByChecker) wrong.push(`${says}: the two checkers disagree`);
      if ((trace.outcome.verdict === 'stale-write-accepted') !== lostByChecker)
        wrong.push(`${says}: verdict ${trace.outcome.verdict} vs checker (${lostByChecker})`);
      if (/ is lost/.test(verdict) !== lostByChecker)
        wrong.push(`${says}: verdict text “${verdict}”`);
      // "stale" on the figure agrees with what had happened when each write was sent.
      const expected = staleSends(trace);
      for (const m of model.marks.filter((x) => x.kind === 'write')) {
        if ((m.stale === true) !== expected.get(m.t))
          wrong.push(`${says}: write at ${m.t} stale ${m.stale} vs trace ${expected.get(m.t)}`);
        if (m.stale && !m.lost && story.staleWrite?.accepted) lateHarmless++;
        if (/stale/.test(m.label) !== (m.stale === true)) wrong.push(`${says}: label “${m.label}”`);
      }
      for (const m of model.marks.filter((x) => x.kind === 'stored' || x.kind === 'rejected'))
        if (/\bstale\b/.test(m.detail) && !m.stale) wrong.push(`${says}: “${m.detail}”`);
      if (story.staleWrite && /stale write/.test(sentence) && !model.marks.some((m) => m.stale))
        wrong.push(`${says}: sentence says stale`);
      if (wrong.length > 20) break;
    }
    expect(wrong).toEqual([]);
    // The sweep reaches all three: a lost update, a late write that harmed nobody, and neither.
    expect(lostRuns).toBeGreaterThan(0);
    expect(lateHarmless).toBeGreaterThan(0);
  }, 120_000);

  it('reads the reviewer’s run as safe and late, not lost', () => {
    const n: WhatIfNumbers = { ttlMs: 300, pauseMs: 300, fencing: true, lock: 'redis' };
    const model = timelineModel(whatIfRun(n));
    const stored = model.marks.find((m) => m.kind === 'stored' && m.actor === 'client-1')!;
    expect(stored.stale).toBe(true);
    expect(stored.detail).toMatch(
      /“v1” in place of “v0”, though client 1’s lock ran out at 300\.6 ms: no newer token has written yet\. Nothing is lost only because the clients here write without reading/,
    );
    expect(stored.detail).not.toMatch(/lost\./);
    expect(markTone(stored)).toBe('is-late');
    expect(storySentence(pausedClientStory(model))).toMatch(
      /at 310\.5 ms the storage accepts the late write, as nobody else holds the lock yet: nothing is lost\./,
    );
  });
});
