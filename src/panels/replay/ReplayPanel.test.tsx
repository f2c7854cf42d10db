import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { InvalidRecordings } from './InvalidRecordings';
import { ReplayPanel } from './ReplayPanel';
import { selectRun, setPlaying, setStep, tick, usePlayback } from '../../state/playback';
import { runsReady } from './runs';

// The page shows these panels once the recordings are validated (app/panels.ts); so do the tests.
beforeAll(() => runsReady);

function documentNow() {
  const card = screen.getByRole('group', { name: 'The document now' });
  const [body, fence] = within(card).getAllByRole('definition');
  return { body: body?.textContent, fence: fence?.textContent };
}

beforeEach(() => {
  act(() => selectRun({ scenario: 'paused-client', variant: 'fencing-off', lock: 'redis' }));
});
afterEach(() => {
  cleanup();
  window.history.replaceState(null, '', '/');
});

describe('ReplayPanel', () => {
  it('starts before the first event with the initial document', () => {
    render(<ReplayPanel />);
    expect(documentNow()).toEqual({
      body: 'v0',
      fence: '0 (never raised: this storage ignores tokens)',
    });
    expect(screen.getByRole('switch', { name: 'Fencing' }).getAttribute('aria-checked')).toBe(
      'false',
    );
    // The lab's recording when there is one, else the engine: either way the panel says which.
    expect(
      screen.getByText(
        /Recorded on Redis [\d.]+ and Postgres [\d.]+, \d{4}-\d\d-\d\d|No recording of this run is in this build, so the page’s own simulator runs it in your browser\. Its random delays come from a fixed seed \(1\)/,
      ),
    ).toBeTruthy();
  });

  it('steps forward and back, and the document follows', () => {
    render(<ReplayPanel />);
    const forward = screen.getByRole('button', { name: 'Step forward' });
    for (let i = 0; i < 7; i++) fireEvent.click(forward);
    expect(documentNow().body).toBe('v2');
    fireEvent.click(screen.getByRole('button', { name: 'Step back' }));
    expect(documentNow().body).toBe('v0');
    expect(usePlayback.getState().step).toBe(6);
    // The position reads its time as the page shows times, to a tenth of a ms.
    const position = screen.getByRole('slider', { name: 'Replay position' });
    expect(position.getAttribute('aria-valuetext')).toMatch(/^Step 6 of \d+, \d+(\.\d)? ms$/);
  });

  it('with fencing off the stale write is accepted and corrupts the document', () => {
    render(<ReplayPanel />);
    fireEvent.keyDown(screen.getByRole('region', { name: 'Replay' }), { key: 'End' });
    expect(documentNow().body).toBe('v1');
    expect(screen.getByText(/Stale write accepted/)).toBeTruthy();
  });

  it('with fencing on the storage rejects it, the newer body stays, and the client learns it lost', () => {
    render(<ReplayPanel />);
    fireEvent.click(screen.getByRole('switch', { name: 'Fencing' }));
    expect(screen.getByRole('switch', { name: 'Fencing' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    // Before any write, a storage that keeps a fence has none yet; it does not ignore tokens.
    expect(documentNow().fence).toBe('0 (no token has written yet)');
    fireEvent.keyDown(screen.getByRole('region', { name: 'Replay' }), { key: 'End' });
    expect(documentNow()).toEqual({ body: 'v2', fence: '34 (the highest token it has taken)' });
    expect(screen.getByText(/Stale write rejected by the storage/)).toBeTruthy();
    expect(screen.getByText(/learns it lost the lock, and stops/)).toBeTruthy();
  });

  it('keeps the stale write in view when fencing is flipped there', () => {
    render(<ReplayPanel />);
    fireEvent.click(screen.getByRole('button', { name: /^jump to it/ }));
    const at = usePlayback.getState().step;
    expect(screen.getByText(/Stale write accepted/)).toBeTruthy();
    fireEvent.click(screen.getByRole('switch', { name: 'Fencing' }));
    expect(usePlayback.getState()).toMatchObject({ variant: 'fencing-on', step: at });
    expect(screen.getByText(/Stale write rejected by the storage/)).toBeTruthy();
    expect(documentNow().body).toBe('v2');
    expect(screen.queryByText(/Before the first event/)).toBeNull();
  });

  it('plays and pauses with Space on the panel, and steps with the arrows', () => {
    render(<ReplayPanel />);
    const panel = screen.getByRole('region', { name: 'Replay' });
    fireEvent.keyDown(panel, { key: 'ArrowRight' });
    fireEvent.keyDown(panel, { key: 'ArrowRight' });
    expect(usePlayback.getState().step).toBe(2);
    fireEvent.keyDown(panel, { key: 'ArrowLeft' });
    expect(usePlayback.getState().step).toBe(1);
    fireEvent.keyDown(panel, { key: ' ' });
    expect(screen.getByRole('button', { name: 'Pause' })).toBeTruthy();
    fireEvent.keyDown(panel, { key: ' ' });
    expect(screen.getByRole('button', { name: 'Play' })).toBeTruthy();
  });

  it('moves to an event chosen in the list, and marks it current', () => {
    render(<ReplayPanel />);
    const items = within(screen.getByRole('group', { name: 'Events' })).getAllByRole('button');
    fireEvent.click(items[4]!);
    expect(usePlayback.getState().step).toBe(5);
    expect(items[4]!.getAttribute('aria-current')).toBe('step');
    expect(items.filter((b) => b.hasAttribute('aria-current'))).toHaveLength(1);
  });

  it('offers every lock of the scenario and another scenario', () => {
    render(<ReplayPanel />);
    const lock = screen.getByRole('combobox', { name: 'Lock and storage' });
    fireEvent.change(lock, { target: { value: 'pg-lease' } });
    expect(usePlayback.getState().lock).toBe('pg-lease');
    const scenario = screen.getByRole('combobox', { name: 'Scenario' });
    fireEvent.change(scenario, { target: { value: 'slow-release' } });
    expect(usePlayback.getState().scenario).toBe('slow-release');
    expect(screen.getByRole('combobox', { name: 'Variant' })).toBeTruthy();
  });
});

describe('ReplayPanel, the run selects', () => {
  it('opens another scenario without a notice, and keeps fencing where the scenario has it', () => {
    render(<ReplayPanel />);
    const scenario = screen.getByRole('combobox', { name: 'Scenario' });
    // From fencing off to a scenario with other variants, and back to one with a fencing switch:
    // the reader asked for neither variant, so nothing tells them a variant is missing.
    fireEvent.change(scenario, { target: { value: 'slow-release' } });
    expect(usePlayback.getState().notice).toBeNull();
    fireEvent.change(scenario, { target: { value: 'long-job' } });
    expect(usePlayback.getState().notice).toBeNull();
    expect(screen.queryByText(/has no variant/)).toBeNull();
    fireEvent.click(screen.getByRole('switch', { name: 'Fencing' }));
    fireEvent.change(scenario, { target: { value: 'delayed-write' } });
    expect(usePlayback.getState().variant).toBe('fencing-on');
    expect(usePlayback.getState().notice).toBeNull();
  });

  it('keeps the keyboard in the replay when its notice is dismissed', () => {
    usePlayback.setState({ notice: 'The link’s variant “nope” is not one this scenario has.' });
    render(<ReplayPanel />);
    const dismiss = screen.getByRole('button', { name: 'Dismiss' });
    dismiss.focus();
    fireEvent.click(dismiss);
    expect(screen.queryByText(/variant “nope”/)).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('region', { name: 'Replay' }));
  });

  it('shows the link’s notice it opens with, announced under the title; announces a later one', () => {
    usePlayback.setState({ notice: 'The link’s variant “nope” is not one this scenario has.' });
    render(<ReplayPanel />);
    const live = (text: RegExp) => screen.getByText(text).closest('[role="status"]');
    // The notice under the page's title (app/LinkNotice.tsx) says the link's problems aloud.
    expect(live(/variant “nope”/)).toBeNull();
    // Back to an entry whose link names another run that does not exist.
    act(() => usePlayback.setState({ notice: 'There is no scenario called “gone”.' }));
    expect(live(/scenario called “gone”/)).not.toBeNull();
    act(() =>
      usePlayback.setState({ notice: 'The link’s variant “nope” is not one this scenario has.' }),
    );
    expect(live(/variant “nope”/)).not.toBeNull();
  });

  it('names every scenario in what a 320 px select shows, each name its own', () => {
    render(<ReplayPanel />);
    const scenario = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Scenario' });
    const names = [...scenario.options].map((o) => o.textContent ?? '');
    expect(names.length).toBeGreaterThanOrEqual(11);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names)
      expect(
        name.length,
        `“${name}” is over 27 characters: give its scenario a \`short\` name`,
      ).toBeLessThanOrEqual(27);
  });

  it('groups the locks by whether real servers recorded the run, and the source line agrees', () => {
    render(<ReplayPanel />);
    const lock = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Lock and storage' });
    const options = [...lock.querySelectorAll('option')];
    expect(options.map((o) => o.value)).toEqual(['redis', 'pg-lease']);
    for (const option of options) {
      act(() => {
        fireEvent.change(lock, { target: { value: option.value } });
      });
      const group = option.closest('optgroup')?.label;
      const source = screen.getByText(/^(Recorded on|No recording of this run)/).textContent ?? '';
      expect(group).toBe(
        source.startsWith('Recorded on') ? 'Recorded on real servers' : 'Simulated only',
      );
      // The names are short enough for a 320 px phone; the group says what "(recorded)" said.
      expect(option.textContent!.length).toBeLessThanOrEqual(24);
    }
  });
});

describe('ReplayPanel, words for a newcomer', () => {
  it('says why a run with no recording is simulated, and what its seed is for', () => {
    act(() => selectRun({ scenario: 'server-clock-jump', variant: 'fencing-on', lock: 'etcd' }));
    const { container } = render(<ReplayPanel />);
    expect(container.querySelector('.replay-source')?.textContent).toBe(
      'No recording of this run is in this build, so the page’s own simulator runs it in your browser. Its random delays come from a fixed seed (1), so the same choice always shows the same run.',
    );
  });

  it('says why a scenario without the fencing switch has none, and says nothing where it has one', () => {
    act(() => selectRun({ scenario: 'redlock-gc-pause', variant: 'default' }));
    render(<ReplayPanel />);
    expect(screen.queryByRole('switch', { name: 'Fencing' })).toBeNull();
    expect(
      screen.getByText(
        'No fencing switch here: Redlock hands out no token, so the storage has nothing to compare and takes both writes.',
      ),
    ).toBeTruthy();
    cleanup();
    act(() => selectRun({ scenario: 'paused-client', variant: 'fencing-on', lock: 'redis' }));
    render(<ReplayPanel />);
    expect(screen.getByRole('switch', { name: 'Fencing' })).toBeTruthy();
    expect(screen.queryByText(/^No fencing switch here/)).toBeNull();
  });
});

describe('ReplayPanel, the lock on etcd', () => {
  const lockNow = () => screen.getByRole('group', { name: 'The lock now' }).textContent ?? '';

  it('never calls the lock free at the nominal TTL, and says when etcd still held it', () => {
    act(() => selectRun({ scenario: 'etcd-lease', variant: 'fencing-on', lock: 'etcd' }));
    render(<ReplayPanel />);
    // The refusal after client 1's lease TTL ran out: etcd had not revoked it yet.
    act(() => setStep(5));
    expect(lockNow()).toMatch(
      /Still held by client 1 with token \d+: its lease TTL ran out at [\d.]+ ms, but etcd had not revoked it when client 2 was refused at [\d.]+ ms\./,
    );
    fireEvent.keyDown(screen.getByRole('region', { name: 'Replay' }), { key: 'End' });
    expect(lockNow()).not.toMatch(/Free/);
    expect(lockNow()).toMatch(
      /Client 2’s lease TTL ran out at [\d.]+ ms\. The lock is free once etcd revokes the expired lease, on its own schedule, a little later\./,
    );
    expect(lockNow()).toMatch(
      /Believes it holds the lock: client 2 \(token \d+\), whose lease TTL ran out at [\d.]+ ms, after its last step at [\d.]+ ms, without a release\./,
    );
  });
});

describe('ReplayPanel, words that fit the run', () => {
  const toEnd = () =>
    fireEvent.keyDown(screen.getByRole('region', { name: 'Replay' }), { key: 'End' });

  it('says a storage that ignores tokens never raised its fence, on Redlock too', () => {
    act(() => selectRun({ scenario: 'redlock-gc-pause', variant: 'default' }));
    render(<ReplayPanel />);
    toEnd();
    expect(documentNow().fence).toBe('0 (never raised: this storage ignores tokens)');
  });

  it('prints no raw actor ids anywhere in the failover run', () => {
    act(() => selectRun({ scenario: 'redis-failover', variant: 'fencing-on' }));
    render(<ReplayPanel />);
    toEnd();
    const panel = screen.getByRole('region', { name: 'Replay' });
    expect(panel.textContent).not.toMatch(/client-\d|nemesis/);
    // The timeline's marks speak in their names (aria-label) too.
    for (const el of panel.querySelectorAll('[aria-label]'))
      expect(el.getAttribute('aria-label')).not.toMatch(/client-\d|nemesis/);
  });

  it('says the lease-row release matched no row, not that a key holds another token', () => {
    act(() => selectRun({ scenario: 'paused-client', variant: 'fencing-off', lock: 'pg-lease' }));
    render(<ReplayPanel />);
    toEnd();
    const events = screen.getByRole('group', { name: 'Events' }).textContent ?? '';
    expect(events).not.toMatch(/key/);
    expect(events).toMatch(/matches no row/);
  });
});

describe('InvalidRecordings', () => {
  it('names each refused recording and what is wrong with it', () => {
    render(
      <InvalidRecordings
        invalid={[
          {
            file: 'paused-client.fencing-on.redis.json',
            errors: ['events[3].t: expected a number'],
          },
        ]}
      />,
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('One recording failed validation and is left out');
    expect(alert.textContent).toContain(
      'recordings/paused-client.fencing-on.redis.json: events[3].t: expected a number',
    );
  });

  it('shows nothing when every recording is valid', () => {
    const { container } = render(<InvalidRecordings invalid={[]} />);
    expect(container.textContent).toBe('');
  });
});

describe('ReplayPanel, the way to the stale write', () => {
  beforeEach(() => {
    act(() => selectRun({ scenario: 'paused-client', variant: 'fencing-on', lock: 'redis' }));
  });

  it('names where "jump to it" goes, for a reader who hears the button without its sentence', () => {
    render(<ReplayPanel />);
    const note = screen.getByText(/A late write is coming at step (\d+)\./);
    const step = /at step (\d+)\./.exec(note.textContent ?? '')![1];
    // The name starts with the words on screen, so that speech input can say them.
    expect(
      screen.getByRole('button', { name: `jump to it: the late write, step ${step}` }),
    ).toBeTruthy();
  });

  it('jumps to the stale write from the note that announces it', () => {
    render(<ReplayPanel />);
    fireEvent.click(screen.getByRole('button', { name: /^jump to it/ }));
    expect(screen.getByText(/Stale write rejected by the storage/)).toBeTruthy();
    expect(documentNow().body).toBe('v2');
    // The button is gone: focus is on the replay, not dropped to the page.
    expect(document.activeElement?.hasAttribute('data-replay-panel')).toBe(true);
  });

  it('has the verdict’s live region in place, empty, before the write: filled then, it is heard', () => {
    render(<ReplayPanel />);
    const statuses = () => screen.getAllByRole('status');
    const live = statuses().find((el) => el.textContent === '');
    expect(live).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: /^jump to it/ }));
    // The same element, now with the verdict in it: a change, which a screen reader announces.
    expect(live!.isConnected).toBe(true);
    expect(live!.textContent).toMatch(/^Stale write rejected by the storage\./);
    expect(statuses()).toContain(live);
  });

  it('says the last step once when playing reaches the end, and nothing for a pause', () => {
    const { container } = render(<ReplayPanel />);
    const ended = () => container.querySelector('.fl-visually-hidden[aria-live="polite"]');
    const slider = screen.getByRole('slider', { name: 'Replay position' });
    const length = Number(slider.getAttribute('max'));
    act(() => {
      setStep(length - 2);
      setPlaying(true);
    });
    act(() => void tick());
    act(() => setPlaying(false)); // a pause one step short of the end
    expect(ended()?.textContent).toBe('');
    act(() => setPlaying(true));
    act(() => void tick());
    expect(usePlayback.getState().playing).toBe(false);
    const caption = container.querySelector('.replay-caption')?.textContent ?? '';
    expect(caption.length).toBeGreaterThan(0);
    expect(ended()?.textContent).toBe(`The replay has ended. ${caption}`);
    act(() => setStep(2));
    expect(ended()?.textContent).toBe('');
  });

  it('says a failover repeated the token, not that a lock expired', () => {
    act(() => selectRun({ scenario: 'redis-failover', variant: 'fencing-on' }));
    render(<ReplayPanel />);
    fireEvent.click(screen.getByRole('button', { name: /^jump to it/ }));
    expect(screen.getByText(/A repeated token got through/)).toBeTruthy();
    expect(
      screen.getByText(/Client 2 holds the lock with the same token 33, handed out a second time/),
    ).toBeTruthy();
    // An increment, in the words of the Redis section: a "step" here is the replay's own.
    expect(screen.getByText(/the failover lost the counter’s last increment,/)).toBeTruthy();
    // What fence ≤ token means, said where it decides: the repeated token passes the check.
    expect(
      screen.getByText(/at least equal to its fence \(fence ≤ token\), so 33 passes for both/),
    ).toBeTruthy();
    expect(screen.queryByText(/whose lock had already expired/)).toBeNull();
  });

  it('with fencing off, a repeated token is not said to have passed a check the storage never made', () => {
    act(() => selectRun({ scenario: 'redis-failover', variant: 'fencing-off' }));
    render(<ReplayPanel />);
    fireEvent.click(screen.getByRole('button', { name: /^jump to it/ }));
    expect(documentNow().fence).toBe('0 (never raised: this storage ignores tokens)');
    expect(screen.queryByText(/A repeated token got through/)).toBeNull();
    expect(screen.getByText(/Stale write accepted/)).toBeTruthy();
    expect(screen.getByText(/without checking its token/)).toBeTruthy();
    expect(
      screen.getByText(
        /turning fencing on would not help here: a storage that checks takes any token at least equal to its fence/,
      ),
    ).toBeTruthy();
  });
});

describe('ReplayPanel, a run with no stale write', () => {
  beforeEach(() => {
    act(() => selectRun({ scenario: 'holder-crash', variant: 'default', lock: 'redis' }));
  });

  it('points to its closing line, and says it at the end in the live region already there', () => {
    render(<ReplayPanel />);
    expect(screen.queryByText(/A late write is coming/)).toBeNull();
    const live = screen.getAllByRole('status').find((el) => el.textContent === '');
    expect(live).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'jump to the end' }));
    const slider = screen.getByRole('slider', { name: 'Replay position' });
    expect(usePlayback.getState().step).toBe(Number(slider.getAttribute('max')));
    expect(live!.isConnected).toBe(true);
    expect(live!.textContent).toMatch(
      /^The TTL freed a crashed holder’s lock\. Client 1 crashed at/,
    );
    expect(screen.queryByRole('button', { name: 'jump to the end' })).toBeNull();
    expect(document.activeElement?.hasAttribute('data-replay-panel')).toBe(true);
  });

  it('says nothing of it one step before the end', () => {
    render(<ReplayPanel />);
    const slider = screen.getByRole('slider', { name: 'Replay position' });
    act(() => setStep(Number(slider.getAttribute('max')) - 1));
    expect(screen.queryByText(/The TTL freed a crashed holder’s lock/)).toBeNull();
    expect(screen.getByRole('button', { name: 'jump to the end' })).toBeTruthy();
  });

  it('is not offered on a run the stale write’s verdict closes', () => {
    act(() => selectRun({ scenario: 'paused-client', variant: 'fencing-on', lock: 'redis' }));
    render(<ReplayPanel />);
    expect(screen.queryByRole('button', { name: 'jump to the end' })).toBeNull();
  });
});

describe('ReplayPanel by keyboard', () => {
  const eventButtons = () =>
    within(screen.getByRole('group', { name: 'Events' })).getAllByRole('button');
  const tabbable = () => eventButtons().filter((b) => b.tabIndex === 0);

  it('is no Tab stop itself: its controls are (at 375 px it is 1,800 px tall)', () => {
    render(<ReplayPanel />);
    expect(screen.getByRole('region', { name: 'Replay' }).tabIndex).toBe(-1);
  });

  it('gives the event list one Tab stop, on the current event', () => {
    render(<ReplayPanel />);
    expect(eventButtons().length).toBeGreaterThan(5);
    expect(tabbable()).toEqual([eventButtons()[0]]);
    act(() => setStep(4));
    expect(tabbable()).toEqual([eventButtons()[3]]);
  });

  it('moves between events with up and down, and Enter goes to one', () => {
    render(<ReplayPanel />);
    act(() => setStep(4));
    eventButtons()[3]!.focus();
    fireEvent.keyDown(eventButtons()[3]!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(eventButtons()[4]);
    expect(tabbable()).toEqual([eventButtons()[4]]);
    // Moving is not stepping: the replay stays where it was until an event is picked.
    expect(usePlayback.getState().step).toBe(4);
    fireEvent.keyDown(eventButtons()[4]!, { key: 'ArrowUp' });
    fireEvent.keyDown(eventButtons()[3]!, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(eventButtons()[2]);
    fireEvent.click(eventButtons()[2]!);
    expect(usePlayback.getState().step).toBe(3);
  });

  it('keeps the keyboard on the current event as the arrows step', () => {
    render(<ReplayPanel />);
    act(() => setStep(2));
    eventButtons()[1]!.focus();
    fireEvent.keyDown(eventButtons()[1]!, { key: 'ArrowRight' });
    expect(usePlayback.getState().step).toBe(3);
    expect(document.activeElement).toBe(eventButtons()[2]);
    expect(tabbable()).toEqual([eventButtons()[2]]);
  });
});
