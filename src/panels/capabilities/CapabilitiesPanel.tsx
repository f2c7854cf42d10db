import { columnHelper, DataTable } from '../table';
import { capabilities, capabilitiesSayIt, type Capability } from '../../content/capabilities';
import { SayIt } from '../top';

const h = columnHelper<Capability>();

const columns = h.columns([
  h.accessor('tool', { header: 'Tool', sortFn: 'text' }),
  h.accessor('capability', {
    header: 'Capability',
    sortFn: 'text',
    meta: { rowHeader: true },
    cell: (info) => <code className="inline-code">{info.getValue()}</code>,
  }),
  h.accessor('gives', {
    header: 'What it gives this design',
    enableSorting: false,
    cell: (info) =>
      info.row.original.limit ? (
        <span className="limit">
          <strong>Limit.</strong> {info.getValue()}
        </span>
      ) : (
        info.getValue()
      ),
  }),
  h.accessor('alsoUsedFor', { header: 'Also used for', enableSorting: false }),
]);

export function CapabilitiesPanel() {
  return (
    <div>
      <DataTable
        caption="Capabilities each tool brings"
        columns={columns}
        data={capabilities}
        getRowId={(r) => r.id}
      />
      <SayIt>{capabilitiesSayIt}</SayIt>
    </div>
  );
}
