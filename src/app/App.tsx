import { Suspense } from 'react';
import { sections, type SectionInfo } from './sections';
import { Contents } from './Contents';
import { SectionBoundary } from './SectionBoundary';
import { lazyPanels } from './panels';
import { useDeepLink } from './useDeepLink';
import { TopPanel } from '../panels/top';

function Section({ info, index }: { info: SectionInfo; index: number }) {
  const Panel = lazyPanels[info.id];
  return (
    <section id={info.id} aria-labelledby={`${info.id}-title`} className="section">
      <header className="section-header">
        <h2 id={`${info.id}-title`}>
          <span className="section-number" aria-hidden="true">
            {index + 1}
          </span>
          {info.title}
        </h2>
        <p className="kicker">{info.kicker}</p>
      </header>
      {Panel ? (
        <SectionBoundary title={info.title}>
          <Suspense
            fallback={
              <p className="panel-loading" role="status">
                Loading {info.title.toLowerCase()}…
              </p>
            }
          >
            <Panel />
          </Suspense>
        </SectionBoundary>
      ) : null}
    </section>
  );
}

export function App() {
  useDeepLink();
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
