import type { NumbersEnvironment, NumbersFile, NumbersLoad } from '../../content/numbersFile';
import { notMeasuredYet } from '../../content/numbers';
import { InlineText } from '../code/InlineText';

const formatDate = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime())
    ? iso
    : d.toLocaleDateString('en-GB', {
        year: 'numeric',
        month: 'short',
        day: 'numeric',
        timeZone: 'UTC',
      });
};

const settingsText = (env: NumbersEnvironment) =>
  Object.entries(env.settings)
    .map(([k, v]) => `${k}: ${String(v)}`)
    .join('; ');

/** One sentence on where the lab's figures come from: machine, versions, settings, load. */
export function machineSentence(numbers: NumbersFile): string {
  const e = numbers.environment;
  const versions = [`Node ${e.node}`, `Redis ${e.redis}`, `Postgres ${e.postgres}`];
  if (e.etcd) versions.push(`etcd ${e.etcd}`);
  return (
    `Measured by the lab on ${e.cpuModel} (${e.cpus} CPUs, ${e.memoryGb} GB), ${e.os}; ` +
    `${versions.join(', ')}. Settings: ${settingsText(e)}. ` +
    `${numbers.clients} clients, ${numbers.seconds} s per case, recorded ${formatDate(e.recordedAt)}.`
  );
}

/** Where the figures come from, or why the lab's own are not shown. */
export function MachineNote({ load }: { load: NumbersLoad }) {
  if (load.status === 'ok') return <p className="machine-note">{machineSentence(load.numbers)}</p>;
  if (load.status === 'missing')
    return (
      <p className="notice" role="status">
        <InlineText>{notMeasuredYet}</InlineText>
      </p>
    );
  return (
    <div className="notice notice-bad" role="alert">
      <p>
        <strong>
          <code>{load.file}</code> could not be used
        </strong>
        , so only the explainer’s laptop figures are shown. What is wrong:
      </p>
      <ul>
        {load.problems.slice(0, 8).map((p) => (
          <li key={p}>
            <code>{p}</code>
          </li>
        ))}
        {load.problems.length > 8 ? <li>and {load.problems.length - 8} more</li> : null}
      </ul>
    </div>
  );
}
