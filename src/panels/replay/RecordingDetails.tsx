// "How this run was recorded": the machine and the server settings behind a real recording.
import type { Trace } from '../../sim/trace/schema';

/** Where and how a recording was made: the machine and the server settings that matter. */
export function RecordingDetails({ trace }: { trace: Trace }) {
  const env = trace.environment;
  if (trace.backend === 'sim' || !env) return null;
  const machine = [
    env.node && `Node ${env.node}`,
    env.os,
    env.cpus !== undefined && `${env.cpus} CPUs`,
  ].filter(Boolean);
  const settings = Object.entries(env.settings ?? {});
  return (
    <details className="replay-env">
      <summary>How this run was recorded</summary>
      <p>
        Real servers ({trace.backend}), wall-clock times
        {env.recordedAt ? `, ${env.recordedAt.replace('T', ' ').slice(0, 16)} UTC` : ''}
        {machine.length ? `, on ${machine.join(', ')}` : ''}.
      </p>
      {settings.length > 0 && (
        <ul>
          {settings.map(([k, v]) => (
            <li key={k}>
              <code>{k}</code> = <code>{v === '' ? '""' : v}</code>
            </li>
          ))}
        </ul>
      )}
    </details>
  );
}
