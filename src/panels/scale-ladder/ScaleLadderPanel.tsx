import { columnHelper, DataTable } from '../table';
import { ladder, ladderNote, ladderSayIt, type LadderStep } from '../../content/scaleLadder';
import { caseLabels } from '../../content/numbers';
import { caseRate, type NumbersLoad } from '../../content/numbersFile';
import { sayRate } from '../../content/say';
import { MachineNote, numbersLoad } from '../numbers';
import { SayIt } from '../top';

const h = columnHelper<LadderStep>();

// The ladder is read in order, bottom rung first, so it does not sort.
function ladderColumns(load: NumbersLoad) {
  return h.columns([
    h.accessor('step', { header: 'Step', enableSorting: false, meta: { rowHeader: true } }),
    h.accessor('add', { header: 'Add', enableSorting: false }),
    h.accessor('handles', { header: 'It handles (explainer’s laptop)', enableSorting: false }),
    h.accessor((row) => row.labCase, {
      id: 'lab',
      header: 'Measured by this lab',
      enableSorting: false,
      cell: (info) => {
        const name = info.row.original.labCase;
        if (!name) return <span className="muted">no single figure</span>;
        if (load.status !== 'ok') return <span className="muted">not measured yet</span>;
        const c = load.numbers.cases.find((x) => x.name === name);
        if (!c) return <span className="muted">not in this run</span>;
        return (
          <>
            {sayRate(caseRate(c))} {caseLabels[name].unit}
            <span className="sub">{caseLabels[name].short}</span>
          </>
        );
      },
    }),
    h.accessor('moveUpWhen', { header: 'Move up when you see', enableSorting: false }),
  ]);
}

export function ScaleLadderPanel({ load = numbersLoad }: { load?: NumbersLoad }) {
  return (
    <div>
      <DataTable
        caption="Scale ladder: from a Postgres advisory lock to Redis Cluster"
        columns={ladderColumns(load)}
        data={ladder}
        getRowId={(r) => String(r.step)}
      />
      {load.status === 'ok' ? <MachineNote load={load} /> : null}
      <p>{ladderNote}</p>
      <SayIt>{ladderSayIt}</SayIt>
    </div>
  );
}
