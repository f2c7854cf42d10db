import { columnHelper, DataTable, Verdict } from '../table';
import {
  consensusCapabilities,
  consensusNotes,
  consensusSayIt,
  type ConsensusCapability,
} from '../../content/consensus';
import { SayIt } from '../top';

const h = columnHelper<ConsensusCapability>();

// Five rows read top to bottom as an argument, so this table does not sort.
const columns = h.columns([
  h.accessor('capability', {
    header: 'Capability',
    enableSorting: false,
    meta: { rowHeader: true },
  }),
  h.accessor('gives', { header: 'What it gives', enableSorting: false }),
  h.accessor((row) => row.status.text, {
    id: 'status',
    header: 'Rely on it?',
    enableSorting: false,
    cell: (info) => <Verdict {...info.row.original.status} />,
  }),
]);

export function ConsensusPanel() {
  return (
    <div>
      <DataTable
        caption="What etcd and ZooKeeper give a lock"
        columns={columns}
        data={consensusCapabilities}
        getRowId={(r) => r.id}
      />
      <ul className="notes">
        {consensusNotes.map((n) => (
          <li key={n}>{n}</li>
        ))}
      </ul>
      <SayIt>{consensusSayIt}</SayIt>
    </div>
  );
}
