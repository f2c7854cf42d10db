// The page's top status (section 1): Not started, In progress or Done, and where progress is
// kept. Its own module, so the top of the page does not pull in the drill panel itself.
import { useStore } from 'zustand';
import { drillQuestions } from '../../content/drill';
import {
  pageDrillProgressStore,
  knownCount,
  overallStatus,
  type DrillProgressStore,
} from '../../state/drillProgress';
import type { StorageStatus } from '../../state/guardedStorage';
import './drill.css';

const total = drillQuestions.length;

/** Where progress goes, by the store's status: each says the real reason nothing is saved. */
const storageLine: Record<StorageStatus, string> = {
  saved: 'Saved in this browser only.',
  'session-only': 'Progress will not be kept: this browser does not let the page save it.',
  full: 'Your latest progress is not being saved: this browser’s storage for this site is full.',
  'newer-version':
    'Progress is not being saved: a newer version of this page saved progress in this browser, and this page keeps it untouched.',
};

/** The page's top status: where the reader stands, and where that is kept. */
export function ProgressStatus({
  store = pageDrillProgressStore(),
}: {
  store?: DrillProgressStore;
}) {
  const progress = useStore(store, (s) => s.progress);
  const predictions = useStore(store, (s) => s.predictions);
  const storage = useStore(store, (s) => s.storage);
  const notice = useStore(store, (s) => s.notice);
  const status = overallStatus({ progress, predictions });
  const known = knownCount({ progress });
  return (
    <div className="drill-status">
      <p className="drill-status-line">
        <span
          className={`drill-status-pill drill-status-${status.replace(' ', '-').toLowerCase()}`}
        >
          {status}
        </span>
        {status !== 'Not started' && (
          <span>
            {known} of {total} known
          </span>
        )}
        <a href="#drill">{status === 'Not started' ? 'Start the drill' : 'Go to the drill'}</a>
      </p>
      <p className="drill-status-storage">{storageLine[storage]}</p>
      {notice && <p className="drill-status-notice">{notice.message}</p>}
    </div>
  );
}
