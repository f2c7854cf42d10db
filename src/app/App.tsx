import type { ComponentType } from 'react';
import { sections, type SectionInfo } from './sections';
import { Contents } from './Contents';
import { TopPanel } from '../panels/top';
import { PausedClientPanel } from '../panels/paused-client';
import { WhichLockPanel } from '../panels/which-lock';
import { ReplayPanel } from '../panels/replay';
import { FencedPathPanel } from '../panels/fenced-path';
import { CapabilitiesPanel } from '../panels/capabilities';
import { RedisLockPanel } from '../panels/redis-lock';
import { FencingStoragePanel } from '../panels/fencing-storage';
import { RedlockPanel } from '../panels/redlock';
import { ConsensusPanel } from '../panels/consensus';
import { PostgresLocksPanel } from '../panels/postgres-locks';
import { FailureCasesPanel } from '../panels/failure-cases';
import { ScaleLadderPanel } from '../panels/scale-ladder';
import { DrillPanel } from '../panels/drill';
import { NumbersPanel } from '../panels/numbers';

// Which panel fills which section. The shell owns each section's heading, so every panel
// lands under the same kind of title whoever built it.
const panels: Record<string, ComponentType> = {
  'paused-client': PausedClientPanel,
  'which-lock': WhichLockPanel,
  'see-it': ReplayPanel,
  'fenced-path': FencedPathPanel,
  capabilities: CapabilitiesPanel,
  'redis-lock': RedisLockPanel,
  'fencing-storage': FencingStoragePanel,
  redlock: RedlockPanel,
  consensus: ConsensusPanel,
  'postgres-locks': PostgresLocksPanel,
  'failure-cases': FailureCasesPanel,
  'scale-ladder': ScaleLadderPanel,
  drill: DrillPanel,
  numbers: NumbersPanel,
};

function Section({ info, index }: { info: SectionInfo; index: number }) {
  const Panel = panels[info.id];
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
      {Panel ? <Panel /> : null}
    </section>
  );
}

export function App() {
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
