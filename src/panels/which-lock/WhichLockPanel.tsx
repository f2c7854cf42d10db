import { columnHelper, DataTable, Verdict, verdictRank } from '../table';
import {
  lockChoices,
  whichLockNotes,
  whichLockSayIt,
  type LockChoice,
} from '../../content/whichLock';
import { SayIt } from '../top';

const h = columnHelper<LockChoice>();

// Sorting on a verdict orders by how far you can trust it, not alphabetically by its wording.
const columns = h.columns([
  h.accessor('lock', {
    header: 'Lock',
    enableSorting: false,
    meta: { rowHeader: true },
    // Each name leads to the section that explains it: the table comes before any of them.
    cell: (info) => {
      const section = info.row.original.section;
      return section ? <a href={`#${section}`}>{info.getValue()}</a> : info.getValue();
    },
  }),
  h.accessor((row) => verdictRank[row.efficiency.level], {
    id: 'efficiency',
    header: 'For efficiency',
    sortDescFirst: true,
    cell: (info) => <Verdict {...info.row.original.efficiency} />,
  }),
  h.accessor((row) => verdictRank[row.correctness.level], {
    id: 'correctness',
    header: 'For correctness',
    sortDescFirst: true,
    cell: (info) => <Verdict {...info.row.original.correctness} />,
  }),
]);

export function WhichLockPanel() {
  return (
    <div>
      {/* What the two columns mean, before the table uses them: on a phone its rows are
          cards, and the notes after them would come a screenful or more too late. */}
      <ul className="notes">
        {whichLockNotes.map((n) => (
          <li key={n}>{n}</li>
        ))}
      </ul>
      <DataTable
        caption="Which lock is good for efficiency and which for correctness"
        columns={columns}
        data={lockChoices}
        getRowId={(row) => row.id}
      />
      <SayIt>{whichLockSayIt}</SayIt>
    </div>
  );
}
