// The two cards beside the replay's slider: the document and the lock as they stand at this step.
import type { WriteVerdict } from './cursor';
import type { ReplayState } from './replayState';
import { describeLockNow } from './describe';
import { howLost } from './verdictWords';

export function DocumentNow({
  state,
  after,
  storesFence,
}: {
  state: ReplayState;
  /** Whether this run's storage keeps a fence at all, which no fence yet does not tell. */
  storesFence: boolean;
  /** The stale write, once the cursor has passed it. */
  after: WriteVerdict | null;
}) {
  const { body, fence } = state.document;
  // After the stale write the card says what it did to the data, in colour and in words.
  const tone = after ? (after.accepted ? ' is-bad' : ' is-ok') : '';
  return (
    <section
      className={`replay-card replay-doc${tone}`}
      role="group"
      aria-labelledby="replay-doc-title"
    >
      <h3 id="replay-doc-title">The document now</h3>
      <dl>
        <div>
          <dt>body</dt>
          {/* The key restarts the highlight each time the body changes. */}
          <dd key={body} className="replay-changed">
            <code>{body}</code>
          </dd>
        </div>
        <div>
          <dt>fence</dt>
          <dd key={String(fence)} className="replay-changed">
            {/* The storage's row starts at fence 0 (schema.sql); the replay knows no fence until
                the first write answers, and shows that 0 until then. */}
            <code>{fence ?? 0}</code>
            {/* Said at every step: the page explains the fence only further down. */}
            <span className="replay-muted">
              {(fence ?? 0) > 0
                ? ' (the highest token it has taken)'
                : storesFence
                  ? ' (no token has written yet)'
                  : ' (never raised: this storage ignores tokens)'}
            </span>
          </dd>
        </div>
      </dl>
      {after && (
        <p className="replay-doc-note">
          {after.accepted
            ? `Corrupt: “${after.body}” came from a client ${howLost(after)}; “${after.bodyBefore}” is lost.`
            : `Kept: the stale “${after.body}” was refused.`}
        </p>
      )}
    </section>
  );
}

export function LockNow({
  state,
  serverRevokes,
  lockKind,
}: {
  state: ReplayState;
  serverRevokes: boolean;
  /** The lock the run used (`redlock`, …): it names what runs out. */
  lockKind: string;
}) {
  const text = describeLockNow(state, serverRevokes, lockKind);
  return (
    <section className="replay-card replay-lock" role="group" aria-labelledby="replay-lock-title">
      <h3 id="replay-lock-title">The lock now</h3>
      <p>{text.lock}</p>
      <p className={text.twoBelievers ? 'replay-two' : undefined}>{text.believers}</p>
    </section>
  );
}
