import { beforeAll, describe, expect, it } from 'vitest';
import type { Trace, TraceEvent } from '../../sim/trace/schema';
import { fmt } from '../../viz/timelineWords';
import { ReplayCursor } from './cursor';
import { runEnding } from './runEnding';
import { loadRun, replayOptions, resolveRun, runsReady } from './runs';

beforeAll(() => runsReady);

function traceOf(scenario: string, variant: string, lock: string): Trace {
  const run = loadRun(resolveRun({ scenario, variant, lock }).option);
  if (!run.trace) throw new Error(`no run ${scenario}/${variant}/${lock}: ${run.error}`);
  return run.trace;
}

function endingOf(trace: Trace) {
  return runEnding(new ReplayCursor(trace));
}

/** The same trace with its events changed by `edit`: a run of another shape. */
function edited(trace: Trace, edit: (events: TraceEvent[]) => TraceEvent[]): Trace {
  return { ...trace, events: edit(trace.events.map((ev) => ({ ...ev }))) };
}

describe('the closing line of a run with no stale write', () => {
  it('closes every run the verdict does not, and none that it does', () => {
    for (const o of replayOptions()) {
      const c = new ReplayCursor(loadRun(o).trace!);
      const ending = runEnding(c);
      if (c.staleWriteIndex() === null) expect(ending, o.id).not.toBeNull();
      else expect(ending, o.id).toBeNull();
    }
  });

  it('names only times, tokens and bodies that are in the run', () => {
    for (const o of replayOptions()) {
      const trace = loadRun(o).trace!;
      const ending = endingOf(trace);
      if (!ending) continue;
      const events = trace.events;
      const times = new Set(events.map((ev) => fmt(ev.t)));
      // A TTL or a clock step the run asked for is a time it names too.
      for (const ev of events) {
        for (const key of ['ttlMs', 'byMs'] as const) {
          const x = ev.value?.[key];
          if (typeof x === 'number') times.add(`${x} ms`);
        }
      }
      for (const [said] of ending.body.matchAll(/\d+(\.\d)? ms/g)) {
        expect(times, `${o.id}: “${said}” in “${ending.body}”`).toContain(said);
      }
      const tokens = new Set(
        events.filter((ev) => ev.f === 'acquire' && ev.type === 'ok').map((ev) => ev.value?.token),
      );
      for (const [, n] of ending.body.matchAll(/token (\d+)/g)) {
        expect(tokens, `${o.id}: token ${n}`).toContain(Number(n));
      }
      const bodies = new Set(events.map((ev) => ev.value?.body).filter((b) => b !== undefined));
      for (const [, b] of ending.body.matchAll(/“(v[^”]*)”/g)) {
        expect(bodies, `${o.id}: “${b}”`).toContain(b);
      }
    }
  });

  it('says what each recorded run without a stale write showed', () => {
    const titles: [string, string, string, RegExp][] = [
      ['holder-crash', 'default', 'redis', /^The TTL freed a crashed holder’s lock$/],
      ['holder-crash', 'default', 'pg-lease', /^The TTL freed a crashed holder’s lock$/],
      ['slow-release', 'token-check', 'redis', /^The token check kept client 2’s lock$/],
      ['advisory-disconnect', 'default', 'pg-advisory', /^The lock and the write ended together$/],
      ['cluster-hash-tags', 'no-hash-tag', 'redis-cluster', /^Refused before the script ran/],
      ['cluster-hash-tags', 'hash-tag', 'redis-cluster', /^One slot, so the script ran$/],
      ['server-clock-jump', 'fencing-off', 'etcd', /^The wall clock jumped, and no lease ended/],
      ['server-clock-jump', 'fencing-on', 'etcd', /^The wall clock jumped, and no lease ended/],
    ];
    for (const [scenario, variant, lock, title] of titles) {
      expect(
        endingOf(traceOf(scenario, variant, lock))?.title,
        `${scenario}/${variant}/${lock}`,
      ).toMatch(title);
    }
  });

  it('tells the crash: when, the refusals counted from the run, and the TTL that freed the lock', () => {
    const trace = traceOf('holder-crash', 'default', 'redis');
    const crash = trace.events.find((ev) => ev.f === 'crash')!;
    const refusals = trace.events.filter((ev) => ev.f === 'acquire' && ev.type === 'fail').length;
    const words = ['once', 'twice', 'three times', 'four times', 'five times', 'six times'];
    const body = endingOf(trace)!.body;
    expect(body).toContain(`crashed at ${fmt(crash.t)}`);
    expect(body).toContain(`refused ${words[refusals - 1]}`);
    expect(body).toContain('once client 1’s 300 ms TTL had run out');
  });

  it('does not credit the TTL with a grant that came before it could have run out', () => {
    const trace = edited(traceOf('holder-crash', 'default', 'redis'), (events) => {
      const ask = events.find((ev) => ev.f === 'acquire' && ev.type === 'invoke')!;
      const next = events.find(
        (ev) => ev.f === 'acquire' && ev.type === 'ok' && ev.actor === 'client-2',
      )!;
      // The second grant now comes 1 ms before the first acquire's TTL could have run out.
      next.t = ask.t + 299;
      return events.sort((a, b) => a.t - b.t);
    });
    const ending = endingOf(trace)!;
    expect(ending.title).toBe('The TTL freed a crashed holder’s lock');
    expect(ending.body).not.toContain('TTL had run out');
  });

  it('tells no crash story when the client released its lock before it crashed', () => {
    const trace = edited(traceOf('holder-crash', 'default', 'redis'), (events) => {
      const crash = events.findIndex((ev) => ev.f === 'crash');
      const t = events[crash]!.t;
      events.splice(
        crash,
        0,
        { t, actor: 'client-1', f: 'release', type: 'invoke', value: { token: 33 } },
        { t, actor: 'client-1', f: 'release', type: 'ok', value: { released: 1 } },
      );
      return events;
    });
    expect(endingOf(trace)?.title).toBe('No late write');
  });

  it('credits the token check only while the other client’s lock still stood', () => {
    const trace = traceOf('slow-release', 'token-check', 'redis');
    expect(endingOf(trace)?.body).toMatch(/the key held client 2’s token 34/);
    // The late release now comes after client 2's own TTL has run out: nothing was kept.
    const late = edited(trace, (events) => {
      const grant = events.find(
        (ev) => ev.f === 'acquire' && ev.type === 'ok' && ev.actor === 'client-2',
      )!;
      const miss = events.findIndex((ev) => ev.f === 'release' && ev.type === 'fail');
      const shift = grant.t + 301 - events[miss]!.t;
      for (const ev of events.slice(miss - 1)) ev.t += shift;
      // Client 2's later write would now be stale, and the verdict would close the run.
      return events.filter((ev) => !(ev.f === 'write' && ev.value?.body === 'v2b'));
    });
    const ending = endingOf(late);
    expect(ending).not.toBeNull();
    expect(ending?.title).not.toMatch(/token check/);
  });

  it('says the session’s end took the uncommitted write with it', () => {
    const body = endingOf(traceOf('advisory-disconnect', 'default', 'pg-advisory'))!.body;
    expect(body).toMatch(
      /^Postgres ended client 1’s session at [\d.]+ ms: its transaction rolled back, taking the uncommitted “v1” with it/,
    );
    expect(body).toMatch(/Client 2 then took the lock and committed “v2”/);
  });

  it('says CROSSSLOT’s two slots from the refusal, and nothing once a lock was taken', () => {
    const trace = traceOf('cluster-hash-tags', 'no-hash-tag', 'redis-cluster');
    const refusal = trace.events.find((ev) => ev.value?.reason === 'CROSSSLOT')!;
    expect(endingOf(trace)!.body).toContain(
      `slot ${refusal.value!.lockSlot as number} and the token counter to slot ${refusal.value!.fenceSlot as number}`,
    );
    const taken = edited(trace, (events) => [
      ...events,
      { t: 10, actor: 'client-2', f: 'acquire', type: 'invoke', value: { ttlMs: 300 } },
      { t: 11, actor: 'client-2', f: 'acquire', type: 'ok', value: { token: 33 } },
    ]);
    expect(endingOf(taken)?.tone).toBe('ok');
  });

  it('tells the etcd clock jump only when the holder kept its lease to its release', () => {
    const trace = traceOf('server-clock-jump', 'fencing-on', 'etcd');
    expect(endingOf(trace)?.body).toMatch(
      /client 1 kept its lease\. Client 2 was refused three times/,
    );
    const taken = edited(trace, (events) => {
      // Client 3 takes the lock between client 1's write and its release.
      const wrote = events.findIndex(
        (ev) => ev.f === 'write' && ev.type === 'ok' && ev.actor === 'client-1',
      );
      const t = events[wrote]!.t;
      events.splice(
        wrote + 1,
        0,
        { t, actor: 'client-3', f: 'acquire', type: 'invoke', value: { ttlMs: 1000 } },
        { t, actor: 'client-3', f: 'acquire', type: 'ok', value: { token: 3 } },
      );
      return events;
    });
    const ending = endingOf(taken);
    expect(ending).not.toBeNull();
    expect(ending?.title).not.toMatch(/wall clock jumped/);
  });
});
