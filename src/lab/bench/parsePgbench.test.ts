import { describe, expect, it } from 'vitest';
import { parsePgbenchOutput } from './ceilings/parsePgbench';

// Captured from pgbench 15.18 -M prepared on this machine.
const SAMPLE = `pgbench (15.18 (Debian 15.18-0+deb12u1))
transaction type: /tmp/fencing-lab-pgbench-x/advisory.sql
scaling factor: 1
query mode: prepared
number of clients: 32
number of threads: 1
maximum number of tries: 1
number of transactions per client: 300
number of transactions actually processed: 9600/9600
number of failed transactions: 0 (0.000%)
latency average = 4.660 ms
initial connection time = 61.125 ms
tps = 6867.321208 (without initial connection time)
`;

describe('parsePgbenchOutput', () => {
  it('reads tps without connection time, and the counts', () => {
    expect(parsePgbenchOutput(SAMPLE)).toEqual({
      tps: 6867.321208,
      processed: 9600,
      expected: 9600,
      failed: 0,
      latencyAverageMs: 4.66,
    });
  });

  it('reports failed and missing transactions', () => {
    const partial = SAMPLE.replace('9600/9600', '9550/9600').replace(
      'failed transactions: 0 (0.000%)',
      'failed transactions: 50 (0.521%)',
    );
    expect(parsePgbenchOutput(partial)).toMatchObject({
      processed: 9550,
      expected: 9600,
      failed: 50,
    });
  });

  it('does not take tps including connection time for the figure', () => {
    const withBoth = SAMPLE.replace(
      'tps = 6867.321208 (without initial connection time)',
      'tps = 6000.0 (including connections establishing)\ntps = 6867.321208 (without initial connection time)',
    );
    expect(parsePgbenchOutput(withBoth).tps).toBe(6867.321208);
  });

  it('refuses output without a tps line', () => {
    expect(() => parsePgbenchOutput('pgbench: error: connection to server failed')).toThrow(
      /pgbench printed no tps line/,
    );
  });
});
