import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';

// The engine's purity is a lint rule, not a promise: these lint made-up files at engine and page
// paths with the project's own config and expect the boundary rules to fire.
const eslint = new ESLint();

async function ruleIds(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
}

// The first lint loads the project's config and typescript-eslint: seconds on a loaded 2-core
// machine (7 s in a CI run beside other work), more than vitest's default 5 s.
describe('lint boundaries', { timeout: 60_000 }, () => {
  it.each([
    [
      "import { useState } from 'react';\nexport const x = useState;\n",
      /src\/sim knows nothing of React/,
    ],
    [
      "import { create } from 'zustand';\nexport const x = create;\n",
      /knows nothing of the page state/,
    ],
    [
      "import { select } from 'd3-selection';\nexport const x = select;\n",
      /knows nothing of the DOM/,
    ],
    [
      "import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n",
      /no Node built-ins/,
    ],
    ['export const x = Math.random();\n', /seeded PRNG/],
    ['export const x = Date.now();\n', /virtual time/],
  ])('refuses %j inside src/sim', async (code, message) => {
    const found = await ruleIds(code, 'src/sim/core/fixture.ts');
    expect(found.join('\n')).toMatch(message);
  });

  it('lets the same engine code through when it is pure', async () => {
    const found = await ruleIds(
      "import { createPrng } from './prng';\nexport const x = createPrng(1).float();\n",
      'src/sim/core/fixture.ts',
    );
    expect(found).toEqual([]);
  });

  it('keeps the lab and the real clients out of the page bundle', async () => {
    const lab = await ruleIds(
      "import { x } from '../../lab/record';\nexport const y = x;\n",
      'src/panels/replay/fixture.ts',
    );
    expect(lab.join('\n')).toMatch(/src\/lab is Node-only/);
    const redis = await ruleIds(
      "import Redis from 'ioredis';\nexport const y = Redis;\n",
      'src/panels/replay/fixture.ts',
    );
    expect(redis.join('\n')).toMatch(/Real clients belong to src\/lab/);
    const d3 = await ruleIds(
      "import * as d3 from 'd3';\nexport const y = d3;\n",
      'src/viz/fixture.ts',
    );
    expect(d3.join('\n')).toMatch(/never all of d3/);
  });
});
