// A lock kind that no conformance file names is never checked against real servers, and nothing
// else says so: `npm run test:lab` passes, its recordings unread. The files are read as text, since
// each one registers its suite as it loads and cannot be asked which locks it takes.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LOCK_KINDS } from '../../sim/run/script';

const HERE = fileURLToPath(new URL('./', import.meta.url));

/** The locks each `conformanceSuite([...])` line in this folder's test files names. */
function locksWithSuites(): string[] {
  return readdirSync(HERE)
    .filter((file) => file.endsWith('.test.ts'))
    .flatMap((file) => [
      ...readFileSync(`${HERE}${file}`, 'utf8').matchAll(/conformanceSuite\(\[([^\]]*)\]\)/g),
    ])
    .flatMap((call) => [...call[1]!.matchAll(/'([^']+)'/g)].map((m) => m[1]!));
}

describe('the conformance files', () => {
  // A misspelt name fails the typecheck (the suite takes LockKind); a missing one is this test's.
  it('give every lock kind a conformanceSuite line', () => {
    const named = locksWithSuites();
    expect(
      LOCK_KINDS.filter((lock) => !named.includes(lock)),
      'lock kinds no conformanceSuite([...]) line in src/lab/conformance/ names: npm run test:lab never checks their recordings',
    ).toEqual([]);
  });
});
