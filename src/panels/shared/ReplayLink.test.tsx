// The links into the replay are links: an address a new tab or a copied link opens on the same
// run, and a plain click that opens the replay in place as before.
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, createEvent, fireEvent, render, screen, within } from '@testing-library/react';
import { PausedClientPanel } from '../paused-client/PausedClientPanel';
import { RedlockPanel } from '../redlock/RedlockPanel';
import { FailureCasesPanel } from '../failure-cases/FailureCasesPanel';
import { failureCases } from '../../content/failureCases';
import { usePlayback } from '../../state/playback';
import { parseReplayQuery } from '../../state/playbackUrl';
import { openAt, urlSearch } from '../../state/testing/url';
import { runsReady } from '../replay/runs';
import { replayLinkHref } from './ReplayLink';

beforeAll(() => runsReady);
afterEach(cleanup);
beforeEach(() => openAt('/'));

/** The replay's run as the store has it. */
function shown() {
  const { scenario, variant, lock, step } = usePlayback.getState();
  return { scenario, variant, lock, step };
}

/** Clicks `link` as a reader would; returns whether the page kept the browser from following it. */
function click(link: HTMLElement, init: MouseEventInit = {}): boolean {
  const event = createEvent.click(link, { button: 0, ...init });
  fireEvent(link, event);
  return event.defaultPrevented;
}

describe('links into the replay', () => {
  it('the paused client’s is a link to its run, which a plain click opens in place', () => {
    openAt('/?try-pause=200#paused-client');
    render(<PausedClientPanel />);
    // The reader's numbers went with "Back": the link shows with the recorded run.
    fireEvent.click(screen.getByRole('button', { name: 'Back to the recorded run' }));
    const link = screen.getByRole('link', { name: 'Step through it in the replay' });
    expect(link.tagName).toBe('A');
    expect(link.getAttribute('href')).toBe(
      '?scenario=paused-client&variant=fencing-on&lock=redis&step=0#see-it',
    );
    const before = shown();
    expect(before.variant).not.toBe('fencing-on');
    // A new tab, a new window, a download: the browser's to follow, the page's replay stays.
    for (const keys of [{ ctrlKey: true }, { metaKey: true }, { shiftKey: true }, { altKey: true }])
      expect(click(link, keys)).toBe(false);
    expect(click(link, { button: 1 })).toBe(false);
    expect(shown()).toEqual(before);

    // (jsdom follows the links it was let follow: the page as it was, again.)
    openAt('/?try-pause=200#paused-client');
    const entries = window.history.length;
    expect(click(link)).toBe(true);
    expect(shown()).toEqual({
      scenario: 'paused-client',
      variant: 'fencing-on',
      lock: 'redis',
      step: 0,
    });
    // A new entry, as before, keeping the page's own parameters.
    expect(window.history.length).toBe(entries + 1);
    expect(urlSearch()).toBe(
      '?try-pause=200&scenario=paused-client&variant=fencing-on&lock=redis&step=0',
    );
    expect(window.location.hash).toBe('#see-it');
  });

  it('Redlock’s is a link to the recording it names; its table’s “replay it” links to the figure’s run', () => {
    render(<RedlockPanel />);
    const recording = screen.getByRole('link', {
      name: 'Step through that recording in the replay',
    });
    expect(recording.getAttribute('href')).toBe(
      '?scenario=redlock-clock-jump&variant=default&lock=redlock&step=0#see-it',
    );
    const table = screen.getByRole('table', { name: /What Redlock assumes/ });
    const shownAbove = within(table).getByRole('link', { name: /^Shown above: / });
    expect(shownAbove.getAttribute('href')).toBe('?redlock=clock-jump#redlock');
    const replayIt = within(table).getByRole('link', { name: /^Replay it: / });
    expect(replayIt.getAttribute('href')).toBe('?redlock=gc-pause#redlock');

    expect(click(replayIt, { ctrlKey: true })).toBe(false);
    expect(
      screen.getByRole('button', { name: 'A GC pause past the TTL' }).getAttribute('aria-pressed'),
    ).toBe('false');
    expect(click(replayIt)).toBe(true);
    expect(
      screen.getByRole('button', { name: 'A GC pause past the TTL' }).getAttribute('aria-pressed'),
    ).toBe('true');
    // The recording link follows the run the figure shows.
    expect(
      screen
        .getByRole('link', { name: 'Step through that recording in the replay' })
        .getAttribute('href'),
    ).toBe('?scenario=redlock-gc-pause&variant=default&lock=redlock&step=0#see-it');

    expect(click(recording)).toBe(true);
    expect(shown()).toMatchObject({ scenario: 'redlock-gc-pause', lock: 'redlock', step: 0 });
  });

  it('each failure case’s is a link to its replay', () => {
    render(<FailureCasesPanel />);
    for (const row of failureCases) {
      const link = screen.getByRole('link', { name: `Show ${row.replayShows}: ${row.event}` });
      expect(link.textContent).toBe(`Show ${row.replayShows}`);
      expect(link.getAttribute('href')).toBe(
        `?scenario=${row.scenario}&variant=${row.variant}&step=0#see-it`,
      );
    }
    const row = failureCases.find((r) => r.id === 'delayed-write')!;
    expect(click(screen.getByRole('link', { name: `Show ${row.replayShows}: ${row.event}` }))).toBe(
      true,
    );
    expect(shown()).toMatchObject({ scenario: row.scenario, variant: row.variant, step: 0 });
  });

  it('an address reads back as the run it names, with nothing to say about it', () => {
    const href = replayLinkHref({ scenario: 'delayed-write', variant: 'fencing-on' });
    const search = href.slice(0, href.indexOf('#'));
    expect(parseReplayQuery(search)).toEqual({
      query: { scenario: 'delayed-write', variant: 'fencing-on', step: 0 },
      present: true,
      problems: [],
    });
    // No empty parameter for what the target leaves to the replay.
    expect(replayLinkHref({ scenario: 'paused-client' })).toBe(
      '?scenario=paused-client&step=0#see-it',
    );
  });
});
