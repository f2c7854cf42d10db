// What `npm run sim -- --check` prints: a run's outcome and each checker's finding in sentences,
// or, over a sweep of seeds, how often each verdict came and each checker found something.
import { checkers } from '../../sim/checkers/checks';
import type { PreparedRun } from '../../sim/simulate';
import type { Trace, Verdict } from '../../sim/trace/schema';

/** The run's outcome and every checker's finding, as lines a person reads. */
export function checkReport(trace: Trace): string {
  const { outcome } = trace;
  const lines = [
    `${trace.scenario} (${trace.variant})${lockOf(trace)}, ${source(trace)}: ${outcome.verdict}`,
    `  document: "${outcome.document.body}", fence ${outcome.document.fence ?? 'not stored'}`,
    `  tokens: ${
      Object.entries(outcome.tokens)
        .map(([actor, tokens]) => `${actor} ${tokens.map((t) => t ?? 'no token').join(', ')}`)
        .join('; ') || 'none granted'
    }`,
  ];
  for (const [name, check] of Object.entries(checkers)) {
    const { ok, violations } = check(trace);
    lines.push(`  ${name}: ${ok ? 'ok' : violations.join('; ')}`);
  }
  return `${lines.join('\n')}\n`;
}

/** " on redis": the lock, where the trace names it (a trace from elsewhere may not). */
function lockOf(trace: Trace): string {
  const lock = trace.params.lock;
  return typeof lock === 'string' ? ` on ${lock}` : '';
}

/** Where the run came from: the engine's seed, or the servers it was recorded on and when. */
function source(trace: Trace): string {
  if (trace.backend === 'sim') return trace.seed !== undefined ? `seed ${trace.seed}` : 'engine';
  const when = trace.environment?.recordedAt;
  return `recorded on ${trace.backend}${typeof when === 'string' ? ` at ${when}` : ''}`;
}

/**
 * The prepared run on `count` seeds from `first`: each verdict with how many seeds gave it, and
 * for each checker the seeds it found something in, with the first, so that one can be replayed.
 */
export function sweepReport(prepared: PreparedRun, first: number, count: number): string {
  const verdicts = new Map<Verdict, number>();
  const names = Object.keys(checkers) as (keyof typeof checkers)[];
  const found = new Map(names.map((name) => [name, { seeds: 0, first: null as number | null }]));
  for (let seed = first; seed < first + count; seed++) {
    const { trace } = prepared.run(seed);
    verdicts.set(trace.outcome.verdict, (verdicts.get(trace.outcome.verdict) ?? 0) + 1);
    for (const name of names) {
      if (checkers[name](trace).ok) continue;
      const f = found.get(name)!;
      f.seeds++;
      f.first ??= seed;
    }
  }
  const seedsText = count === 1 ? `seed ${first}` : `seeds ${first} to ${first + count - 1}`;
  const lines = [
    `${prepared.scenario.name} (${prepared.variant}) on ${prepared.lock}, ${seedsText}:`,
    `  verdicts: ${[...verdicts]
      .sort((a, b) => b[1] - a[1])
      .map(([verdict, n]) => `${verdict} ${n}`)
      .join(', ')}`,
  ];
  for (const [name, f] of found) {
    lines.push(
      f.first === null
        ? `  ${name}: ok in every seed`
        : `  ${name}: found something in ${f.seeds} of ${count} seeds (first: seed ${f.first})`,
    );
  }
  return `${lines.join('\n')}\n`;
}
