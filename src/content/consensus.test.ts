// The consensus section's note on etcd's shortest lease states the numbers the lab's etcd runs
// with: the flags src/lab/servers/etcd.ts passes, and the settings its recordings carry. A note
// typed by hand drifts the day someone changes the flags or re-records on other settings.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LAB_ETCD_SETTINGS } from '../lab/servers/etcd';
import { etcdMinLeaseS } from '../sim/models/etcdTimings';
import { consensusNotes } from './consensus';

const RECORDINGS_DIR = fileURLToPath(new URL('../../recordings/', import.meta.url));

/** The election timeout and the shortest lease the note says the lab's etcd has. */
function noteSays(): { electionTimeoutMs: string; minLeaseS: number } {
  const notes = consensusNotes.filter((n) => n.includes('election timeout, so its minimum is'));
  expect(notes).toHaveLength(1);
  const said = /runs a (\d+) ms election timeout, so its minimum is (\d+) s\b/.exec(notes[0]!);
  expect(said, notes[0]).not.toBeNull();
  return { electionTimeoutMs: said![1]!, minLeaseS: Number(said![2]) };
}

describe('the note on etcd’s shortest lease', () => {
  it('states the election timeout the lab starts etcd with, and the minimum it gives', () => {
    const heartbeatMs = Number(LAB_ETCD_SETTINGS['heartbeat-interval']);
    const electionMs = Number(LAB_ETCD_SETTINGS['election-timeout']);
    expect(noteSays()).toEqual({
      electionTimeoutMs: LAB_ETCD_SETTINGS['election-timeout'],
      minLeaseS: etcdMinLeaseS(heartbeatMs, electionMs),
    });
  });

  it('states the settings every committed etcd recording was made with', () => {
    const said = noteSays();
    const recorded = readdirSync(RECORDINGS_DIR)
      .filter((file) => file.endsWith('.etcd.json'))
      .map((file) => {
        const trace = JSON.parse(readFileSync(`${RECORDINGS_DIR}${file}`, 'utf8')) as {
          environment?: { settings?: Record<string, string> };
        };
        const settings = trace.environment?.settings ?? {};
        const heartbeatMs = Number(settings['etcd.heartbeat-interval']);
        const electionMs = Number(settings['etcd.election-timeout']);
        return {
          file,
          electionTimeoutMs: settings['etcd.election-timeout'],
          minLeaseS: etcdMinLeaseS(heartbeatMs, electionMs),
        };
      });
    expect(recorded.length).toBeGreaterThan(0);
    expect(recorded).toEqual(recorded.map(({ file }) => ({ file, ...said })));
  });
});
