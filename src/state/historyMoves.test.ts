// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { goInHistory } from './testing/url';

// The store reads the URL when it is created, so each test imports a fresh copy (as in
// playback.test.ts), with the replay's runs known as on the page.
async function freshStore(search: string) {
  window.history.replaceState(null, '', `/${search}`);
  vi.resetModules();
  const p = await import('./playback');
  await (
    await import('../panels/replay/runs')
  ).runsReady;
  const writer = await import('./urlWriter');
  return { ...p, ...writer };
}

function url(): string {
  return `${window.location.search}${window.location.hash}`;
}

afterEach(async () => {
  (await import('./urlWriter')).flushUrlWrites();
  window.history.replaceState(null, '', '/');
});

/** Waits for this many frames: focus may be put back once the panels have re-rendered. */
async function nextFrames(count: number) {
  for (let i = 0; i < count; i++) await new Promise((resolve) => requestAnimationFrame(resolve));
}

/** The paused client's link into the replay, as the panel renders it. */
function replayLink(): HTMLAnchorElement {
  const link = document.createElement('a');
  link.href = '?scenario=paused-client&variant=fencing-on&lock=redis&step=0#see-it';
  link.textContent = 'Step through it in the replay';
  return link;
}

/** A contents link as the browser makes it: a new entry with no state, and a popstate for it. */
function followSectionLink(hash: string) {
  window.history.pushState(null, '', `${window.location.search}${hash}`);
  window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
}

describe('Back and Forward after a jump to the replay', () => {
  it('loading the page adds no history entry', async () => {
    const entries = window.history.length;
    await freshStore('?scenario=delayed-write#see-it');
    expect(window.history.length).toBe(entries);
    expect(url()).toBe('?scenario=delayed-write#see-it');
  });

  it('a jump adds one entry; Back shows the run and step the earlier URL names, Forward the jump’s', async () => {
    const p = await freshStore('#paused-client');
    p.selectRun({ scenario: 'paused-client', variant: 'fencing-off', lock: 'redis' });
    p.setStep(3);
    p.flushUrlWrites();
    const before = url();
    const entries = window.history.length;

    p.openReplay({ scenario: 'delayed-write', variant: 'fencing-on' });
    expect(window.history.length).toBe(entries + 1);
    expect(url()).toBe('?scenario=delayed-write&variant=fencing-on&lock=redis&step=0#see-it');

    await goInHistory(-1);
    expect(url()).toBe(before);
    expect(p.usePlayback.getState()).toMatchObject({
      scenario: 'paused-client',
      variant: 'fencing-off',
      lock: 'redis',
      step: 3,
      playing: false,
      notice: null,
    });
    // Going back writes nothing: the entry keeps its URL, and none is added.
    p.flushUrlWrites();
    expect(url()).toBe(before);

    await goInHistory(1);
    expect(p.usePlayback.getState()).toMatchObject({
      scenario: 'delayed-write',
      variant: 'fencing-on',
      step: 0,
    });
    expect(window.history.length).toBe(entries + 1);
  });

  it('Back to a URL that names no run shows the default run at its start', async () => {
    const p = await freshStore('');
    p.openReplay({ scenario: 'holder-crash', variant: 'default' });
    p.setStep(2);
    await goInHistory(-1);
    expect(url()).toBe('');
    expect(p.usePlayback.getState()).toMatchObject({
      scenario: 'paused-client',
      variant: 'fencing-off',
      lock: 'redis',
      step: 0,
    });
  });

  it('the entry left keeps its newest state, even a write that was still waiting', async () => {
    const p = await freshStore('');
    p.selectRun({ scenario: 'paused-client', variant: 'fencing-on', lock: 'redis' });
    // Scrubbed: the first write lands at once, the last waits for the interval.
    p.setStep(1);
    p.setStep(2);
    p.setStep(5);
    p.openReplay({ scenario: 'delayed-write' });
    await goInHistory(-1);
    expect(url()).toBe('?scenario=paused-client&variant=fencing-on&lock=redis&step=5#see-it');
    expect(p.usePlayback.getState().step).toBe(5);
  });

  it('scrubbing, playing and switching runs after a jump replace its entry, adding none', async () => {
    const p = await freshStore('');
    p.openReplay({ scenario: 'paused-client', variant: 'fencing-off' });
    const entries = window.history.length;
    for (let step = 1; step <= 6; step++) p.setStep(step);
    p.stepBy(-1);
    p.switchRun({ scenario: 'paused-client', variant: 'fencing-on', lock: 'redis' });
    p.selectRun({ scenario: 'delayed-write' });
    p.setPlaying(true);
    p.tick();
    p.setPlaying(false);
    p.flushUrlWrites();
    expect(window.history.length).toBe(entries);
    expect(url()).toMatch(/^\?scenario=delayed-write&.*step=1#see-it$/);
  });

  it('a write still waiting when the reader goes Back is not put on the entry they come to', async () => {
    const p = await freshStore('#paused-client');
    p.openReplay({ scenario: 'paused-client', variant: 'fencing-on' });
    p.setStep(1);
    p.setStep(4); // waits for the interval
    await goInHistory(-1);
    p.flushUrlWrites();
    expect(url()).toBe('#paused-client');
    expect(p.usePlayback.getState().step).toBe(0);
  });

  it('Forward to that entry shows the step the reader left it on, and writes it there', async () => {
    const p = await freshStore('#paused-client');
    p.openReplay({ scenario: 'paused-client', variant: 'fencing-on' });
    p.setStep(1);
    p.setStep(4); // waits for the interval
    await goInHistory(-1);
    await goInHistory(1);
    expect(p.usePlayback.getState()).toMatchObject({ variant: 'fencing-on', step: 4 });
    p.flushUrlWrites();
    expect(url()).toBe('?scenario=paused-client&variant=fencing-on&lock=redis&step=4#see-it');
  });

  it('Back to a malformed link shows the default run with a notice, and does not throw', async () => {
    const p = await freshStore('?scenario=%3Cbad%3E&step=abc');
    p.openReplay({ scenario: 'delayed-write' });
    p.dismissNotice();
    await goInHistory(-1);
    const s = p.usePlayback.getState();
    expect(s).toMatchObject({ scenario: 'paused-client', step: 0 });
    expect(s.notice).toMatch(/scenario “<bad>” is not a name/);
    expect(s.notice).toMatch(/step “abc” is not a step number/);
  });

  it('Back puts the keyboard’s focus back on the button the jump was made from', async () => {
    const p = await freshStore('#paused-client');
    const jump = document.createElement('button');
    const inReplay = document.createElement('button');
    document.body.append(jump, inReplay);
    try {
      jump.focus();
      p.openReplay({ scenario: 'delayed-write', variant: 'fencing-on' });
      // The reader goes on in the replay, then Back.
      inReplay.focus();
      await goInHistory(-1);
      expect(document.activeElement).toBe(jump);
    } finally {
      jump.remove();
      inReplay.remove();
    }
  });

  it('Back puts the focus on the equivalent of a link the panels have since replaced', async () => {
    const p = await freshStore('#paused-client');
    const section = document.createElement('section');
    section.id = 'paused-client';
    const jump = replayLink();
    section.append(jump);
    document.body.append(section);
    try {
      jump.focus();
      p.openReplay({ scenario: 'delayed-write', variant: 'fencing-on' });
      // On the jump's entry the panel re-renders: the link the jump was made from is replaced.
      const again = replayLink();
      jump.replaceWith(again);
      await goInHistory(-1);
      await nextFrames(2);
      expect(document.activeElement).toBe(again);
    } finally {
      section.remove();
    }
  });

  it('Back puts the focus near the reader, not on the body, when the control has no equivalent', async () => {
    const p = await freshStore('#paused-client');
    const main = document.createElement('main');
    main.id = 'main';
    main.tabIndex = -1;
    const section = document.createElement('section');
    section.id = 'paused-client';
    const jump = replayLink();
    const inReplay = document.createElement('button');
    section.append(jump);
    main.append(section, inReplay);
    document.body.append(main);
    try {
      jump.focus();
      p.openReplay({ scenario: 'delayed-write', variant: 'fencing-on' });
      inReplay.focus();
      jump.remove();
      // The control focused on the entry left goes with it, as panels re-render.
      inReplay.remove();
      await goInHistory(-1);
      await nextFrames(10);
      expect(document.activeElement).not.toBe(document.body);
      expect(main.contains(document.activeElement)).toBe(true);
    } finally {
      main.remove();
    }
  });

  it('Back from a link to a section leaves a playing replay alone: the URL names the same run', async () => {
    const p = await freshStore('');
    p.openReplay({ scenario: 'paused-client', variant: 'fencing-off', lock: 'redis' });
    p.setPlaying(true);
    p.tick();
    p.tick();
    p.flushUrlWrites();
    // The reader follows a contents link while it plays (the browser's own entry: no state), then
    // goes Back: the entry differs only in its hash, and its URL still names the step play began
    // at, since the steps of playing are not written.
    followSectionLink('#numbers');
    p.tick();
    await goInHistory(-1);
    expect(url()).toBe('?scenario=paused-client&variant=fencing-off&lock=redis&step=0#see-it');
    expect(p.usePlayback.getState()).toMatchObject({ step: 3, playing: true });
  });

  it('a link to a section (a new entry, not Back) leaves a playing replay alone', async () => {
    const p = await freshStore('');
    p.selectRun({ scenario: 'paused-client', variant: 'fencing-off', lock: 'redis' });
    p.setPlaying(true);
    p.tick();
    p.tick();
    // The browser's own entry for a #hash link: no state, and a popstate event for it.
    p.flushUrlWrites();
    followSectionLink('#numbers');
    expect(p.usePlayback.getState()).toMatchObject({ step: 2, playing: true });
  });
});
