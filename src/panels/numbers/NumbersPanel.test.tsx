import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { NumbersPanel } from './NumbersPanel';
import { ScaleLadderPanel } from '../scale-ladder';
import { loadNumbers } from '../../content/numbersFile';

afterEach(cleanup);

const file = 'recordings/numbers.json';
const measured = JSON.stringify({
  format: 'fencing-lab/numbers',
  version: 1,
  environment: {
    cpuModel: 'Test CPU',
    cpus: 2,
    memoryGb: 8,
    os: 'Linux',
    node: 'v22.0.0',
    redis: '7.0.15',
    postgres: '15.18',
    settings: { fsync: 'on', persistence: 'appendonly', nodeClient: 'lean RESP client' },
    recordedAt: '2026-11-30T10:00:00Z',
  },
  clients: 32,
  seconds: 3,
  cases: [
    {
      name: 'redis-plain',
      pairsPerSecond: 45_873,
      p50Ms: 0.61,
      p99Ms: 1.9,
      ceilingPerSecond: 48_200,
      ratio: 0.95,
      connections: 32,
      pipelined: false,
      library: { client: 'ioredis 5.11.1', perSecond: 21_234, p50Ms: 1.4, p99Ms: 3.9, ratio: 0.44 },
    },
    {
      name: 'redis-token',
      pairsPerSecond: 41_020,
      p50Ms: 0.7,
      p99Ms: 2.1,
      ceilingPerSecond: null,
      ratio: null,
      connections: 32,
      pipelined: false,
    },
    {
      name: 'pg-advisory',
      pairsPerSecond: 12_345,
      p50Ms: 2.4,
      p99Ms: 6.8,
      ceilingPerSecond: 13_000,
      ratio: 0.95,
      connections: 32,
      pipelined: false,
      library: { client: 'pg 8.23.1', perSecond: 8_100, p50Ms: 3.6, p99Ms: 9.2, ratio: 0.623 },
    },
  ],
});

describe('NumbersPanel', () => {
  it('shows the laptop figures and says the lab has not measured yet when the file is missing', () => {
    render(<NumbersPanel load={loadNumbers(undefined, file)} />);
    expect(screen.getByRole('status').textContent).toMatch(/not measured its own figures yet/);
    expect(screen.getByText(/About 23,000 lock and release pairs a second; 19,000/)).toBeTruthy();
    expect(screen.queryByRole('columnheader', { name: /This lab/ })).toBeNull();
  });

  // Under the chart it read "Laptop figures: Measured with Redis 8 …", a label glued to a
  // sentence that began again with a capital.
  it('says where the laptop figures come from in one sentence under the chart', () => {
    render(<NumbersPanel load={loadNumbers(measured, file)} />);
    const line = screen.getByText(/laptop with 8 cores, 32 clients and 3 s per case/);
    expect(line.textContent).toMatch(
      /^The laptop figures come from Redis 8 and Postgres 16 on a laptop/,
    );
  });

  it('names the file and the problem when the file is invalid, and still shows the laptop', () => {
    render(<NumbersPanel load={loadNumbers('{"format": "nope"}', file)} />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain(file);
    expect(alert.textContent).toContain('format: expected "fencing-lab/numbers"');
    expect(screen.getByText(/About 36,000 advisory lock pairs a second/)).toBeTruthy();
  });

  it('shows the lab figures rounded as said aloud, with the machine they ran on', () => {
    render(<NumbersPanel load={loadNumbers(measured, file)} />);
    expect(screen.getByText(/Measured by the lab on Test CPU \(2 CPUs, 8 GB\)/)).toBeTruthy();
    expect(screen.getByText(/32 clients at once, /)).toBeTruthy();
    // The durability settings are one to a line, not run into the sentence.
    const durability = document.querySelector('.machine-durability');
    expect([...durability!.querySelectorAll('dt, dd')].map((e) => e.textContent)).toEqual([
      'fsync',
      'on',
      'persistence',
      'appendonly',
    ]);
    expect(screen.getByText(/Measured by the lab/).textContent).not.toContain('fsync');
    // The other settings sit behind a disclosure, not in the sentence.
    const all = screen.getByText('Every setting the lab recorded').closest('details');
    expect(all?.textContent).toContain('nodeClient');
    expect(all?.textContent).toContain('lean RESP client');
    expect(screen.getByText(/Measured by the lab/).textContent).not.toContain('nodeClient');
    expect(
      screen.getByText(/About 46,000 lock and release pairs a second; 41,000 with a fencing token/),
    ).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: /This lab/ })).toBeTruthy();
    expect(screen.getByRole('img', { name: /C tool 48,000/ })).toBeTruthy();
  });

  it('says what the figures mean when the lab ran without fsync, and nothing when it did not', () => {
    const off = JSON.parse(measured) as { environment: { settings: Record<string, string> } };
    off.environment.settings.fsync = 'Postgres fsync=off; etcd off (--unsafe-no-fsync)';
    render(<NumbersPanel load={loadNumbers(JSON.stringify(off), file)} />);
    expect(
      screen.getByText(
        'The lab ran Postgres and etcd without fsync, to measure the locks rather than the disk. So a machine crash could lose the lease row’s last tokens here. With fsync on, the lease row and etcd would wait for the disk and come in lower; the advisory lock writes nothing to disk and would be about the same.',
      ),
    ).toBeTruthy();
    cleanup();
    render(<NumbersPanel load={loadNumbers(measured, file)} />);
    expect(screen.queryByText(/without fsync/)).toBeNull();
  });
});

describe('NumbersPanel: a run whose figures need care', () => {
  type Editable = {
    seconds: number;
    environment: { cpus: number; settings: Record<string, unknown> };
  };
  const edited = (change: (f: Editable) => void) => {
    const f = JSON.parse(measured) as Editable;
    change(f);
    return loadNumbers(JSON.stringify(f), file);
  };
  const note = () => document.querySelector('.machine-note')!;

  it('says a run shorter than the lab’s default is short, with both lengths', () => {
    render(<NumbersPanel load={edited((f) => (f.seconds = 0.2))} />);
    expect(note().textContent).toContain(
      'A short run: 0.2 s per case, where the lab’s default is 3 s.',
    );
    expect(note().textContent).toMatch(/before quoting them/);
    // The command is code, as the page writes commands everywhere.
    expect(within(note() as HTMLElement).getByText('npm run lab:bench').tagName).toBe('CODE');
  });

  it('says a run begun with the machine busy was measured under load', () => {
    render(
      <NumbersPanel
        load={edited((f) => {
          f.environment.settings.loadAverage1mAtStart = 1.6;
          f.environment.settings.loadAverage1mAtEnd = 3.9;
        })}
      />,
    );
    expect(note().textContent).toContain(
      'Measured under load: other work was running, with a load average of 1.6 at the start of the run on 2 CPUs.',
    );
    expect(note().textContent).not.toMatch(/short run/);
  });

  it('says nothing for a full run on a quiet machine, though its own load shows at the end', () => {
    // As in the committed recording: quiet at the start, every core busy with the benchmark itself
    // by the end.
    render(
      <NumbersPanel
        load={edited((f) => {
          f.environment.settings.loadAverage1mAtStart = 0.32;
          f.environment.settings.loadAverage1mAtEnd = 3.42;
        })}
      />,
    );
    expect(note().textContent).not.toMatch(/short run|under load/i);
    expect(document.querySelector('.machine-caveat')).toBeNull();
    cleanup();
    // Longer than the default is fine too, and a file that does not give the load says nothing of it.
    render(<NumbersPanel load={edited((f) => (f.seconds = 10))} />);
    expect(document.querySelector('.machine-caveat')).toBeNull();
  });
});

describe('NumbersPanel: the library clients', () => {
  it('puts the ioredis and pg figures under the lean client’s, named, in table and chart', () => {
    const { container } = render(<NumbersPanel load={loadNumbers(measured, file)} />);
    const row = (name: RegExp) => screen.getByRole('rowheader', { name }).closest('tr')!;
    const plain = row(/Redis, plain/).textContent;
    expect(plain).toContain('ioredis: about 21,000');
    expect(plain).toContain('ioredis: 1.4 ms / 3.9 ms');
    expect(plain).toContain('ioredis reaches 44%');
    const advisory = row(/advisory/i).textContent;
    expect(advisory).toContain('pg: about 8,100');
    expect(advisory).toContain('pg reaches 62%');
    // A case without a library figure gets no library line.
    expect(row(/Redis, with token/).textContent).not.toContain('ioredis');
    expect(screen.getByText(/through ioredis 5\.11\.1 and pg 8\.23\.1, the clients/)).toBeTruthy();
    expect(screen.getByRole('img', { name: /ioredis: 21,000/ })).toBeTruthy();
    expect(container.querySelectorAll('.chart-library')).toHaveLength(2);
    expect(container.querySelector('.chart-legend')!.textContent).toContain(
      'same work via ioredis 5.11.1 / pg 8.23.1',
    );
  });

  it('shows no library line, bar or note for a file without library figures', () => {
    const without = JSON.parse(measured) as { cases: Record<string, unknown>[] };
    for (const c of without.cases) delete c.library;
    const { container } = render(
      <NumbersPanel load={loadNumbers(JSON.stringify(without), file)} />,
    );
    expect(container.querySelectorAll('.library-line, .chart-library, .library-note')).toHaveLength(
      0,
    );
    expect(container.querySelector('.chart-legend')!.textContent).toContain(
      'measured by this lab from Node',
    );
  });
});

describe('the etcd figure', () => {
  // "This lab" is the lean Node client everywhere else; etcd's figure comes through the etcd3
  // library from a one-member etcd, and a reader who quotes it should know both.
  it('says it came through the etcd3 library from one etcd member, only when etcd was measured', () => {
    const withEtcd = JSON.parse(measured) as { cases: Record<string, unknown>[] };
    withEtcd.cases.push({
      name: 'etcd-lease',
      pairsPerSecond: 1_253,
      p50Ms: 23.9,
      p99Ms: 60.3,
      ceilingPerSecond: null,
      ratio: null,
      connections: 32,
      pipelined: false,
      ceilingNote: 'no C client for etcd lock pairs in this lab',
    });
    const { container } = render(
      <NumbersPanel load={loadNumbers(JSON.stringify(withEtcd), file)} />,
    );
    expect(container.querySelector('.etcd-note')!.textContent).toMatch(
      /etcd3 library.*single etcd member/,
    );
    expect(
      screen.getByText(/lease lock and unlock pairs a second, on a one-member etcd\./),
    ).toBeTruthy();
    cleanup();
    const without = render(<NumbersPanel load={loadNumbers(measured, file)} />);
    expect(without.container.querySelector('.etcd-note')).toBeNull();
  });
});

describe('ScaleLadderPanel', () => {
  it('puts the lab figure beside the laptop figure on the step it measures', () => {
    render(<ScaleLadderPanel load={loadNumbers(measured, file)} />);
    expect(within(screen.getByRole('table')).getByText(/about 12,000/)).toBeTruthy();
  });

  // The laptop's note says Postgres came out ahead there; beside lab figures where Redis did, the
  // page must say so rather than leave the two side by side unexplained.
  it('says which lock came out ahead on the lab’s machine, from its figures', () => {
    render(<ScaleLadderPanel load={loadNumbers(measured, file)} />);
    expect(
      screen.getByText(
        /with 2 CPUs, it went the other way: Redis with a token ran about 41,000 pairs a second, the advisory lock about 12,000/,
      ),
    ).toBeTruthy();
  });

  it('agrees with the laptop when the lab measured Postgres ahead too', () => {
    const slowRedis = JSON.parse(measured) as { cases: { name: string; pairsPerSecond: number }[] };
    slowRedis.cases.find((c) => c.name === 'redis-token')!.pairsPerSecond = 9_000;
    render(<ScaleLadderPanel load={loadNumbers(JSON.stringify(slowRedis), file)} />);
    expect(screen.getByText(/Postgres came out ahead too/)).toBeTruthy();
    expect(screen.queryByText(/went the other way/)).toBeNull();
  });

  it('says the lab has not measured yet when there is no file', () => {
    render(<ScaleLadderPanel load={loadNumbers(undefined, file)} />);
    expect(screen.getByText(/Once the lab has measured this machine/)).toBeTruthy();
  });
});

describe('the C tool column, on the committed numbers', () => {
  // Headed "C tool, same work", it called the hot lock's redis-benchmark figure the same work,
  // though the note under the table said its every try found the lock busy: it never won, so it
  // never released, where the lab's winners release.
  it('claims the same work only where the C tool did it, and says how it differs elsewhere', () => {
    const { container } = render(<NumbersPanel />);
    const headers = screen.getAllByRole('columnheader').map((th) => th.textContent ?? '');
    expect(headers.some((h) => /^C tool/.test(h))).toBe(true);
    expect(headers.filter((h) => /same work/i.test(h))).toEqual([]);
    const cToolCell = (name: RegExp) =>
      screen.getByRole('rowheader', { name }).closest('tr')!.lastElementChild!.textContent;
    // The lab's own note on the hot lock's C tool, which the cell must not contradict.
    expect(
      within(container.querySelector('details.disclosure')!).getByText(/finds it busy/),
    ).toBeTruthy();
    expect(cToolCell(/hot lock/)).toMatch(/none wins or releases/);
    expect(cToolCell(/hot lock/)).not.toMatch(/same work/);
    for (const redis of [/Redis, plain/, /Redis, with token/])
      expect(cToolCell(redis)).toMatch(/acquires and releases run apart/);
    for (const pg of [/Postgres advisory/, /Postgres lease row/])
      expect(cToolCell(pg)).toMatch(/same work/);
    expect(container.querySelector('.chart-title')!.textContent).not.toMatch(/same work/);
    expect(container.querySelector('.chart-legend')!.textContent).toMatch(
      /C tool: redis-benchmark \/ pgbench/,
    );
  });
});
