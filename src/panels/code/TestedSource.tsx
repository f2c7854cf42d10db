import type { ReactNode } from 'react';
import { CodeBlock } from './CodeBlock';
import type { LockSource } from './lockSources';

/**
 * The tested files for one section, shown as they are. The note says where they come from,
 * because the point of showing them is that nothing was retyped between the lab and the page.
 */
export function TestedSource({ sources, extra }: { sources: LockSource[]; extra?: ReactNode }) {
  return (
    <div className="tested-source">
      <h3 className="subhead">The tested source</h3>
      <p className="source-note">
        <span className="badge">runs in the lab</span> These are the files in{' '}
        <code>src/locks/</code>, shown as they are. The lab runs exactly these against real Redis
        and Postgres servers; nothing here was copied or retyped.
      </p>
      {sources.map((s) => (
        <CodeBlock
          key={s.file}
          title={s.title}
          tag={`src/locks/${s.file}`}
          code={s.code}
          language={s.language}
        />
      ))}
      {extra}
    </div>
  );
}
