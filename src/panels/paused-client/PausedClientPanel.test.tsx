import { Profiler } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { PAUSED_CLIENT_RUN, PausedClientPanel } from './PausedClientPanel';
import { selectRun, setStep } from '../../state/playback';
import { goInHistory, openAt, urlSearch } from '../../state/testing/url';
import { pushUrl } from '../../state/urlWriter';
import { runsReady } from '../replay/runs';

// The page shows these panels once the recordings are validated (app/panels.ts); so do the tests.
beforeAll(() => runsReady);

afterEach(cleanup);
beforeEach(() => openAt('/'));

describe('PausedClientPanel', () => {
  it('draws the run it names, and tells its story in numbers', () => {
    render(<PausedClientPanel />);
    expect(
      screen.getByText(
        /recorded on Redis [\d.]+ and Postgres [\d.]+, \d{4}-\d\d-\d\d|simulated in your browser, with a fixed seed \(1\)/,
      ),
    ).toBeTruthy();
    expect(screen.getByText(/Its TTL runs out at 30\d\.\d ms, mid-pause/)).toBeTruthy();
    expect(screen.getByText(/the storage rejects the stale write/)).toBeTruthy();
  });

  it('shows what happened when an event is focused', () => {
    render(<PausedClientPanel />);
    const expiry = screen.getByRole('button', { name: /TTL runs out at 30\d\.\d ms/ });
    fireEvent.focus(expiry);
    expect(screen.getByText(/the lock is free, and client 1 is not told/)).toBeTruthy();
    const lanes = screen.getAllByText(/^(client 1|client 2|the lock|the storage)$/);
    expect(lanes.length).toBeGreaterThanOrEqual(4);
  });

  it('says when the reader’s numbers sit a few ms from a different outcome', () => {
    render(<PausedClientPanel />);
    const verdict = () => document.querySelector('.pc-verdict')!.textContent;
    // Client 1 wakes at 320 ms, as client 2 asks for the lock.
    fireEvent.change(screen.getByRole('slider', { name: 'Pause' }), { target: { value: '310' } });
    expect(verdict()).toMatch(
      /A close call: with the TTL 5 ms longer, the engine’s outcome changes/,
    );
    fireEvent.change(screen.getByRole('slider', { name: 'Pause' }), { target: { value: '700' } });
    expect(verdict()).not.toMatch(/close call/);
  });

  it('reruns the story with the reader’s numbers, says what came of it, and goes back', () => {
    render(<PausedClientPanel />);
    const verdict = () => document.querySelector('.pc-verdict')!.textContent;
    expect(verdict()).toBe('');
    fireEvent.change(screen.getByRole('slider', { name: 'Pause' }), { target: { value: '200' } });
    expect(screen.getByText(/Simulated in your browser .* pause 200 ms, fencing on/)).toBeTruthy();
    expect(verdict()).toMatch(/^Safe this time: client 1 woke from its 200 ms pause/);
    expect(screen.queryByText(/mid-pause/)).toBeNull();

    fireEvent.change(screen.getByRole('slider', { name: 'Pause' }), { target: { value: '800' } });
    fireEvent.click(screen.getByRole('switch', { name: 'Fencing' }));
    expect(screen.getByRole('switch', { name: 'Fencing' }).getAttribute('aria-checked')).toBe(
      'false',
    );
    expect(verdict()).toMatch(/With fencing off the storage took that write/);
    expect(screen.getByText(/the storage accepts the stale write/)).toBeTruthy();

    fireEvent.change(screen.getByRole('combobox', { name: 'Lock' }), {
      target: { value: 'pg-lease' },
    });
    expect(
      screen.getByText(/a model of a Postgres lease row and storage: TTL 300 ms/),
    ).toBeTruthy();
    expect(verdict()).toMatch(/With fencing off the storage took that write/);

    fireEvent.click(screen.getByRole('button', { name: 'Back to the recorded run' }));
    expect(verdict()).toBe('');
    expect(screen.getByText(/the storage rejects the stale write/)).toBeTruthy();
    expect((screen.getByRole('slider', { name: 'Pause' }) as HTMLInputElement).value).toBe('500');
  });

  it('speaks the outcome once the sliders come to rest, not on every step', async () => {
    render(<PausedClientPanel />);
    const spoken = () => document.querySelector('.pc-verdict + [aria-live="polite"]')!.textContent;
    const pause = screen.getByRole('slider', { name: 'Pause' });
    fireEvent.change(pause, { target: { value: '200' } });
    fireEvent.change(pause, { target: { value: '210' } });
    expect(spoken()).toBe('');
    await act(() => new Promise((r) => setTimeout(r, 600)));
    expect(spoken()).toMatch(/^Safe this time: client 1 woke from its 210 ms pause/);
    expect(document.querySelector('.pc-verdict')!.getAttribute('aria-hidden')).toBe('true');
  });

  it('keeps the reader’s numbers in the URL, and opens a link’s numbers', () => {
    openAt('/?scenario=paused-client&try-pause=200#paused-client');
    render(<PausedClientPanel />);
    expect(document.querySelector('.pc-verdict')!.textContent).toMatch(/^Safe this time/);
    fireEvent.click(screen.getByRole('switch', { name: 'Fencing' }));
    expect(urlSearch()).toBe(
      '?scenario=paused-client&try-ttl=300&try-pause=200&try-fencing=off&try-lock=redis',
    );
    expect(window.location.hash).toBe('#paused-client');
    fireEvent.click(screen.getByRole('button', { name: 'Back to the recorded run' }));
    expect(urlSearch()).toBe('?scenario=paused-client');
  });

  it('says what was wrong with a link’s numbers, and shows the recorded run', () => {
    openAt('/?try-ttl=forever');
    render(<PausedClientPanel />);
    const notice = screen.getByText(/try-ttl “forever” is not a number of ms from 50 to 1000/);
    // Shown here, announced by the notice under the page's title (app/LinkNotice.tsx) alone.
    expect(notice.closest('[role="status"], [aria-live]')).toBeNull();
    expect(screen.getByRole('link', { name: 'Step through it in the replay' })).toBeTruthy();
    fireEvent.change(screen.getByRole('slider', { name: 'Pause' }), { target: { value: '100' } });
    expect(screen.queryByText(/try-ttl “forever”/)).toBeNull();
  });

  it('announces the problems of an entry Back or Forward goes to, not again those it opened with', async () => {
    openAt('/?try-ttl=forever#paused-client');
    render(<PausedClientPanel />);
    const said = (text: RegExp) => screen.getByText(text).closest('[role="status"]');
    pushUrl('?try-ttl=never', '#numbers');
    // Back to the entry the page opened with: the same words, still not announced here.
    await act(() => goInHistory(-1));
    expect(said(/try-ttl “forever”/)).toBeNull();
    await act(() => goInHistory(1));
    expect(said(/try-ttl “never”/)).not.toBeNull();
    await act(() => goInHistory(-1));
    expect(said(/try-ttl “forever”/)).not.toBeNull();
  });

  it('shows the numbers of the entry Back and Forward go to', async () => {
    openAt('/#paused-client');
    render(<PausedClientPanel />);
    const slider = () => screen.getByRole('slider', { name: 'Pause' }) as HTMLInputElement;
    // Two jumps to other sections, each an entry; the reader drags the pause after each.
    pushUrl(urlSearch(), '#numbers');
    fireEvent.change(slider(), { target: { value: '200' } });
    pushUrl(urlSearch(), '#drill');
    fireEvent.change(slider(), { target: { value: '800' } });
    expect(urlSearch()).toContain('try-pause=800');

    await act(() => goInHistory(-1));
    expect(window.location.search).toContain('try-pause=200');
    expect(slider().value).toBe('200');
    expect(screen.getByText(/Simulated in your browser .* pause 200 ms/)).toBeTruthy();

    // The page as it opened: the recorded run, and its button to the replay.
    await act(() => goInHistory(-1));
    expect(window.location.search).toBe('');
    expect(slider().value).toBe('500');
    expect(screen.getByRole('link', { name: 'Step through it in the replay' })).toBeTruthy();

    await act(() => goInHistory(1));
    expect(slider().value).toBe('200');
  });

  it('follows the replay only while it shows this run: another run’s steps do not redraw it', () => {
    const commits = vi.fn();
    render(
      <Profiler id="paused-client" onRender={commits}>
        <PausedClientPanel />
      </Profiler>,
    );
    act(() => selectRun({ scenario: 'delayed-write', variant: 'fencing-on' }));
    commits.mockClear();
    for (const step of [1, 2, 3]) act(() => setStep(step));
    expect(commits).not.toHaveBeenCalled();
    expect(document.querySelector('.lt-now')).toBeNull();

    act(() => selectRun(PAUSED_CLIENT_RUN));
    act(() => setStep(3));
    expect(commits).toHaveBeenCalled();
    expect(document.querySelector('.lt-now')).not.toBeNull();
    act(() => selectRun({ scenario: 'paused-client' }));
  });
});
