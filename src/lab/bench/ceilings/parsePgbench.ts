// Reads pgbench's summary: transactions processed, failures, and tps without the time spent
// opening connections (the Node side also connects before it starts the clock).

export interface PgbenchResult {
  tps: number;
  processed: number;
  expected: number;
  failed: number;
  latencyAverageMs: number | undefined;
}

export function parsePgbenchOutput(output: string): PgbenchResult {
  const tps = output.match(/^tps = ([\d.]+) \(without initial connection time\)/m);
  if (!tps) {
    throw new Error(`pgbench printed no tps line: ${JSON.stringify(output.slice(-300))}`);
  }
  const processed = output.match(/number of transactions actually processed: (\d+)(?:\/(\d+))?/);
  const failed = output.match(/number of failed transactions: (\d+)/);
  const latency = output.match(/latency average = ([\d.]+) ms/);
  const done = processed ? Number(processed[1]) : 0;
  return {
    tps: Number(tps[1]),
    processed: done,
    expected: processed?.[2] ? Number(processed[2]) : done,
    failed: failed ? Number(failed[1]) : 0,
    latencyAverageMs: latency ? Number(latency[1]) : undefined,
  };
}
