// The lab's etcd, asked for a lease shorter than its minimum, raises it to that minimum and says
// so in its answer: the number the consensus section's note gives for the lab's etcd.
import { Etcd3 } from 'etcd3';
import { describe, expect, inject, it } from 'vitest';
import { consensusNotes } from '../../content/consensus';
import { LAB_ETCD_MIN_LEASE_S } from '../../sim/models/etcdTimings';

describe('the lab’s etcd', () => {
  it('grants its shortest lease as the consensus note says', async () => {
    const client = new Etcd3({ hosts: inject('etcdEndpoints'), dialTimeout: 2_000 });
    try {
      // A TTL of 0 is below any minimum: etcd answers with the TTL it actually gave.
      const grant = await client.leaseClient.leaseGrant({ TTL: 0, ID: 0 });
      await client.leaseClient.leaseRevoke({ ID: grant.ID });
      const grantedS = Number(grant.TTL);
      expect(grantedS).toBe(LAB_ETCD_MIN_LEASE_S);
      expect(consensusNotes.join(' ')).toContain(`so its minimum is ${grantedS} s`);
    } finally {
      client.close();
    }
  });
});
