// The table printed at the end of a run: one row per case, aligned for a terminal.
import type { NumbersCase } from './numbers';

const num = (value: number | null | undefined, digits = 0): string =>
  value === null || value === undefined
    ? '—'
    : value.toLocaleString('en-US', {
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      });

export function formatTable(cases: readonly NumbersCase[]): string {
  const header = [
    'case',
    'per second',
    'wins/s',
    'p50 ms',
    'p99 ms',
    'ceiling/s',
    'ratio',
    'library/s',
    'lib ratio',
    'conns',
    'pipelined',
  ];
  const rows = cases.map((c) => [
    c.name,
    'pairsPerSecond' in c ? `${num(c.pairsPerSecond)} pairs` : `${num(c.triesPerSecond)} tries`,
    'winsPerSecond' in c ? num(c.winsPerSecond) : '',
    num(c.p50Ms, 2),
    num(c.p99Ms, 2),
    num(c.ceilingPerSecond),
    num(c.ratio, 2),
    // "21,000 ioredis": the version is in numbers.json and the progress output.
    c.library ? `${num(c.library.perSecond)} ${c.library.client.split(' ')[0]}` : '—',
    num(c.library?.ratio, 2),
    String(c.connections),
    c.pipelined ? 'yes' : 'no',
  ]);
  const widths = header.map((title, i) =>
    Math.max(title.length, ...rows.map((row) => row[i]!.length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!)))
      .join('  ');
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}
