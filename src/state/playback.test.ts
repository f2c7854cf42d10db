// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';

// The store reads the URL once, when it is created, so each test imports a fresh copy.
async function freshStore(search: string, withRuns = true) {
  window.history.replaceState(null, '', `/${search}`);
  vi.resetModules();
  const p = await import('./playback');
  // The replay module registers the resolver once its recordings are validated, as on the page.
  if (withRuns) await (await import('../panels/replay/runs')).runsReady;
  return p;
}

/** The search string once the store's URL writes have landed (they are merged, urlWriter.ts). */
async function urlSearch(): Promise<string> {
  // The same module instance as the store's: both were imported since the last reset.
  (await import('./urlWriter')).flushUrlWrites();
  return window.location.search;
}

afterEach(async () => {
  (await import('./urlWriter')).flushUrlWrites();
  window.history.replaceState(null, '', '/');
});

describe('playback store', () => {
  it('starts on the paused client, fencing off, at step 0, and leaves a plain URL alone', async () => {
    const p = await freshStore('');
    expect(p.usePlayback.getState()).toMatchObject({
      scenario: 'paused-client',
      variant: 'fencing-off',
      lock: 'redis',
      step: 0,
      playing: false,
      notice: null,
    });
    expect(await urlSearch()).toBe('');
  });

  it('opens the moment a link names', async () => {
    const p = await freshStore('?scenario=paused-client&variant=fencing-on&lock=pg-lease&step=5');
    expect(p.usePlayback.getState()).toMatchObject({
      scenario: 'paused-client',
      variant: 'fencing-on',
      lock: 'pg-lease',
      step: 5,
      notice: null,
    });
  });

  it('falls back with a notice on malformed or unknown values, and never throws', async () => {
    const p = await freshStore('?scenario=%3Cbad%3E&variant=nope&step=9999');
    const s = p.usePlayback.getState();
    expect(s.scenario).toBe('paused-client');
    expect(s.variant).toBe('fencing-off');
    expect(s.step).toBeLessThan(100);
    expect(s.notice).toMatch(/scenario “<bad>” is not a name/);
    expect(s.notice).toMatch(/no variant “nope”/);
    expect(s.notice).toMatch(/asked for step 9999/);
  });

  it('mirrors the replay in the URL as the reader steps', async () => {
    const p = await freshStore('');
    p.selectRun({ scenario: 'paused-client', variant: 'fencing-on', lock: 'redis' });
    p.stepBy(1);
    p.stepBy(1);
    expect(await urlSearch()).toBe('?scenario=paused-client&variant=fencing-on&lock=redis&step=2');
    expect(window.location.hash).toBe('#see-it');
  });

  it('keeps the moment and the playing when fencing flips, and the URL follows', async () => {
    const p = await freshStore('');
    p.selectRun({ scenario: 'paused-client', variant: 'fencing-off', lock: 'redis' });
    p.setStep(5);
    p.setPlaying(true);
    p.switchRun({ scenario: 'paused-client', variant: 'fencing-on', lock: 'redis' });
    expect(p.usePlayback.getState()).toMatchObject({
      variant: 'fencing-on',
      step: 5,
      playing: true,
    });
    expect(await urlSearch()).toBe('?scenario=paused-client&variant=fencing-on&lock=redis&step=5');
    p.setPlaying(false);
    p.switchRun({ scenario: 'paused-client', variant: 'fencing-off', lock: 'redis' });
    expect(p.usePlayback.getState()).toMatchObject({ variant: 'fencing-off', playing: false });
    expect(await urlSearch()).toContain('variant=fencing-off&lock=redis&step=5');
    // Another scenario is another story: it starts at its beginning.
    p.selectRun({ scenario: 'delayed-write', variant: 'fencing-on' });
    expect(p.usePlayback.getState().step).toBe(0);
  });

  it('clamps steps, plays from the start at the end, and stops playing at the end', async () => {
    const p = await freshStore('');
    p.setStep(-5);
    expect(p.usePlayback.getState().step).toBe(0);
    p.setStep(10_000);
    const end = p.usePlayback.getState().step;
    expect(end).toBeGreaterThan(5);
    p.setPlaying(true);
    expect(p.usePlayback.getState()).toMatchObject({ playing: true, step: 0 });
    for (let i = 0; i < end; i++) p.tick();
    expect(p.usePlayback.getState()).toMatchObject({ playing: false, step: end });
    p.setSpeed(3); // not offered: ignored
    expect(p.usePlayback.getState().speed).toBe(1);
    p.setSpeed(2);
    expect(p.usePlayback.getState().speed).toBe(2);
  });

  it('openReplay selects the run, rewinds it and scrolls the replay into view', async () => {
    const p = await freshStore('');
    const section = document.createElement('section');
    section.id = 'see-it';
    const panel = document.createElement('div');
    panel.setAttribute('data-replay-panel', '');
    panel.tabIndex = 0;
    section.append(panel);
    document.body.append(section);
    const scroll = vi.fn();
    section.scrollIntoView = scroll;
    p.setStep(4);
    p.openReplay({ scenario: 'delayed-write', variant: 'fencing-on' });
    expect(p.usePlayback.getState()).toMatchObject({
      scenario: 'delayed-write',
      variant: 'fencing-on',
      step: 0,
    });
    expect(scroll).toHaveBeenCalledWith({ behavior: 'smooth', block: 'start' });
    expect(document.activeElement).toBe(panel);
    expect(await urlSearch()).toContain('scenario=delayed-write');
    section.remove();
  });

  it('keeps a request as asked until the runs are known, then settles without touching the URL', async () => {
    const p = await freshStore('?scenario=paused-client&step=4', false);
    expect(p.usePlayback.getState()).toMatchObject({
      scenario: 'paused-client',
      variant: '',
      lock: '',
      step: 4,
    });
    p.openReplay({ scenario: 'delayed-write' });
    expect(p.usePlayback.getState()).toMatchObject({ scenario: 'delayed-write', variant: '' });
    window.history.replaceState(null, '', '/?keep=1');
    await (
      await import('../panels/replay/runs')
    ).runsReady;
    expect(p.usePlayback.getState()).toMatchObject({
      scenario: 'delayed-write',
      variant: 'fencing-off',
      lock: 'redis',
      step: 0,
      notice: null,
    });
    expect(await urlSearch()).toBe('?keep=1');
  });
});

describe('replayLinkNotice', () => {
  it('gives the sentences the replay’s notice shows for a link, checked against the runs', async () => {
    const p = await freshStore('');
    expect(p.replayLinkNotice('')).toBeNull();
    expect(p.replayLinkNotice('?scenario=paused-client&variant=fencing-on')).toBeNull();
    expect(p.replayLinkNotice('?scenario=nope')).toBe(
      'There is no scenario called “nope”; the replay shows “The paused client” instead.',
    );
    expect(p.replayLinkNotice('?step=abc')).toBe(
      'The link’s step “abc” is not a step number, so the replay starts at the beginning.',
    );
    // It only reads: the replay stays where it was.
    expect(p.usePlayback.getState().notice).toBeNull();
  });
});
