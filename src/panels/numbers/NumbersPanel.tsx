import { useMemo } from 'react';
import { columnHelper, DataTable } from '../table';
import {
  caseRate,
  CASE_NAMES,
  type CaseName,
  type LibraryFigures,
  type NumbersCase,
  type NumbersLoad,
} from '../../content/numbersFile';
import {
  caseLabels,
  ceilingWork,
  fixedSayings,
  laptopFigures,
  laptopSetting,
  numbersChartTitle,
  sayEtcd,
  etcdFigureNote,
  sayHot,
  sayPostgres,
  sayRedis,
} from '../../content/numbers';
import { sayMs, sayNumber, sayRate, sayRatio } from '../../content/say';
import { BarChart } from './BarChart';
import type { ChartRow } from './chartLayout';
import { MachineNote } from './MachineNote';
import { numbersLoad } from './numbersSource';

interface CaseRow {
  id: CaseName;
  label: string;
  unit: string;
  laptop: number | undefined;
  laptopWins: number | undefined;
  lab: NumbersCase | undefined;
}

const h = columnHelper<CaseRow>();

/** "ioredis" from "ioredis 5.11.1": the version is in the legend and the note. */
const libraryName = (lib: LibraryFigures) => lib.client.split(' ')[0] ?? lib.client;
/** "ioredis: about 21,000", the library's figure under the lean client's. */
const libraryLine = (lib: LibraryFigures) => `${libraryName(lib)}: ${sayRate(lib.perSecond)}`;

/** "ioredis 5.11.1 and pg 8.23.1": the library clients the file has figures for. */
function libraryClients(cases: readonly NumbersCase[]): string[] {
  return [...new Set(cases.flatMap((c) => (c.library ? [c.library.client] : [])))];
}

// Rates sort as numbers, highest first on the first click; missing figures always go last.
const allColumns = h.columns([
  h.accessor('label', { header: 'Case', enableSorting: false, meta: { rowHeader: true } }),
  h.accessor('laptop', {
    header: 'Explainer’s laptop',
    sortDescFirst: true,
    sortUndefined: 'last',
    meta: { numeric: true },
    cell: (info) => {
      const row = info.row.original;
      if (row.laptop === undefined) return <span className="muted">not given</span>;
      const wins = row.laptopWins !== undefined ? `, ${sayNumber(row.laptopWins)} wins` : '';
      return (
        <>
          {sayRate(row.laptop)}
          <span className="sub">
            {row.unit}
            {wins}
          </span>
        </>
      );
    },
  }),
  h.accessor((row) => (row.lab ? caseRate(row.lab) : undefined), {
    id: 'lab',
    header: 'This lab',
    sortDescFirst: true,
    sortUndefined: 'last',
    meta: { numeric: true },
    cell: (info) => {
      const lab = info.row.original.lab;
      if (!lab) return <span className="muted">not measured</span>;
      const wins = lab.kind === 'tries' ? `, ${sayNumber(lab.winsPerSecond)} wins` : '';
      const lib = lab.library;
      return (
        <>
          {sayRate(caseRate(lab))}
          <span className="sub">
            {info.row.original.unit}
            {wins}
          </span>
          {lib ? (
            <span className="sub library-line">
              <span className="nowrap">{libraryLine(lib)}</span>
              {lib.winsPerSecond !== undefined ? (
                <>
                  , <span className="nowrap">{sayNumber(lib.winsPerSecond)} wins</span>
                </>
              ) : null}
            </span>
          ) : null}
        </>
      );
    },
  }),
  h.accessor((row) => row.lab?.p99Ms, {
    id: 'latency',
    header: 'p50 / p99',
    sortUndefined: 'last',
    meta: { numeric: true },
    cell: (info) => {
      const lab = info.row.original.lab;
      if (!lab) return <span className="muted">—</span>;
      return (
        <>
          {sayMs(lab.p50Ms)} / {sayMs(lab.p99Ms)}
          <span className="sub">
            {lab.connections} connection{lab.connections === 1 ? '' : 's'}
            {lab.pipelined ? ', pipelined' : ''}
          </span>
          {lab.library ? (
            // Whole, or in a cramped table broken only after the slash: "ioredis: 0.9 ms /" over "3 ms".
            <span className="sub library-line nowrap">
              <span className="nowrap">
                {libraryName(lab.library)}: {sayMs(lab.library.p50Ms)} /
              </span>{' '}
              <span className="nowrap">{sayMs(lab.library.p99Ms)}</span>
            </span>
          ) : null}
        </>
      );
    },
  }),
  h.accessor((row) => row.lab?.ratio ?? undefined, {
    id: 'ceiling',
    // Not "same work": on Redis the C tool's differs, and each figure says how.
    header: 'C tool',
    sortDescFirst: true,
    sortUndefined: 'last',
    meta: { numeric: true },
    cell: (info) => {
      const lab = info.row.original.lab;
      if (!lab) return <span className="muted">—</span>;
      if (lab.ceilingPerSecond === null)
        return (
          <>
            <span className="muted">none</span>
            {lab.ceilingNote ? <span className="sub">{lab.ceilingNote}</span> : null}
          </>
        );
      return (
        <>
          {sayNumber(lab.ceilingPerSecond)}
          <span className="sub ceiling-work">{ceilingWork[lab.name]}</span>
          {lab.ratio !== null ? (
            <span className="sub">lab reaches {sayRatio(lab.ratio)}</span>
          ) : null}
          {lab.library?.ratio != null ? (
            // Whole, or in a cramped table broken between words.
            <span className="sub library-line nowrap">
              {libraryName(lab.library)} reaches {sayRatio(lab.library.ratio)}
            </span>
          ) : null}
        </>
      );
    },
  }),
]);

function caseRows(load: NumbersLoad): CaseRow[] {
  const lab = load.status === 'ok' ? load.numbers.cases : [];
  return CASE_NAMES.filter((name) => laptopFigures[name] || lab.some((c) => c.name === name)).map(
    (name) => ({
      id: name,
      label: caseLabels[name].short,
      unit: caseLabels[name].unit,
      laptop: laptopFigures[name]?.rate,
      laptopWins: laptopFigures[name]?.wins,
      lab: lab.find((c) => c.name === name),
    }),
  );
}

function chartRows(load: NumbersLoad): ChartRow[] {
  if (load.status === 'ok')
    return load.numbers.cases.map((c) => ({
      id: c.name,
      label: caseLabels[c.name].short,
      value: caseRate(c),
      ceiling: c.ceilingPerSecond,
      ...(c.kind === 'tries' ? { inner: c.winsPerSecond } : {}),
      ...(c.library
        ? {
            library: {
              value: c.library.perSecond,
              label: `${libraryName(c.library)}: ${sayNumber(c.library.perSecond)}`,
            },
          }
        : {}),
    }));
  return CASE_NAMES.flatMap((name) => {
    const f = laptopFigures[name];
    return f
      ? [
          {
            id: name,
            label: caseLabels[name].short,
            value: f.rate,
            ceiling: null,
            ...(f.wins ? { inner: f.wins } : {}),
          },
        ]
      : [];
  });
}

interface Spoken {
  topic: string;
  laptop: string;
  lab?: string;
}

function spokenLines(load: NumbersLoad): Spoken[] {
  const lab = load.status === 'ok' ? load.numbers.cases : [];
  const rate = (name: CaseName) => {
    const c = lab.find((x) => x.name === name);
    return c ? caseRate(c) : undefined;
  };
  const hot = lab.find((c) => c.name === 'redis-hot');
  const laptop = (name: CaseName) => laptopFigures[name]?.rate ?? 0;
  const both = <T,>(a: T | undefined, b: T | undefined) =>
    a !== undefined && b !== undefined ? ([a, b] as const) : undefined;
  const redis = both(rate('redis-plain'), rate('redis-token'));
  const pg = both(rate('pg-advisory'), rate('pg-lease'));
  const etcd = rate('etcd-lease');
  const lines: Spoken[] = [
    {
      topic: 'Redis',
      laptop: sayRedis(sayRate(laptop('redis-plain')), sayNumber(laptop('redis-token'))),
      ...(redis ? { lab: sayRedis(sayRate(redis[0]), sayNumber(redis[1])) } : {}),
    },
    {
      topic: 'Hot lock',
      laptop: sayHot(
        sayRate(laptop('redis-hot')),
        sayNumber(laptopFigures['redis-hot']?.wins ?? 0),
      ),
      ...(hot?.kind === 'tries'
        ? { lab: sayHot(sayRate(hot.triesPerSecond), sayNumber(hot.winsPerSecond)) }
        : {}),
    },
    {
      topic: 'Postgres',
      laptop: sayPostgres(sayRate(laptop('pg-advisory')), sayNumber(laptop('pg-lease'))),
      ...(pg ? { lab: sayPostgres(sayRate(pg[0]), sayNumber(pg[1])) } : {}),
    },
  ];
  if (etcd !== undefined)
    lines.push({
      topic: 'etcd',
      laptop: 'Not measured on the laptop.',
      lab: sayEtcd(sayRate(etcd)),
    });
  return lines;
}

/** Section 15: the figures to quote, the laptop's beside this lab's, with where each came from. */
export function NumbersPanel({ load = numbersLoad }: { load?: NumbersLoad }) {
  const measured = load.status === 'ok';
  const rows = useMemo(() => caseRows(load), [load]);
  const ceilingNotes = load.status === 'ok' ? load.numbers.cases.filter((c) => c.ceilingNote) : [];
  const libraries = load.status === 'ok' ? libraryClients(load.numbers.cases) : [];
  const etcdMeasured =
    load.status === 'ok' && load.numbers.cases.some((c) => c.name === 'etcd-lease');
  return (
    <div>
      <MachineNote load={load} />
      <dl className="say-list">
        {spokenLines(load).map((line) => (
          <div key={line.topic} className="say-row">
            <dt>{line.topic}</dt>
            <dd>
              <p>
                <span className="source-tag">Laptop</span> {line.laptop}
              </p>
              {line.lab ? (
                <p>
                  <span className="source-tag source-tag-lab">This lab</span> {line.lab}
                </p>
              ) : null}
            </dd>
          </div>
        ))}
        {fixedSayings.map((line) => (
          <div key={line.topic} className="say-row">
            <dt>{line.topic}</dt>
            <dd>
              <p>{line.text}</p>
            </dd>
          </div>
        ))}
      </dl>
      {/* Side by side only means something once there is a second column to compare. */}
      {measured ? (
        <>
          <h3 className="subhead">Every case, side by side</h3>
          <DataTable
            caption="Benchmark cases: the explainer’s laptop and this lab"
            columns={allColumns}
            reflow="wide"
            data={rows}
            getRowId={(r) => r.id}
          />
          {libraries.length > 0 ? (
            <p className="fine-print library-note">
              “This lab” is the bench’s lean Node client (a few hundred lines on{' '}
              <code>node:net</code>, built so the client is not the bottleneck). The lines naming{' '}
              {libraries.map((l) => l.split(' ')[0]).join(' or ')} are the same work, in the same
              run and beside the same C tool, through {libraries.join(' and ')}, the clients the lab
              itself uses: one connection per client, each call awaited, no pipelining. That is what
              you get with those libraries on this machine.
            </p>
          ) : null}
          {etcdMeasured ? <p className="fine-print etcd-note">{etcdFigureNote}</p> : null}
        </>
      ) : null}
      {ceilingNotes.length > 0 ? (
        <details className="disclosure">
          <summary>
            How the C tools were measured (a reference, not a ceiling: the lab can beat it)
          </summary>
          <ul>
            {ceilingNotes.map((c) => (
              <li key={c.name}>
                <strong>{caseLabels[c.name].short}:</strong> {c.ceilingNote}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      <BarChart
        title={measured ? numbersChartTitle : 'The explainer’s laptop figures per case'}
        rows={chartRows(load)}
        unitFor={(row) => caseLabels[row.id as CaseName].unit}
        valueLegend={
          measured
            ? libraries.length > 0
              ? 'this lab, lean Node client'
              : 'measured by this lab from Node'
            : 'the explainer’s laptop'
        }
        libraryLegend={`same work via ${libraries.join(' / ')}`}
      />
      <p className="fine-print">{laptopSetting}</p>
    </div>
  );
}
