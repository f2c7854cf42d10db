// Reads redis-benchmark's --csv output: a header row, then one row per test with requests per
// second and latency percentiles in ms.

export interface RedisBenchmarkResult {
  requestsPerSecond: number;
  avgMs: number;
  p50Ms: number;
  p99Ms: number;
}

/** Split one CSV row of double-quoted fields. */
export function splitCsvRow(row: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < row.length; i++) {
    const ch = row[i];
    if (quoted) {
      if (ch === '"' && row[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      fields.push(field);
      field = '';
    } else field += ch;
  }
  fields.push(field);
  return fields;
}

export function parseRedisBenchmarkCsv(output: string): RedisBenchmarkResult {
  const rows = output
    .split(/\r?\n/)
    .map((row) => row.trim())
    .filter(Boolean);
  const headerAt = rows.findIndex((row) => row.startsWith('"test"'));
  if (headerAt < 0 || !rows[headerAt + 1]) {
    throw new Error(
      `redis-benchmark printed no CSV result: ${JSON.stringify(output.slice(0, 200))}`,
    );
  }
  const header = splitCsvRow(rows[headerAt] as string);
  const values = splitCsvRow(rows[headerAt + 1] as string);
  const column = (name: string): number => {
    const index = header.indexOf(name);
    const value = Number(values[index]);
    if (index < 0 || !Number.isFinite(value)) {
      throw new Error(`redis-benchmark CSV has no number for "${name}"`);
    }
    return value;
  };
  return {
    requestsPerSecond: column('rps'),
    avgMs: column('avg_latency_ms'),
    p50Ms: column('p50_latency_ms'),
    p99Ms: column('p99_latency_ms'),
  };
}
