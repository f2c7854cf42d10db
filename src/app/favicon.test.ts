// The browser draws the page's icon on the page's main thread, during the first load. A <text> in
// it makes the browser set fonts up for the icon's own little document and lay the text out:
// measured at a CPU four times slower, the icon took 24 to 77 ms with its "34" as text and 13 to
// 24 ms with the digits drawn as strokes. So the icon draws its digits, it does not write them.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ICON = join(import.meta.dirname, '..', '..', 'public', 'favicon.svg');

describe('the favicon', () => {
  it('has no text to lay out, only shapes', () => {
    const svg = readFileSync(ICON, 'utf8');
    expect(svg).toMatch(/^<svg[\s>]/);
    expect(svg).not.toMatch(/<(text|tspan|textPath|foreignObject)[\s>]/);
  });
});
