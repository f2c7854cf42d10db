// `npm run sim -- --scenario NAME --variant VARIANT --seed N [--lock KIND] [--param k=v]`:
// one simulated run, its trace as JSON on stdout; with `--check`, what came of it in sentences
// instead, and with `--seeds N --check` the tally over N seeds from --seed on. `--check --trace
// FILE` says the same of a trace already written (a recording from real servers, or a saved run).
// `--list` names every scenario with its variants, locks and parameters.
import { scenarios } from '../../sim/scenarios/index';
import { prepareRun, UnknownNameError } from '../../sim/simulate';
import { fromCaller } from '../paths';
import { checkReport, sweepReport } from './checkReport';
import { readTraceFile } from './readTraceFile';
import { BadSimArgsError, parseSimArgs, SIM_USAGE, type SimPlan } from './simArgs';

function fail(message: string): never {
  // One line, whatever it quotes: a file's JSON error can hold a piece of the file, line breaks too.
  process.stderr.write(`sim: ${message.replace(/\s*[\r\n]+\s*/g, ' ')}\n${SIM_USAGE}\n`);
  process.exit(2);
}

function readArgs(argv: string[]): SimPlan {
  try {
    return parseSimArgs(argv);
  } catch (e) {
    if (e instanceof BadSimArgsError) fail(e.message);
    throw e;
  }
}

const plan = readArgs(process.argv.slice(2));
if (plan.kind === 'help') {
  process.stdout.write(`${SIM_USAGE}\n`);
  process.exit(0);
}
if (plan.kind === 'list') {
  const rows = scenarios.map((s) => ({
    name: s.name,
    variants: s.variants.join(', '),
    locks: s.locks.join(', '),
    params: Object.entries(s.defaults)
      .map(([name, ms]) => `${name}=${ms}`)
      .join(' '),
  }));
  // Each column one space wider than its longest entry: fixed widths let a scenario on three
  // locks push its own line's parameters out of line with the rest.
  const width = (column: 'name' | 'variants' | 'locks') =>
    1 + Math.max(...rows.map((r) => r[column].length));
  const [nameWidth, variantsWidth, locksWidth] = [width('name'), width('variants'), width('locks')];
  for (const r of rows)
    process.stdout.write(
      `${r.name.padEnd(nameWidth)} variants: ${r.variants.padEnd(variantsWidth)} ` +
        `locks: ${r.locks.padEnd(locksWidth)} params: ${r.params}\n`,
    );
  process.exit(0);
}
if (plan.kind === 'check-trace') {
  process.stdout.write(checkReport(readTraceFile(fromCaller(plan.trace), plan.trace, fail)));
  process.exit(0);
}
try {
  const prepared = prepareRun({
    scenario: plan.scenario,
    variant: plan.variant,
    params: plan.params,
    ...(plan.lock ? { lock: plan.lock } : {}),
  });
  const first = plan.seed ?? 1;
  if (plan.seeds !== undefined) {
    process.stdout.write(sweepReport(prepared, first, plan.seeds));
  } else {
    const { trace } = prepared.run(first);
    process.stdout.write(plan.check ? checkReport(trace) : `${JSON.stringify(trace, null, 2)}\n`);
  }
} catch (e) {
  if (e instanceof UnknownNameError) fail(e.message);
  throw e;
}
