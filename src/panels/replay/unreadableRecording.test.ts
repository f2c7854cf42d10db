// A recording that is not JSON, built as the page builds its recordings (`import.meta.glob`,
// eager, through Vite's own JSON plugin): without the stand-in the whole build fails, with a
// message that does not name the file; with it, the replay lists the file and what is wrong, and
// every other recording loads.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { validateTrace } from '../../sim/trace/validate';
import { parseRecordings } from './recordings';
import { keepUnreadableRecordings, notJsonReason } from './unreadableRecording';

const RECORDINGS = join(import.meta.dirname, '../../../recordings');
const scratch = mkdtempSync(join(tmpdir(), 'fencing-lab-unreadable-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const good = readFileSync(join(RECORDINGS, 'paused-client.fencing-on.redis.json'), 'utf8');

/** Builds a page that globs `recordings/` as runs.ts does, and returns what the glob found. */
async function buildGlob(
  files: Record<string, string>,
  plugins: Plugin[],
): Promise<Record<string, unknown>> {
  const root = mkdtempSync(join(scratch, 'root-'));
  mkdirSync(join(root, 'recordings'));
  for (const [name, text] of Object.entries(files))
    writeFileSync(join(root, 'recordings', name), text);
  writeFileSync(
    join(root, 'main.js'),
    "export const modules = import.meta.glob('/recordings/*.json', { eager: true });\n",
  );
  await build({
    root,
    configFile: false,
    logLevel: 'silent',
    plugins,
    build: {
      outDir: join(root, 'dist'),
      lib: { entry: join(root, 'main.js'), formats: ['es'], fileName: () => 'main.js' },
      minify: false,
    },
  });
  const built = (await import(pathToFileURL(join(root, 'dist', 'main.js')).href)) as {
    modules: Record<string, unknown>;
  };
  return built.modules;
}

describe('a recording that is not JSON', () => {
  const files = {
    'paused-client.fencing-on.redis.json': good,
    // Cut short, as by a full disk or an interrupted copy.
    'paused-client.fencing-off.redis.json': good.slice(0, 500),
  };

  it('fails the build without the stand-in (what this guards against)', async () => {
    await expect(buildGlob(files, [])).rejects.toThrow();
  }, 30_000);

  it('is listed with why, and the other recordings load', async () => {
    const modules = await buildGlob(files, [keepUnreadableRecordings()]);
    const set = parseRecordings(modules, validateTrace);
    expect(set.recordings.map((r) => r.file)).toEqual(['paused-client.fencing-on.redis.json']);
    expect(set.invalid).toEqual([
      {
        file: 'paused-client.fencing-off.redis.json',
        errors: [expect.stringMatching(/^not JSON \(.*position 500\)$/)],
      },
    ]);
  }, 30_000);

  it('leaves a valid recording, with or without a byte-order mark, to the JSON plugin', async () => {
    const modules = await buildGlob({ 'paused-client.fencing-on.redis.json': `\uFEFF${good}` }, [
      keepUnreadableRecordings(),
    ]);
    const set = parseRecordings(modules, validateTrace);
    expect(set.invalid).toEqual([]);
    expect(set.recordings.map((r) => r.file)).toEqual(['paused-client.fencing-on.redis.json']);
  }, 30_000);

  it('says why in printable characters only', () => {
    expect(notJsonReason('{"a": 1}')).toBeNull();
    expect(notJsonReason('')).toMatch(/^not JSON \(.+\)$/);
    const binary = notJsonReason('\u001b[31m\u00ff\u0000garbage');
    expect(binary).toMatch(/^not JSON/);
    expect(binary).not.toMatch(/[^\x20-\x7e]/);
  });
});
