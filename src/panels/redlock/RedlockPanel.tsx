// "Redlock and its critique": the engine replays Kleppmann's two cases on 5 simulated Redis
// nodes. Each node row shows whose key it holds over time; the moment a second client gets a
// majority while the first still believes it holds the lock is marked.
import { useEffect, useMemo, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { ReplayCursor } from '../replay/cursor';
import { actorName } from '../../content/actorWords';
import { describeEvent, describeSource } from '../replay/describe';
import { resolveRun } from '../replay/runs';
import { currentSearch, replaceSearch } from '../../state/urlParams';
import { isPlainClick, ReplayLink } from '../shared/ReplayLink';
import { onHistoryTraversal } from '../../state/historyMoves';
import { IconStepBack, IconStepForward } from '../shared/icons';
import { MsSlider } from '../shared/MsSlider';
import { ownersAt, redlockModel } from '../../viz/redlock';
import { fmt } from '../../viz/timeline';
import { redlockDebate, redlockNotes, redlockSayIt, redlockVerdict } from '../../content/redlock';
import { SayIt } from '../top';
import { ASSUMPTIONS, REDLOCK_RUNS } from './assumptions';
import { clockJumpSetup, noSecondMajority } from './clockJump';
import { noOverlapAfterPause } from './gcPause';
import type { SizedRun } from './sizedRun';
import { runSearch } from './runChoice';
import { stepSearch } from './stepInUrl';
import { readLink, redlockRun, RUN_NAMES, SIZED_RUNS, type RunName } from './readLink';
import { twoHoldersSentence } from './story';
import { closeCallSentence } from '../shared/nearOutcomeChange';
import { useSettled } from '../shared/useSettled';
import '../shared/tokens.css';
import './redlock.css';
import { actorClass } from './actorClass';
import { RedlockChart } from './RedlockChart';

/** Each run's one parameter the reader can set, its slider's name, and the word for it. */
const SIZED: Record<RunName, { sized: SizedRun; label: string; noun: string }> = {
  'redlock-clock-jump': {
    sized: SIZED_RUNS['redlock-clock-jump'],
    label: 'Clock jump on redis-3',
    noun: 'jump',
  },
  'redlock-gc-pause': {
    sized: SIZED_RUNS['redlock-gc-pause'],
    label: 'Client 1’s GC pause',
    noun: 'pause',
  },
};

export function RedlockPanel() {
  // The reader's own sizes, once they move a slider or open a link with one; until then, the
  // recorded stories'.
  const [fromLink] = useState(() => readLink(window.location.search));
  const [which, setWhich] = useState<RunName>(fromLink.which);
  const [runProblem, setRunProblem] = useState(fromLink.runProblem);
  const [stepByRun, setStepByRun] = useState<Record<string, number>>(fromLink.stepByRun);
  // The linked step's notice (not a step number, or past the run's end) lasts until the reader
  // moves: then the figure is theirs.
  const [stepNotice, setStepNotice] = useState(fromLink.stepProblem);
  // True while the notices show what the link the page was opened with said: the notice under the
  // page's title (app/LinkNotice.tsx) announces that, so here it is shown, not announced again.
  // Another run's notice, or an entry Back or Forward goes to, is this panel's own to announce.
  const [asOpened, setAsOpened] = useState(true);
  const choose = (r: RunName) => {
    setWhich(r);
    if (r !== which) setAsOpened(false);
    setRunProblem(null);
    setStepNotice(null);
    replaceSearch(stepSearch(runSearch(currentSearch(), r), stepByRun[r] ?? null));
  };
  const runsRef = useRef<HTMLDivElement>(null);
  const recordingLinkRef = useRef<HTMLAnchorElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  /**
   * From the assumptions table below the figure: the figure changes out of view, so bring it into
   * view and put the keyboard on the run it now shows, as the failure cases' links do with the
   * replay.
   */
  const chooseAndShow = (r: RunName) => {
    choose(r);
    requestAnimationFrame(() => {
      runsRef.current?.scrollIntoView({ block: 'start' });
      runsRef.current?.querySelector<HTMLElement>('[aria-pressed="true"]')?.focus({
        preventScroll: true,
      });
    });
  };
  /** The reader's size goes, and its button with it: the focus goes to what takes its place. */
  const backToRecorded = () => {
    setOwnMs(null);
    requestAnimationFrame(() =>
      (
        recordingLinkRef.current ??
        panelRef.current?.querySelector<HTMLElement>('.rl-jump-slider input')
      )?.focus(),
    );
  };
  const [ownMsByRun, setOwnMsByRun] = useState(fromLink.ownMsByRun);
  const [linkProblem, setLinkProblem] = useState(fromLink.linkProblem);
  // Back or Forward: the run, sizes and step that entry's URL names, unless the figure already
  // shows them (then the reader's place in the other run stays too). The notices always follow
  // the entry: a bad value opens the same figure as no value, so two entries can differ in their
  // notices alone. Those the entry says anew are announced; the same words stay as they are.
  const shownNow = () => ({
    which,
    ownMsByRun,
    step: stepByRun[which] ?? null,
    notices: [runProblem, linkProblem[which], stepNotice],
  });
  const shownRef = useRef(shownNow());
  useEffect(() => {
    shownRef.current = shownNow();
  });
  useEffect(
    () =>
      onHistoryTraversal(() => {
        const link = readLink(currentSearch());
        const now = shownRef.current;
        const notices = [link.runProblem, link.linkProblem[link.which], link.stepProblem];
        if (notices.some((text, i) => text !== null && text !== now.notices[i])) setAsOpened(false);
        setRunProblem(link.runProblem);
        setLinkProblem(link.linkProblem);
        setStepNotice(link.stepProblem);
        const sameFigure =
          link.which === now.which &&
          (link.stepByRun[link.which] ?? null) === now.step &&
          RUN_NAMES.every((r) => link.ownMsByRun[r] === now.ownMsByRun[r]);
        if (sameFigure) return;
        setWhich(link.which);
        setStepByRun(link.stepByRun);
        setOwnMsByRun(link.ownMsByRun);
      }),
    [],
  );
  const { sized, label, noun } = SIZED[which];
  const ownMs = ownMsByRun[which];
  const setOwnMs = (ms: number | null) => {
    setOwnMsByRun((m) => ({ ...m, [which]: ms }));
    setLinkProblem((m) => ({ ...m, [which]: null }));
    // A new run: it opens at its own moment of two holders, if it has one.
    setStepByRun(({ [which]: _dropped, ...others }) => others);
    setStepNotice(null);
    replaceSearch(stepSearch(sized.search(currentSearch(), ms), null));
  };
  const run = useMemo(() => redlockRun(which, ownMs), [which, ownMs]);
  const recorded = useMemo(
    () =>
      resolveRun({ scenario: which, variant: 'default', lock: 'redlock' }).option.recording?.trace,
    [which],
  );
  const trace = run.trace;
  const closeCall = useMemo(() => sized.closeCall(ownMs ?? sized.recordedMs), [sized, ownMs]);
  const model = useMemo(() => (trace ? redlockModel(trace) : null), [trace]);
  const cursor = useMemo(() => (trace ? new ReplayCursor(trace) : null), [trace]);
  // Open each run at the moment of two holders, on the event that made them: that is the point
  // of the figure. Not on the last event of that ms, which in the GC pause is client 2's write.
  const defaultStep = useMemo(() => {
    if (!cursor || !model?.twoHolders) return cursor?.length ?? 0;
    return cursor.stepOfFirstEventAt(model.twoHolders.atMs);
  }, [cursor, model]);
  const step = cursor ? cursor.clamp(stepByRun[which] ?? defaultStep) : 0;
  const setStep = (s: number) => {
    const clamped = cursor ? cursor.clamp(s) : 0;
    setStepByRun((m) => ({ ...m, [which]: clamped }));
    setStepNotice(null);
    replaceSearch(stepSearch(currentSearch(), clamped));
  };

  // The outcome in a few words, for a screen reader. The sentence under the chart changes as the
  // slider moves but is no live region (a long sentence on every arrow press would drown the
  // caption's event), so a reader who sized the jump or the pause was never told whether two
  // clients now hold the lock. Said once the slider comes to rest, and only when it changed.
  const outcomeWords = !model
    ? ''
    : model.twoHolders
      ? `With this ${noun}: two holders, from ${fmt(model.twoHolders.atMs)}.`
      : `With this ${noun}: no two holders.`;
  const settledOutcome = useSettled(outcomeWords, 500);
  const [spokenOutcome, setSpokenOutcome] = useState('');
  const lastOutcome = useRef(settledOutcome);
  useEffect(() => {
    if (settledOutcome === lastOutcome.current) return;
    lastOutcome.current = settledOutcome;
    setSpokenOutcome(settledOutcome);
  }, [settledOutcome]);

  if (!trace || !model || !cursor) {
    return (
      <div className="fl-panel rl">
        <p role="alert">
          The engine could not run {which}: {run.error ?? 'no trace'}.
        </p>
      </div>
    );
  }
  const event = cursor.eventAt(step);
  const nowMs = event ? event.t : 0;
  const owners = ownersAt(model, nowMs);
  const twoNow = model.twoHolders !== null && nowMs >= model.twoHolders.atMs;

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const tag = (e.target as HTMLElement).tagName;
    if (tag === 'INPUT' || tag === 'SELECT') return;
    if (e.key === 'ArrowRight') setStep(step + 1);
    else if (e.key === 'ArrowLeft') setStep(step - 1);
    else return;
    e.preventDefault();
  };

  return (
    <div>
      <ul className="notes">
        {redlockNotes.map((n) => (
          <li key={n}>{n}</li>
        ))}
      </ul>
      <div className="fl-panel rl" onKeyDown={onKeyDown} ref={panelRef}>
        <div className="rl-runs" role="group" aria-label="Which failure to replay" ref={runsRef}>
          {REDLOCK_RUNS.map((r) => (
            <button
              key={r.scenario}
              type="button"
              className="fl-button"
              aria-pressed={which === r.scenario}
              onClick={() => choose(r.scenario)}
            >
              {r.label}
            </button>
          ))}
        </div>
        {which === 'redlock-clock-jump' && typeof trace.params.ttlMs === 'number' && (
          <p className="rl-setup">{clockJumpSetup(trace.params.ttlMs)}</p>
        )}
        {runProblem && (
          <p className="fl-link-notice rl-notice" role={asOpened ? undefined : 'status'}>
            {runProblem}
          </p>
        )}
        <MsSlider
          key={which}
          className="rl-jump-slider"
          label={label}
          range={sized.range}
          value={ownMs ?? sized.recordedMs}
          onChange={setOwnMs}
        />
        {linkProblem[which] && (
          <p className="fl-link-notice rl-notice" role={asOpened ? undefined : 'status'}>
            {linkProblem[which]}
          </p>
        )}
        <p className="rl-source">
          Simulated in your browser on 5 model Redis nodes, each expiring keys by its own clock,
          with a fixed seed ({trace.seed ?? 1}).
          {ownMs !== null && ownMs !== sized.recordedMs ? (
            <>
              {' '}
              The lab recorded the {sized.recordedMs} ms {noun}; this one is the simulator’s alone.{' '}
              <button type="button" className="fl-link-button" onClick={backToRecorded}>
                Back to {sized.recordedMs} ms
              </button>
            </>
          ) : (
            recorded && (
              <>
                {' '}
                The lab ran the same story on 5 real Redis servers ({describeSource(
                  recorded,
                )}).{' '}
                <ReplayLink
                  ref={recordingLinkRef}
                  target={{ scenario: which, variant: 'default', lock: 'redlock' }}
                >
                  Step through that recording in the replay
                </ReplayLink>
              </>
            )
          )}
        </p>

        <div className="rl-nodes" role="list" aria-label={`Who holds the key at ${fmt(nowMs)}`}>
          {model.nodes.map((n) => (
            <div key={n} role="listitem" className={`rl-node ${actorClass(owners[n] ?? null)}`}>
              <span className="rl-node-dot" aria-hidden="true" />
              <span className="rl-node-name">{n}</span>
              <span className="rl-node-owner">{owners[n] ? actorName(owners[n]) : 'free'}</span>
            </div>
          ))}
        </div>

        <RedlockChart model={model} nowMs={nowMs} />

        <div className="rl-controls">
          <button
            type="button"
            className="fl-button"
            aria-label="Previous event"
            // aria-disabled, not disabled: a disabled button drops the keyboard's focus.
            onClick={() => step > 0 && setStep(step - 1)}
            aria-disabled={step === 0}
          >
            <IconStepBack />
          </button>
          <input
            type="range"
            min={0}
            max={cursor.length}
            value={step}
            aria-label="Redlock replay position"
            aria-valuetext={`Event ${step} of ${cursor.length}, ${fmt(nowMs)}`}
            onChange={(e) => setStep(Number(e.target.value))}
          />
          <button
            type="button"
            className="fl-button"
            aria-label="Next event"
            onClick={() => step < cursor.length && setStep(step + 1)}
            aria-disabled={step >= cursor.length}
          >
            <IconStepForward />
          </button>
        </div>
        <p className="rl-keys">Keys: ← → step through the events.</p>
        {stepNotice && (
          <p className="fl-link-notice rl-notice" role={asOpened ? undefined : 'status'}>
            {stepNotice}
          </p>
        )}
        <p className="rl-caption" aria-live="polite">
          <span className="rl-t">{fmt(nowMs)}</span>{' '}
          {event
            ? describeEvent(event, cursor.verdict(step - 1), 'redlock', cursor.note(step - 1))
            : 'Before the first event.'}
        </p>
        {/* In the page from the start, empty: a live region that comes in already filled is not
            read by many screen readers. */}
        <p className="fl-visually-hidden" aria-live="polite">
          {spokenOutcome}
        </p>
        {model.twoHolders || ownMs === null ? (
          <p className={`rl-two${twoNow ? ' is-now' : ''}`}>
            <strong>Two holders.</strong> {twoHoldersSentence(model)}
            {closeCall && ` ${closeCallSentence(closeCall)}`}
          </p>
        ) : (
          <p className="rl-two is-none">
            <strong>No two holders.</strong>{' '}
            {which === 'redlock-clock-jump'
              ? noSecondMajority(ownMs, trace)
              : noOverlapAfterPause(trace)}
            {closeCall && ` ${closeCallSentence(closeCall)}`}
          </p>
        )}

        {/* The page's table (.data-table in app.css): in a narrow box each row is a card whose
            cells carry their column's name, as in every other section. */}
        <div className="table-wrap rl-table-wrap">
          <table className="data-table rl-table">
            <caption className="table-caption">What Redlock assumes, and what breaks it</caption>
            <thead>
              <tr>
                <th scope="col">Redlock assumes</th>
                <th scope="col">What breaks it</th>
                <th scope="col">Result</th>
              </tr>
            </thead>
            <tbody>
              {ASSUMPTIONS.map((a) => (
                <tr key={a.assumes} className={a.run === which ? 'is-shown' : undefined}>
                  <th scope="row">{a.assumes}</th>
                  <td data-label="What breaks it">{a.breaks}</td>
                  <td data-label="Result">
                    {a.result}
                    {a.run && (
                      <>
                        {' '}
                        <a
                          className="fl-link-button"
                          // A real link (a new tab, a copied address open the figure on this
                          // run); a plain click shows it in place.
                          href={`${runSearch('', a.run)}#redlock`}
                          onClick={(event) => {
                            if (!isPlainClick(event)) return;
                            event.preventDefault();
                            chooseAndShow(a.run as RunName);
                          }}
                          // The name starts with the visible words, then says which failure.
                          aria-label={`${a.run === which ? 'Shown above' : 'Replay it'}: ${a.breaks}`}
                        >
                          {a.run === which ? 'shown above' : 'replay it'}
                        </a>
                      </>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className="rl-verdict">{redlockVerdict}</p>
      </div>
      <ul className="notes">
        {redlockDebate.map((n) => (
          <li key={n}>{n}</li>
        ))}
      </ul>
      <SayIt>{redlockSayIt}</SayIt>
    </div>
  );
}
