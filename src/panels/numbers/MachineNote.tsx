import {
  DEFAULT_BENCH_SECONDS,
  otherWorkLoad,
  type NumbersEnvironment,
  type NumbersFile,
  type NumbersLoad,
} from '../../content/numbersFile';
import { fsyncOffNote, notMeasuredYet, otherWorkNote, shortRunNote } from '../../content/numbers';
import { InlineText } from '../code/InlineText';

/** The months as the browser's en-GB dates shorten them ("Sept", not "Sep"). */
const SHORT_MONTHS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sept',
  'Oct',
  'Nov',
  'Dec',
];

/**
 * The day a run was recorded, in UTC, as toLocaleDateString('en-GB') writes it: "30 Nov 2026".
 * Written out here because the page's first Intl formatter, of any kind, loads the browser's
 * locale data, a long task of its own (about 100 ms on a CPU four times slower than a desktop's).
 */
export const formatDate = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime())
    ? iso
    : `${d.getUTCDate()} ${SHORT_MONTHS[d.getUTCMonth()]!} ${d.getUTCFullYear()}`;
};

/** The two settings every reader should see; the rest wait behind a disclosure. */
const HEADLINE_SETTINGS = ['fsync', 'persistence'];

/** One sentence on where the lab's figures come from: machine, versions, run. */
export function machineSentence(numbers: NumbersFile): string {
  const e = numbers.environment;
  const versions = [`Node ${e.node}`, `Redis ${e.redis}`, `Postgres ${e.postgres}`];
  if (e.etcd) versions.push(`etcd ${e.etcd}`);
  return (
    `Measured by the lab on ${e.cpuModel} (${e.cpus} CPUs, ${e.memoryGb} GB), ${e.os}; ` +
    `${versions.join(', ')}. ` +
    `${numbers.clients} clients at once, ${numbers.seconds} s per case, recorded ${formatDate(e.recordedAt)}.`
  );
}

/**
 * The durability settings, one to a line, as the lab wrote them: inside the sentence their own
 * colons and semicolons ("fsync: Postgres fsync=off; etcd off (...); persistence: Postgres: ...")
 * ran together. The note after them says what they mean.
 */
function Durability({ env }: { env: NumbersEnvironment }) {
  const shown = HEADLINE_SETTINGS.filter((k) => env.settings[k] !== undefined);
  if (shown.length === 0) return null;
  return (
    <dl className="machine-durability">
      {shown.map((k) => (
        <div key={k}>
          <dt>{k}</dt>
          <dd>{String(env.settings[k])}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * What running without fsync means for the figures, when the lab's fsync line says so:
 * "Postgres fsync=off; etcd off (--unsafe-no-fsync)".
 */
function FsyncNote({ env }: { env: NumbersEnvironment }) {
  const line = String(env.settings.fsync ?? '');
  const postgresOff = /Postgres fsync=off/.test(line);
  const etcdOff = /etcd off/.test(line);
  if (!postgresOff && !etcdOff) return null;
  return <p>{fsyncOffNote(postgresOff, etcdOff)}</p>;
}

/**
 * What makes the run's figures less sure than they look: a run shorter than the lab's default,
 * or one begun while other work was running. Said plainly beside the machine, since an author who
 * recorded a quick check would otherwise publish it as a measurement.
 */
function RunCaveats({ numbers }: { numbers: NumbersFile }) {
  const env = numbers.environment;
  const load = otherWorkLoad(env);
  const short = numbers.seconds < DEFAULT_BENCH_SECONDS;
  if (!short && load === null) return null;
  return (
    <>
      {short && (
        <p className="machine-caveat">
          <InlineText>{shortRunNote(numbers.seconds, DEFAULT_BENCH_SECONDS)}</InlineText>
        </p>
      )}
      {load !== null && <p className="machine-caveat">{otherWorkNote(load, env.cpus)}</p>}
    </>
  );
}

/** Every setting the lab wrote down (clients, method, load average), for whoever wants them. */
function AllSettings({ env }: { env: NumbersEnvironment }) {
  const rest = Object.entries(env.settings).filter(([k]) => !HEADLINE_SETTINGS.includes(k));
  if (rest.length === 0) return null;
  return (
    <details className="source-details machine-settings">
      <summary>Every setting the lab recorded</summary>
      <dl>
        {rest.map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>{String(v)}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

/** Where the figures come from, or why the lab's own are not shown. */
export function MachineNote({ load }: { load: NumbersLoad }) {
  if (load.status === 'ok')
    return (
      <div className="machine-note">
        <p>{machineSentence(load.numbers)}</p>
        <RunCaveats numbers={load.numbers} />
        <Durability env={load.numbers.environment} />
        <FsyncNote env={load.numbers.environment} />
        <AllSettings env={load.numbers.environment} />
      </div>
    );
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
