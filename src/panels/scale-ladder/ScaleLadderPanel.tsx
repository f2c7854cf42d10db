import { useMemo } from 'react';
import { columnHelper, DataTable } from '../table';
import {
  ladder,
  ladderLabNote,
  ladderNote,
  ladderNotMeasured,
  ladderSayIt,
  type LadderStep,
} from '../../content/scaleLadder';
import { caseLabels } from '../../content/numbers';
import { caseRate, type CaseName, type NumbersLoad } from '../../content/numbersFile';
import { sayRate } from '../../content/say';
import { MachineNote, numbersLoad } from '../numbers';
import { SayIt } from '../top';
import { InlineText } from '../code/InlineText';

const h = columnHelper<LadderStep>();

// The ladder is read in order, bottom rung first, so it does not sort.
function ladderColumns(load: NumbersLoad) {
  return h.columns([
    h.accessor('step', {
      header: 'Step',
      enableSorting: false,
      meta: { rowHeader: true, nowrap: true },
      // Rows reflow into cards on a phone, where a bare number would not say what it counts.
      cell: (info) => `Step ${info.getValue()}`,
    }),
    h.accessor('add', { header: 'Add', enableSorting: false }),
    h.accessor('handles', {
      header: 'It handles',
      enableSorting: false,
      cell: (info) => {
        const name = info.row.original.labCase;
        const c =
          name && load.status === 'ok'
            ? load.numbers.cases.find((x) => x.name === name)
            : undefined;
        return (
          <>
            {/* A step with no benchmark case gives advice, not a laptop measurement. */}
            {name ? <span className="source-tag">Laptop</span> : null} {info.getValue()}
            {name && c ? (
              <span className="sub-line">
                <span className="source-tag source-tag-lab">This lab</span> {sayRate(caseRate(c))}{' '}
                {caseLabels[name].unit} ({caseLabels[name].short})
              </span>
            ) : null}
          </>
        );
      },
    }),
    h.accessor('moveUpWhen', { header: 'Move up when you see', enableSorting: false }),
  ]);
}

/** The lab's Redis-with-token and advisory-lock figures side by side, once it has both. */
function labNote(load: NumbersLoad): string | null {
  if (load.status !== 'ok') return null;
  const rate = (name: CaseName) => {
    const c = load.numbers.cases.find((x) => x.name === name);
    return c ? caseRate(c) : undefined;
  };
  const redis = rate('redis-token');
  const pg = rate('pg-advisory');
  if (redis === undefined || pg === undefined) return null;
  return ladderLabNote(load.numbers.environment.cpus, redis, pg);
}

export function ScaleLadderPanel({ load = numbersLoad }: { load?: NumbersLoad }) {
  // TanStack wants columns that keep their identity between renders.
  const columns = useMemo(() => ladderColumns(load), [load]);
  const lab = labNote(load);
  return (
    <div>
      <DataTable
        caption="Scale ladder: from a Postgres advisory lock to Redis Cluster"
        columns={columns}
        data={ladder}
        getRowId={(r) => String(r.step)}
      />
      {load.status === 'ok' ? (
        <MachineNote load={load} />
      ) : (
        <p className="fine-print">
          <InlineText>{ladderNotMeasured}</InlineText>
        </p>
      )}
      <p>
        {ladderNote}
        {lab ? ` ${lab}` : null}
      </p>
      <SayIt>{ladderSayIt}</SayIt>
    </div>
  );
}
