// The page runs the engine live (the replay's simulated runs, "try other numbers", Redlock's jump),
// and the tests and the CLI run it in Node. One seed must give one trace in both, byte for byte:
// a note formatted by the locale, or anything else that reads its surroundings, would break that.
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { expect, test } from '@playwright/test';
import { scenarios } from '../src/sim/scenarios/index';
import { simulate, type SimulateOptions } from '../src/sim/simulate';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SEEDS = 12;

/** Every scenario, variant and lock, on a few seeds each. */
function grid(): SimulateOptions[] {
  const runs: SimulateOptions[] = [];
  for (const s of scenarios)
    for (const variant of s.variants)
      for (const lock of s.locks)
        for (let seed = 1; seed <= SEEDS; seed++)
          runs.push({ scenario: s.name, variant, lock, seed });
  return runs;
}

test('the engine gives the same traces in the browser as in Node', async ({ page }) => {
  const bundle = await build({
    stdin: {
      contents: "export { simulate } from './src/sim/simulate';",
      resolveDir: ROOT,
      loader: 'ts',
    },
    bundle: true,
    write: false,
    format: 'iife',
    globalName: 'fencingEngine',
    target: 'es2022',
  });
  await page.addScriptTag({ content: bundle.outputFiles[0]!.text });

  const runs = grid();
  const inBrowser = await page.evaluate(
    (all) =>
      all.map((options) =>
        JSON.stringify(
          (
            globalThis as unknown as {
              fencingEngine: { simulate: (o: SimulateOptions) => unknown };
            }
          ).fencingEngine.simulate(options),
        ),
      ),
    runs,
  );
  const inNode = runs.map((options) => JSON.stringify(simulate(options)));

  expect(inBrowser).toHaveLength(runs.length);
  const differs = runs.filter((_, i) => inBrowser[i] !== inNode[i]);
  expect(
    differs.map((r) => `${r.scenario} ${r.variant} ${r.lock} seed ${r.seed}`),
    'runs whose browser trace differs from Node’s',
  ).toEqual([]);
  // The grid is what it says: every scenario, with traces of some length.
  expect(new Set(runs.map((r) => r.scenario)).size).toBe(scenarios.length);
  expect(inNode.every((json) => json.length > 200)).toBe(true);
});
