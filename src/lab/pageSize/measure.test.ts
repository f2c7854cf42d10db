// The page-size benchmark splits a build the way a browser meets it; these builds are made by hand
// so each rule (script, preload, static import, dynamic import, a file nobody loads) is seen alone.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { measurePageJs, PageSizeError, staticImports } from './measure';

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A build folder with these files (paths from the folder); returns its path. */
function fakeBuild(files: Record<string, string | Buffer>): string {
  const dir = mkdtempSync(join(tmpdir(), 'fencing-lab-fake-build-'));
  made.push(dir);
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  return dir;
}

const gz = (text: string) => gzipSync(Buffer.from(text)).length;

const ENTRY =
  'import{a}from"./shared.js";import"./polyfill.js";const p=()=>import("./panel.js");a(p);';
const SHARED = 'export const a=(f)=>f;' + 'x'.repeat(500);
const POLYFILL = '/* side effects only */';
const PRELOADED = 'export const r=1;';
const PANEL = 'import{a}from"./shared.js";export default a;' + 'panel '.repeat(200);
const UNUSED = 'export const nobody=1;';
const HTML = `<!doctype html><html><head>
<script type="module" crossorigin src="./assets/entry.js"></script>
<link rel="modulepreload" crossorigin href="./assets/preloaded.js">
<link rel="stylesheet" href="./assets/style.css">
</head><body></body></html>`;

describe('measurePageJs', () => {
  it('counts the module script, what it imports statically and what is preloaded as initial', () => {
    const dir = fakeBuild({
      'index.html': HTML,
      'assets/entry.js': ENTRY,
      'assets/shared.js': SHARED,
      'assets/polyfill.js': POLYFILL,
      'assets/preloaded.js': PRELOADED,
      'assets/panel.js': PANEL,
      'assets/unused.js': UNUSED,
      'assets/style.css': 'body{}',
    });
    const size = measurePageJs(dir);
    expect(size.initial.map((c) => c.file).sort()).toEqual([
      'assets/entry.js',
      'assets/polyfill.js',
      'assets/preloaded.js',
      'assets/shared.js',
    ]);
    // A dynamic import() is fetched later, though it imports an initial chunk; CSS is not JavaScript.
    expect(size.later.map((c) => c.file).sort()).toEqual(['assets/panel.js', 'assets/unused.js']);
    expect(size.initialGzipBytes).toBe(gz(ENTRY) + gz(SHARED) + gz(POLYFILL) + gz(PRELOADED));
    expect(size.laterGzipBytes).toBe(gz(PANEL) + gz(UNUSED));
    const entry = size.initial.find((c) => c.file === 'assets/entry.js')!;
    expect(entry.bytes).toBe(ENTRY.length);
    // Largest first, so the report leads with what to look at.
    const gzips = size.initial.map((c) => c.gzipBytes);
    expect(gzips).toEqual([...gzips].sort((a, b) => b - a));
  });

  it('follows static imports through chunks, across folders, once each', () => {
    const dir = fakeBuild({
      'index.html': '<script type=module src=/main.js></script>',
      'main.js': 'import"./assets/a.js";import"./assets/b.js";',
      'assets/a.js': 'import"../lib/c.js";import"./b.js";',
      'assets/b.js': 'import"./a.js";',
      'lib/c.js': 'export{}',
    });
    const size = measurePageJs(dir);
    expect(size.initial.map((c) => c.file).sort()).toEqual([
      'assets/a.js',
      'assets/b.js',
      'lib/c.js',
      'main.js',
    ]);
    expect(size.later).toEqual([]);
  });

  it('says what is wrong with a folder that is not a build', () => {
    const empty = fakeBuild({ 'assets/x.js': '' });
    expect(() => measurePageJs(empty)).toThrow(PageSizeError);
    expect(() => measurePageJs(empty)).toThrow(/index\.html does not exist/);

    const noScript = fakeBuild({ 'index.html': '<script src="./classic.js"></script>' });
    expect(() => measurePageJs(noScript)).toThrow(/loads no module script/);

    const missing = fakeBuild({
      'index.html': HTML,
      'assets/entry.js': ENTRY,
      'assets/preloaded.js': PRELOADED,
      'assets/polyfill.js': POLYFILL,
    });
    expect(() => measurePageJs(missing)).toThrow(
      'assets/shared.js is named by the build but missing',
    );

    const remote = fakeBuild({
      'index.html': '<script type="module" src="https://cdn.example/x.js"></script>',
    });
    expect(() => measurePageJs(remote)).toThrow(
      /loads https:\/\/cdn\.example\/x\.js from elsewhere/,
    );
  });
});

describe('staticImports', () => {
  it('reads import-from and bare imports, not import() or bare package names', () => {
    const code = `import{a as b}from"./one.js";import "../two.js";const l=()=>import("./three.js");import x from 'react';export*from'./four.js'`;
    expect(staticImports(code)).toEqual(['./one.js', '../two.js', './four.js']);
  });
});
