// "How this run was recorded": the machine and the server settings behind a real recording.
import type { Trace } from '../../sim/trace/schema';
import { settingWords } from './settingWords';

/**
 * Where and how a recording was made: the machine and the server settings that matter, each known
 * one with a sentence on what it does here (settingWords.ts); an unknown one stays a bare line.
 */
export function RecordingDetails({ trace }: { trace: Trace }) {
  const env = trace.environment;
  if (trace.backend === 'sim' || !env) return null;
  const machine = [
    env.node && `Node ${env.node}`,
    env.os,
    env.cpus !== undefined && `${env.cpus} CPUs`,
  ].filter(Boolean);
  const settings = Object.entries(env.settings ?? {}).map(([key, value]) => ({
    key,
    value,
    words: settingWords(key, value, trace),
  }));
  return (
    <details className="source-details replay-env">
      <summary>How this run was recorded</summary>
      <p>
        Real servers ({trace.backend}), wall-clock times
        {env.recordedAt ? `, ${env.recordedAt.replace('T', ' ').slice(0, 16)} UTC` : ''}
        {machine.length ? `, on ${machine.join(', ')}` : ''}.
      </p>
      {settings.length > 0 && (
        // Two columns while every line is a bare setting; sentences read better in one.
        <ul className={settings.some((s) => s.words) ? 'replay-env-explained' : undefined}>
          {settings.map(({ key, value, words }) => (
            <li key={key}>
              <code>{key}</code> = <code>{value === '' ? '""' : value}</code>
              {words && <>: {words}</>}
            </li>
          ))}
        </ul>
      )}
    </details>
  );
}
