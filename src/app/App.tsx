import { startTransition, useEffect, useRef, useState, type RefObject } from 'react';
import { sections, type SectionInfo } from './sections';
import { Contents } from './Contents';
import { SectionBoundary } from './SectionBoundary';
import { panelLoaders } from './panels';
import { panelTurns } from './panelTurns';
import { useDeepLink } from './useDeepLink';
import { useKeepPlaceOnResize } from './useKeepPlaceOnResize';
import { TopPanel } from '../panels/top';
import { LinkNotice } from './LinkNotice';
import { relayOutOnPageChange, skippableOnceLaidOut } from './sectionSkipping';

/** The section's panel once it has had its turn (panelTurns.ts); until then a loading line. */
function PanelInTurn({
  info,
  section,
}: {
  info: SectionInfo;
  section: RefObject<HTMLElement | null>;
}) {
  const [turn, setTurn] = useState(() => panelTurns.turnOf(info.id));
  // A transition, so React renders the panel in slices and yields between them: a long panel's
  // render is not one long task.
  useEffect(() => {
    const follow = () => startTransition(() => setTurn(panelTurns.turnOf(info.id)));
    follow();
    return panelTurns.subscribe(follow);
  }, [info.id]);
  useEffect(() => {
    if (turn.status === 'waiting') return;
    panelTurns.committed(info.id);
    return skippableOnceLaidOut(section.current);
  }, [turn, info.id, section]);
  // Code that did not arrive is the section's error, shown by its boundary.
  if (turn.status === 'failed') throw turn.error;
  if (turn.status === 'waiting')
    return (
      <p className="panel-loading" role="status">
        Loading {info.title.toLowerCase()}…
      </p>
    );
  const { Panel } = turn;
  return <Panel />;
}

function Section({ info, index }: { info: SectionInfo; index: number }) {
  const ref = useRef<HTMLElement>(null);
  return (
    <section ref={ref} id={info.id} aria-labelledby={`${info.id}-title`} className="section">
      <header className="section-header">
        <h2 id={`${info.id}-title`}>
          <span className="section-number" aria-hidden="true">
            {index + 1}
          </span>
          <span className="section-title">{info.title}</span>
        </h2>
        <p className="kicker">{info.kicker}</p>
      </header>
      {info.id in panelLoaders ? (
        <SectionBoundary title={info.title}>
          <PanelInTurn info={info} section={ref} />
        </SectionBoundary>
      ) : null}
    </section>
  );
}

export function App() {
  useEffect(() => panelTurns.start(), []);
  useEffect(() => relayOutOnPageChange(), []);
  useDeepLink();
  useKeepPlaceOnResize();
  const [top, ...rest] = sections;
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to the page
      </a>
      <div className="layout">
        <Contents />
        <main id="main" className="page" tabIndex={-1}>
          {top ? (
            <section id={top.id} aria-labelledby={`${top.id}-title`} className="section hero">
              <p className="eyebrow">Fencing Lab</p>
              <h1 id={`${top.id}-title`}>{top.title}</h1>
              <LinkNotice />
              <TopPanel />
            </section>
          ) : null}
          {rest.map((info, i) => (
            <Section key={info.id} info={info} index={i + 1} />
          ))}
          <footer className="page-footer">
            <p>
              Every run on this page comes from one simulation engine or from recordings of real
              Redis, Postgres and etcd servers; the lock scripts shown are the files the lab runs.
            </p>
          </footer>
        </main>
      </div>
    </>
  );
}
