// The simulated cluster splits the 16,384 slots as Redis Cluster's three masters do: 0–5460,
// 5461–10922 and 10923–16383. The scenario's own key never hashes to a range's last slot, so
// resources that do are looked for here and played through the hash-tag script.
import { describe, expect, it } from 'vitest';
import { hashSlot } from '../models/hashSlot';
import { clusterHashTags } from '../scenarios/clusterHashTags';
import { simulateScript } from '../simulate';

/** The first `doc-N` whose hash tag lands in `slot`. */
function resourceInSlot(slot: number): string {
  for (let i = 0; ; i++) if (hashSlot(`doc-${i}`) === slot) return `doc-${i}`;
}

describe('the simulated Redis Cluster', () => {
  it.each([
    [5460, 'redis-1'],
    [5461, 'redis-2'],
    [10922, 'redis-2'],
    [10923, 'redis-3'],
    [16383, 'redis-3'],
  ])('serves slot %i from %s', (slot, node) => {
    const resource = resourceInSlot(slot);
    const script = {
      ...clusterHashTags.script({ ttlMs: 300 }, 'hash-tag', 'redis-cluster'),
      resource,
    };
    const { trace } = simulateScript(script, 1, {
      scenario: clusterHashTags.name,
      variant: 'hash-tag',
      params: { ttlMs: 300 },
    });
    const granted = trace.events.find((e) => e.f === 'acquire' && e.type === 'ok');
    expect(granted?.value).toMatchObject({ node, slot });
    expect(trace.outcome.document.body).toBe('v1');
  });
});
