// The conformance check's reading of a committed recording: a broken file fails with its name and
// what is wrong, as `npm run sim -- --check --trace` says it, not with the parser's bare message.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { RECORDINGS_DIR } from './conformance';
import { readRecording } from './readRecording';

const scratch = mkdtempSync(join(tmpdir(), 'fencing-lab-read-recording-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('readRecording', () => {
  it('names a file that is not JSON, and why', () => {
    // Cut short, as a full disk or an interrupted copy leaves it.
    const path = join(scratch, 'cut-short.json');
    writeFileSync(path, '{ "format": "fencing-lab/trace", "ver');
    expect(() => readRecording(scratch, 'cut-short.json')).toThrow(
      new RegExp(`^${escaped(path)} is not JSON \\(.+\\)$`),
    );
  });

  it('names a file that is JSON but no trace, and the field that is wrong', () => {
    const path = join(scratch, 'not-a-trace.json');
    writeFileSync(path, '{"format": "fencing-lab/trace", "version": 1}');
    expect(() => readRecording(scratch, 'not-a-trace.json')).toThrow(
      new RegExp(`^${escaped(path)} is not a trace: .*scenario`),
    );
  });

  it('names a file in recordings/ as an author finds it, from the project root', () => {
    expect(() => readRecording(RECORDINGS_DIR, 'no-such-run.json')).toThrow(
      /^cannot read recordings\/no-such-run\.json: no such file$/,
    );
  });

  it('reads a committed recording as its trace', () => {
    const trace = readRecording(RECORDINGS_DIR, 'paused-client.fencing-on.redis.json');
    expect(trace.scenario).toBe('paused-client');
    expect(trace.variant).toBe('fencing-on');
  });
});
