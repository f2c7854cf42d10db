import { columnHelper, DataTable } from '../table';
import { failureCases, failureCasesIntro, type FailureCase } from '../../content/failureCases';
import { ReplayLink } from '../shared/ReplayLink';

const h = columnHelper<FailureCase>();

const columns = h.columns([
  h.accessor('event', { header: 'Event', sortFn: 'text', meta: { rowHeader: true } }),
  h.accessor('result', { header: 'Result', enableSorting: false }),
  h.accessor('whyRight', { header: 'Why the data stays right', enableSorting: false }),
  h.accessor('savedBy', {
    header: 'Saved by',
    sortFn: 'text',
    cell: (info) => <span className="tag">{info.getValue()}</span>,
  }),
  h.display({
    id: 'replay',
    header: 'Replay',
    meta: { label: '' },
    cell: (info) => {
      const row = info.row.original;
      return (
        <ReplayLink
          target={{ scenario: row.scenario, variant: row.variant }}
          // The visible words, then which case: the rows' links must not share one name.
          aria-label={`Show ${row.replayShows}: ${row.event}`}
        >
          Show {row.replayShows}
        </ReplayLink>
      );
    },
  }),
]);

export function FailureCasesPanel() {
  return (
    <div>
      <p>{failureCasesIntro}</p>
      <DataTable
        caption="Failure cases and what keeps the data right"
        columns={columns}
        data={failureCases}
        getRowId={(r) => r.id}
      />
    </div>
  );
}
