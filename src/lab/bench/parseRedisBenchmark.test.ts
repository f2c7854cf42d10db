import { describe, expect, it } from 'vitest';
import { parseRedisBenchmarkCsv, splitCsvRow } from './ceilings/parseRedisBenchmark';

// Captured from redis-benchmark 7.0.15 --csv on this machine.
const SAMPLE = `"test","rps","avg_latency_ms","min_latency_ms","p50_latency_ms","p95_latency_ms","p99_latency_ms","max_latency_ms"
"EVALSHA 47f53898ced829b3bd2f74aa305039d3cb77b1f5 2 lock:a:{__rand_int__} fence:a:{__rand_int__} 10000","20586.72","1.397","0.184","0.759","5.135","11.247","37.087"
`;

describe('parseRedisBenchmarkCsv', () => {
  it('reads requests per second and latencies', () => {
    expect(parseRedisBenchmarkCsv(SAMPLE)).toEqual({
      requestsPerSecond: 20586.72,
      avgMs: 1.397,
      p50Ms: 0.759,
      p99Ms: 11.247,
    });
  });

  it('tolerates CRLF line ends and text before the header', () => {
    const noisy = `WARNING: something\r\n${SAMPLE.replaceAll('\n', '\r\n')}`;
    expect(parseRedisBenchmarkCsv(noisy).requestsPerSecond).toBe(20586.72);
  });

  it('refuses output without a result row', () => {
    expect(() => parseRedisBenchmarkCsv('Could not connect to Redis at 127.0.0.1:1')).toThrow(
      /redis-benchmark printed no CSV result/,
    );
    expect(() => parseRedisBenchmarkCsv(SAMPLE.split('\n')[0] ?? '')).toThrow(/no CSV result/);
  });

  it('refuses a row whose numbers are missing', () => {
    const broken = SAMPLE.replace('"20586.72"', '"n/a"');
    expect(() => parseRedisBenchmarkCsv(broken)).toThrow(
      'redis-benchmark CSV has no number for "rps"',
    );
  });
});

describe('splitCsvRow', () => {
  it('keeps commas and doubled quotes inside quoted fields', () => {
    expect(splitCsvRow('"SET a,b ""x""","12.5",3')).toEqual(['SET a,b "x"', '12.5', '3']);
  });
});
