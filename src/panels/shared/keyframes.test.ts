// The page's CSS animations run beside the reader's input. Only opacity and transform animate on
// the compositor; any other property (a box-shadow, a colour) repaints on the main thread every
// frame, and the replay's 900 ms flash after each step did that for a third of its main-thread
// time on a phone-speed CPU. So every @keyframes in the page may animate only those two.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '..', '..');
const COMPOSITED = new Set(['opacity', 'transform']);

function cssFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'lab' ? [] : cssFiles(path);
    return entry.name.endsWith('.css') ? [path] : [];
  });
}

/** Each @keyframes block's name and the properties its frames set. */
function keyframeProperties(css: string): { name: string; properties: string[] }[] {
  const found: { name: string; properties: string[] }[] = [];
  const start = /@keyframes\s+([\w-]+)\s*\{/g;
  for (let m = start.exec(css); m; m = start.exec(css)) {
    let depth = 1;
    let i = start.lastIndex;
    while (depth > 0 && i < css.length) {
      if (css[i] === '{') depth++;
      else if (css[i] === '}') depth--;
      i++;
    }
    const body = css.slice(start.lastIndex, i - 1).replace(/\/\*[\s\S]*?\*\//g, '');
    const properties = [...body.matchAll(/([\w-]+)\s*:/g)].map((p) => p[1] as string);
    found.push({ name: m[1] as string, properties });
  }
  return found;
}

describe('the page’s CSS animations', () => {
  it('reads the properties a @keyframes block sets', () => {
    const css = '@keyframes a { from { box-shadow: 0 0 0 3px red; } to { opacity: 0; } }';
    expect(keyframeProperties(css)).toEqual([{ name: 'a', properties: ['box-shadow', 'opacity'] }]);
  });

  it('animate only opacity and transform, which the compositor runs off the main thread', () => {
    const files = cssFiles(SRC);
    const animated = files.flatMap((file) =>
      keyframeProperties(readFileSync(file, 'utf8')).map((k) => ({ file, ...k })),
    );
    expect(animated.length).toBeGreaterThan(0);
    for (const k of animated)
      expect(
        k.properties.filter((p) => !COMPOSITED.has(p)),
        `${k.name} in ${k.file}`,
      ).toEqual([]);
  });
});
