import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { RedlockPanel } from './RedlockPanel';
import { goInHistory, openAt, urlSearch } from '../../state/testing/url';
import { pushUrl } from '../../state/urlWriter';
import { runsReady } from '../replay/runs';

// The page shows these panels once the recordings are validated (app/panels.ts); so do the tests.
beforeAll(() => runsReady);

afterEach(cleanup);
beforeEach(() => openAt('/'));

describe('RedlockPanel', () => {
  it('replays the clock jump and marks two holders of 3 of 5', () => {
    render(<RedlockPanel />);
    expect(screen.getByText(/client 2 holds 3 of 5 \(redis-3, redis-4 and redis-5\)/)).toBeTruthy();
    expect(screen.getByText(/its key is still on redis-1 and redis-2/)).toBeTruthy();
    const nodes = screen.getByRole('list', { name: /Who holds the key at/ });
    expect(
      within(nodes)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'redis-1client 1',
      'redis-2client 1',
      'redis-3client 2',
      'redis-4client 2',
      'redis-5client 2',
    ]);
  });

  it('replays the GC pause: client 2 takes all 5 while client 1 is paused', () => {
    render(<RedlockPanel />);
    fireEvent.click(screen.getByRole('button', { name: 'A GC pause past the TTL' }));
    expect(screen.getByText(/client 2 holds 5 of 5/)).toBeTruthy();
    expect(screen.getByText(/its key is gone from every node/)).toBeTruthy();
  });

  it('opens both runs on the event that made two holders, not on a later one of the same ms', () => {
    const { container } = render(<RedlockPanel />);
    const caption = () => container.querySelector('.rl-caption')?.textContent ?? '';
    const clockJump = caption();
    fireEvent.click(screen.getByRole('button', { name: 'A GC pause past the TTL' }));
    const gcPause = caption();
    // In the GC pause client 2 writes in the very ms it takes the lock.
    for (const c of [clockJump, gcPause])
      expect(c).toMatch(/Client 2 gets the key on \d of 5 nodes/);
    expect(gcPause).not.toMatch(/write/i);
  });

  it('draws the chart to scale with its box: printed on a narrower page it shrinks, not cut off', () => {
    // The chart is drawn for the width it had on screen; a printed page is narrower and lays the
    // page out again without telling the chart. Only a viewBox lets the drawing scale to fit.
    render(<RedlockPanel />);
    const chart = screen.getByRole('img', { name: /^Timeline: who holds the key/ });
    const [x, y, w, h] = (chart.getAttribute('viewBox') ?? '').split(' ').map(Number);
    expect([x, y, w, h]).toEqual([
      0,
      0,
      Number(chart.getAttribute('width')),
      Number(chart.getAttribute('height')),
    ]);
  });

  it('says what Redlock is for, and the line to say, around the figure', () => {
    render(<RedlockPanel />);
    expect(screen.getByText(/at least 3 of 5 independent Redis nodes/)).toBeTruthy();
    expect(
      screen.getByText(/Redlock has no token to give, so the storage has nothing to check/),
    ).toBeTruthy();
    expect(screen.getByRole('note', { name: 'Say it' }).textContent).toMatch(
      /two clients hold the lock at once/,
    );
  });

  it('lets the reader size the clock jump: a small one gives no second majority', async () => {
    render(<RedlockPanel />);
    const jump = screen.getByRole('slider', { name: 'Clock jump on redis-3' });
    expect((jump as HTMLInputElement).value).toBe('2000');
    fireEvent.change(jump, { target: { value: '500' } });
    expect(screen.getByText(/A 500 ms jump left client 1’s key alive on redis-3/)).toBeTruthy();
    expect(screen.getByText(/this one is the simulator’s alone/)).toBeTruthy();
    fireEvent.change(jump, { target: { value: '1200' } });
    expect(screen.getByText(/client 2 holds 3 of 5 \(redis-3, redis-4 and redis-5\)/)).toBeTruthy();
    const back = screen.getByRole('button', { name: 'Back to 2000 ms' });
    back.focus();
    fireEvent.click(back);
    expect((jump as HTMLInputElement).value).toBe('2000');
    const recording = screen.getByRole('link', {
      name: 'Step through that recording in the replay',
    });
    // The button went with the reader's size: the keyboard is on the one in its place.
    await waitFor(() => expect(document.activeElement).toBe(recording));
  });

  it('says whether two clients hold the lock once the slider comes to rest, not at each step', async () => {
    const { container } = render(<RedlockPanel />);
    const spoken = () =>
      [...container.querySelectorAll('[aria-live="polite"]:not(.rl-caption)')]
        .map((el) => el.textContent)
        .join(' | ');
    // Nothing on opening: the sentence under the chart is there to be read.
    expect(spoken()).toBe('');
    const jump = screen.getByRole('slider', { name: 'Clock jump on redis-3' });
    // Arrow presses on the way down: nothing is said for the sizes passed over.
    for (const value of ['1500', '1000', '500']) fireEvent.change(jump, { target: { value } });
    expect(spoken()).toBe('');
    await waitFor(() => expect(spoken()).toBe('With this jump: no two holders.'));
    fireEvent.change(jump, { target: { value: '2000' } });
    await waitFor(() =>
      expect(spoken()).toMatch(/^With this jump: two holders, from [\d.]+ ms\.$/),
    );
  });

  it('keeps the jump in the URL, opens a link’s jump, and says when a link’s is bad', () => {
    openAt('/?try-jump=500#redlock');
    render(<RedlockPanel />);
    expect(screen.getByText(/A 500 ms jump left client 1’s key alive/)).toBeTruthy();
    expect(screen.getByText(/the jump has to be about \d+ ms or more/)).toBeTruthy();
    // The partition behind "3 of 5" is said for this run, and only for it.
    expect(screen.getByText(/client 1 can reach only redis-1, redis-2 and redis-3/)).toBeTruthy();
    fireEvent.change(screen.getByRole('slider', { name: 'Clock jump on redis-3' }), {
      target: { value: '1500' },
    });
    expect(urlSearch()).toBe('?try-jump=1500');
    expect(window.location.hash).toBe('#redlock');
    fireEvent.click(screen.getByRole('button', { name: 'Back to 2000 ms' }));
    expect(urlSearch()).toBe('');
    cleanup();

    openAt('/?try-jump=huge');
    render(<RedlockPanel />);
    expect(screen.getByText(/try-jump “huge” is not a number of ms/)).toBeTruthy();
    expect(screen.getByText(/client 2 holds 3 of 5/)).toBeTruthy();
  });

  it('lets the reader size the GC pause: one that ends before client 2 asks gives no two holders', () => {
    render(<RedlockPanel />);
    fireEvent.click(screen.getByRole('button', { name: 'A GC pause past the TTL' }));
    expect(screen.queryByText(/can reach only/)).toBeNull();
    const pause = screen.getByRole('slider', { name: 'Client 1’s GC pause' });
    expect((pause as HTMLInputElement).value).toBe('500');
    fireEvent.change(pause, { target: { value: '100' } });
    expect(screen.getByText('No two holders.')).toBeTruthy();
    expect(
      screen.getByText(/Client 1’s pause, from 60 ms to 160 ms, ended before its keys expired/),
    ).toBeTruthy();
    expect(
      screen.getByText(/The lab recorded the 500 ms pause; this one is the simulator’s alone/),
    ).toBeTruthy();
    expect(urlSearch()).toBe('?redlock=gc-pause&try-gc-pause=100');
    fireEvent.change(pause, { target: { value: '300' } });
    expect(screen.getByText(/client 2 holds 5 of 5/)).toBeTruthy();

    // Each run keeps its own size: the clock jump is still the recorded one.
    fireEvent.click(screen.getByRole('button', { name: 'A clock jumps on one node' }));
    expect(
      (screen.getByRole('slider', { name: 'Clock jump on redis-3' }) as HTMLInputElement).value,
    ).toBe('2000');
    fireEvent.click(screen.getByRole('button', { name: 'A GC pause past the TTL' }));
    expect(
      (screen.getByRole('slider', { name: 'Client 1’s GC pause' }) as HTMLInputElement).value,
    ).toBe('300');
    fireEvent.click(screen.getByRole('button', { name: 'Back to 500 ms' }));
    expect(urlSearch()).toBe('?redlock=gc-pause');
  });

  it('shows the run, size and step of the entry Back and Forward go to', async () => {
    openAt('/#redlock');
    render(<RedlockPanel />);
    const pressed = () =>
      screen
        .getAllByRole('button', { pressed: true })
        .map((b) => b.textContent)
        .join();
    const position = () =>
      (screen.getByRole('slider', { name: 'Redlock replay position' }) as HTMLInputElement).value;
    fireEvent.click(screen.getByRole('button', { name: 'A GC pause past the TTL' }));
    fireEvent.change(screen.getByRole('slider', { name: 'Client 1’s GC pause' }), {
      target: { value: '300' },
    });
    fireEvent.change(screen.getByRole('slider', { name: 'Redlock replay position' }), {
      target: { value: '2' },
    });
    expect(urlSearch()).toBe('?redlock=gc-pause&try-gc-pause=300&redlock-step=2');
    // A jump to another section adds an entry; the reader comes back and picks the clock jump.
    pushUrl(urlSearch(), '#numbers');
    fireEvent.click(screen.getByRole('button', { name: 'A clock jumps on one node' }));
    fireEvent.change(screen.getByRole('slider', { name: 'Clock jump on redis-3' }), {
      target: { value: '500' },
    });
    // The reader pauses longer than the URL writer's interval before pressing Back.
    expect(urlSearch()).toBe('?try-gc-pause=300&redlock=clock-jump&try-jump=500');

    await act(() => goInHistory(-1));
    expect(pressed()).toBe('A GC pause past the TTL');
    expect(
      (screen.getByRole('slider', { name: 'Client 1’s GC pause' }) as HTMLInputElement).value,
    ).toBe('300');
    expect(position()).toBe('2');
    // Nothing was written on the way back.
    expect(urlSearch()).toBe('?redlock=gc-pause&try-gc-pause=300&redlock-step=2');

    await act(() => goInHistory(1));
    expect(pressed()).toBe('A clock jumps on one node');
    expect(
      (screen.getByRole('slider', { name: 'Clock jump on redis-3' }) as HTMLInputElement).value,
    ).toBe('500');
  });

  it('shows the link’s problems it opens with, announced under the title; announces later ones', async () => {
    openAt('/?try-jump=abc&try-gc-pause=abc#redlock');
    render(<RedlockPanel />);
    const live = (text: RegExp) => screen.getByText(text).closest('[role="status"]');
    // The notice under the page's title (app/LinkNotice.tsx) says both aloud at load.
    expect(live(/try-jump “abc”/)).toBeNull();
    // The other run's, shown once the reader switches to it, is announced here.
    fireEvent.click(screen.getByRole('button', { name: 'A GC pause past the TTL' }));
    expect(live(/try-gc-pause “abc”/)).not.toBeNull();

    cleanup();
    openAt('/?try-jump=abc#redlock');
    render(<RedlockPanel />);
    pushUrl('?try-jump=xyz&redlock-step=3', '#numbers');
    await act(() => goInHistory(-1));
    expect(live(/try-jump “abc”/)).toBeNull();
    await act(() => goInHistory(1));
    expect(live(/try-jump “xyz”/)).not.toBeNull();
  });

  it('shows the notice of the entry Back and Forward go to, when only the bad value differs', async () => {
    // A bad value opens the same figure as none: only the notice tells these entries apart.
    const notices = () =>
      [...document.querySelectorAll('.rl-notice')].map((p) => p.textContent ?? '');
    openAt('/?try-jump=abc#redlock');
    render(<RedlockPanel />);
    pushUrl('?try-jump=xyz', '#numbers');
    pushUrl('?redlock-step=q', '#numbers');
    pushUrl('', '#numbers');
    const role = () => document.querySelector('.rl-notice')?.getAttribute('role');
    await act(() => goInHistory(-1));
    expect(notices()).toEqual([expect.stringMatching(/^The link’s redlock-step “q”/)]);
    // Not what the page was opened with: the panel announces it.
    expect(role()).toBe('status');
    await act(() => goInHistory(-1));
    expect(notices()).toEqual([expect.stringMatching(/^The link’s try-jump “xyz”/)]);
    await act(() => goInHistory(-1));
    expect(notices()).toEqual([expect.stringMatching(/^The link’s try-jump “abc”/)]);
    await act(() => goInHistory(1));
    expect(notices()).toEqual([expect.stringMatching(/^The link’s try-jump “xyz”/)]);
    expect(role()).toBe('status');
    await act(() => goInHistory(1));
    await act(() => goInHistory(1));
    expect(notices()).toEqual([]);
  });

  it('shows a linked step past the run’s end without announcing it: the title’s notice does', async () => {
    openAt('/?redlock-step=999#redlock');
    render(<RedlockPanel />);
    expect(screen.getByText(/redlock-step 999 is past/).getAttribute('role')).toBeNull();
    // Another entry's step past the end is the panel's own to announce.
    pushUrl('?redlock-step=998', '#numbers');
    await act(() => goInHistory(-1));
    await act(() => goInHistory(1));
    expect(screen.getByText(/redlock-step 998 is past/).getAttribute('role')).toBe('status');
  });

  it('keeps the run in the URL, opens the run a link names, and says when a link’s is wrong', () => {
    render(<RedlockPanel />);
    fireEvent.click(screen.getByRole('button', { name: 'A GC pause past the TTL' }));
    expect(urlSearch()).toBe('?redlock=gc-pause');
    cleanup();

    render(<RedlockPanel />);
    const pressed = () =>
      screen
        .getAllByRole('button', { pressed: true })
        .map((b) => b.textContent)
        .join();
    expect(pressed()).toBe('A GC pause past the TTL');
    // The assumptions table's link chooses the run too.
    fireEvent.click(screen.getByRole('link', { name: /^Replay it: One node’s clock is stepped/ }));
    expect(urlSearch()).toBe('?redlock=clock-jump');
    cleanup();

    // A named run wins over a size that belongs to the other one.
    openAt('/?redlock=clock-jump&try-gc-pause=250');
    render(<RedlockPanel />);
    expect(pressed()).toBe('A clock jumps on one node');
    cleanup();

    openAt('/?redlock=paxos');
    render(<RedlockPanel />);
    expect(
      screen.getByText(
        'The link’s redlock “paxos” is not clock-jump or gc-pause, so the figure shows the clock jump.',
      ),
    ).toBeTruthy();
    expect(pressed()).toBe('A clock jumps on one node');
  });

  it('says when the GC pause ends a few ms from a different outcome', () => {
    openAt('/?try-gc-pause=260#redlock');
    render(<RedlockPanel />);
    expect(screen.getByText('No two holders.')).toBeTruthy();
    expect(
      screen.getByText(/A close call: with the pause 5 ms longer, the engine’s outcome changes/),
    ).toBeTruthy();
    fireEvent.change(screen.getByRole('slider', { name: 'Client 1’s GC pause' }), {
      target: { value: '600' },
    });
    expect(screen.queryByText(/A close call/)).toBeNull();
  });

  it('opens a link’s GC pause on the GC pause run, and says when a link’s is bad', () => {
    openAt('/?try-gc-pause=250#redlock');
    render(<RedlockPanel />);
    expect(
      screen.getByRole('button', { name: 'A GC pause past the TTL' }).getAttribute('aria-pressed'),
    ).toBe('true');
    expect(
      screen.getByText(/Client 1’s pause, from 60 ms to 310 ms, ran past its keys’ expiry/),
    ).toBeTruthy();
    cleanup();

    openAt('/?try-gc-pause=long');
    render(<RedlockPanel />);
    expect(
      screen.getByText(/try-gc-pause “long” is not a number of ms from 0 to 1000/),
    ).toBeTruthy();
    expect(screen.getByText(/client 2 holds 5 of 5/)).toBeTruthy();
  });

  it('keeps the figure’s step in the URL and opens a link at its step', () => {
    const position = () =>
      Number(
        (screen.getByRole('slider', { name: 'Redlock replay position' }) as HTMLInputElement).value,
      );
    render(<RedlockPanel />);
    const opened = position();
    expect(opened).toBeGreaterThan(1);
    fireEvent.click(screen.getByRole('button', { name: 'Previous event' }));
    expect(urlSearch()).toBe(`?redlock-step=${opened - 1}`);
    // Another run has its own place; coming back finds this one's again.
    fireEvent.click(screen.getByRole('button', { name: 'A GC pause past the TTL' }));
    expect(urlSearch()).toBe('?redlock=gc-pause');
    fireEvent.click(screen.getByRole('button', { name: 'A clock jumps on one node' }));
    expect(urlSearch()).toBe(`?redlock=clock-jump&redlock-step=${opened - 1}`);
    // A new size is a new run: the step goes, and the figure opens at its two holders again.
    fireEvent.change(screen.getByRole('slider', { name: 'Clock jump on redis-3' }), {
      target: { value: '1500' },
    });
    expect(urlSearch()).toBe('?redlock=clock-jump&try-jump=1500');
    cleanup();

    openAt('/?redlock=gc-pause&redlock-step=2#redlock');
    render(<RedlockPanel />);
    expect(position()).toBe(2);
    expect(
      screen.getByRole('button', { name: 'A GC pause past the TTL' }).getAttribute('aria-pressed'),
    ).toBe('true');
    cleanup();

    openAt('/?redlock-step=9999');
    render(<RedlockPanel />);
    const last = Number(
      screen.getByRole('slider', { name: 'Redlock replay position' }).getAttribute('max'),
    );
    expect(position()).toBe(last);
    expect(
      screen.getByText(
        `The link’s redlock-step 9999 is past this run’s last event (${last}), so the figure shows its end.`,
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Previous event' }));
    expect(screen.queryByText(/redlock-step 9999/)).toBeNull();
    cleanup();

    openAt('/?redlock-step=-1');
    render(<RedlockPanel />);
    expect(position()).toBe(opened);
    expect(screen.getByText(/redlock-step “-1” is not a step number/)).toBeTruthy();
  });

  it('has the assumptions table', () => {
    render(<RedlockPanel />);
    const table = screen.getByRole('table', { name: /What Redlock assumes/ });
    expect(table.querySelectorAll('tbody tr')).toHaveLength(4);
    expect(
      screen.getByRole('rowheader', {
        name: 'A node keeps its keys across a restart, or stays down longer than the TTL',
      }),
    ).toBeTruthy();
  });
});
