import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { drillQuestions } from '../../content/drill';
import { createDrillProgressStore } from '../../state/drillProgress';
import { DRILL_STORAGE_NAME } from '../../state/drillProgressData';
import { brokenStorage, FakeStorage } from '../../state/testing/fakeStorage';
import { DrillPanel } from './DrillPanel';
import { choiceOrder } from './shuffle';
import { ProgressStatus } from './ProgressStatus';

// The replay's store belongs to another panel; here it only has to be called with the right run.
const openReplay = vi.hoisted(() => vi.fn());
vi.mock('../../state/playback', () => ({ openReplay }));

afterEach(() => {
  cleanup();
  openReplay.mockClear();
});

function setup(storage = new FakeStorage(), choiceSeed = 7) {
  const store = createDrillProgressStore({ getStorage: () => storage });
  let seed = 100;
  const utils = render(
    <>
      <header aria-label="Status">
        <ProgressStatus store={store} />
      </header>
      <section aria-label="Drill">
        <DrillPanel store={store} nextSeed={() => seed++} choiceSeed={choiceSeed} />
      </section>
    </>,
  );
  return { store, storage, ...utils };
}

/**
 * The drill in a tab whose storage another tab also writes: `otherTabSaved` tells this tab's
 * store, as the browser's storage event does, and lets it take the record in.
 */
function setupWithOtherTab() {
  const storage = new FakeStorage();
  let notify: (key: string | null) => void = () => {};
  const store = createDrillProgressStore({
    getStorage: () => storage,
    watchOtherTabs: (onChange) => (notify = onChange),
  });
  render(
    <section aria-label="Drill">
      <DrillPanel store={store} choiceSeed={7} />
    </section>,
  );
  const otherTabSaved = () =>
    act(async () => {
      notify(DRILL_STORAGE_NAME);
      await new Promise((r) => setTimeout(r, 0));
    });
  return { store, storage, otherTabSaved };
}

const q1 = drillQuestions[0]!;
const q2 = drillQuestions[1]!;

const drill = () => within(screen.getByRole('region', { name: 'Drill' }));
const status = () => within(screen.getByRole('banner', { name: 'Status' }));

function card(prompt: string) {
  return screen.getByRole('article', { name: prompt });
}

/**
 * Walks a practice round from its first question with Next, checking that one question shows at a
 * time with its answer hidden, and returns the prompts in the order asked.
 */
function practiceRound(): string[] {
  const prompts: string[] = [];
  for (let i = 0; i < drillQuestions.length; i++) {
    const cards = screen.getAllByRole('article');
    expect(cards).toHaveLength(1);
    expect(within(cards[0]!).getByText(`Question ${i + 1} of 8`)).toBeTruthy();
    expect(within(cards[0]!).queryByRole('heading', { name: 'Answer' })).toBeNull();
    prompts.push(within(cards[0]!).getByRole('heading', { level: 3 }).textContent ?? '');
    const next = screen.queryByRole('button', { name: 'Next question' });
    if (next) {
      fireEvent.click(next);
      expect(document.activeElement?.textContent).toBe(
        within(screen.getByRole('article')).getByRole('heading', { level: 3 }).textContent,
      );
    }
  }
  return prompts;
}

/** The tag a revealed answer puts on a choice, by the choice's words, or ''. */
function tagOf(c: HTMLElement, choiceText: string): string {
  const label = within(c)
    .getAllByRole('radio')
    .map((r) => r.closest('label')!)
    .find((l) => l.querySelector('.drill-choice-text')?.textContent === choiceText);
  return label?.querySelector('.drill-choice-tag')?.textContent ?? '';
}

function promptsInOrder(): string[] {
  return screen
    .getAllByRole('article')
    .map((a) => within(a).getByRole('heading', { level: 3 }).textContent ?? '');
}

/** The choices of a question as the reader sees them, top to bottom (without the reveal's tags). */
function shownChoices(prompt: string): string[] {
  return within(card(prompt))
    .getAllByRole('radio')
    .map((r) => r.closest('label')?.querySelector('.drill-choice-text')?.textContent ?? '');
}

function predictAndReveal(prompt: string, choiceText: string) {
  const c = card(prompt);
  fireEvent.click(within(c).getByRole('radio', { name: choiceText }));
  fireEvent.click(within(c).getByRole('button', { name: 'Reveal the answer' }));
  return c;
}

describe('DrillPanel', () => {
  it('shows the eight questions in the explainer’s order, with nothing known yet', () => {
    setup();
    expect(promptsInOrder()).toEqual(drillQuestions.map((q) => q.prompt));
    expect(drill().getByText('0 of 8 known')).toBeTruthy();
    expect(status().getByText('Not started')).toBeTruthy();
    expect(status().getByText('Saved in this browser only.')).toBeTruthy();
  });

  it('says up front that a right pick counts only once it is marked, and leaves it unmarked', () => {
    setup();
    expect(
      drill().getByText(/a right pick counts once you mark it “I knew it”/, { exact: false }),
    ).toBeTruthy();
    const best = q1.choices.find((c) => c.id === q1.bestChoiceId)!;
    predictAndReveal(q1.prompt, best.text);
    expect(drill().getByText('0 of 8 known')).toBeTruthy();
  });

  it('asks for a prediction before it reveals the answer', () => {
    setup();
    const c = card(q1.prompt);
    fireEvent.click(within(c).getByRole('button', { name: 'Reveal the answer' }));
    expect(within(c).getByText(/Make a prediction first/)).toBeTruthy();
    expect(within(c).queryByRole('heading', { name: 'Answer' })).toBeNull();
    expect(
      within(c).getByRole('button', { name: 'Reveal the answer' }).getAttribute('aria-expanded'),
    ).toBe('false');
    expect(document.activeElement).toBe(within(c).getAllByRole('radio')[0]);
  });

  it('does not take blank text for a prediction', () => {
    setup();
    const c = card(q2.prompt);
    fireEvent.change(within(c).getByRole('textbox', { name: 'Or in your own words' }), {
      target: { value: '   ' },
    });
    fireEvent.click(within(c).getByRole('button', { name: 'Reveal the answer' }));
    expect(within(c).getByText(/Make a prediction first/)).toBeTruthy();
    expect(within(c).queryByRole('heading', { name: 'Answer' })).toBeNull();
  });

  it('reveals after a written prediction too', () => {
    setup();
    const c = card(q2.prompt);
    fireEvent.change(within(c).getByRole('textbox', { name: 'Or in your own words' }), {
      target: { value: 'a pause can fall between the check and the write' },
    });
    fireEvent.click(within(c).getByRole('button', { name: 'Reveal the answer' }));
    expect(within(c).getByRole('heading', { name: 'Answer' })).toBeTruthy();
    expect(within(c).getByText(q2.answer[0]!)).toBeTruthy();
  });

  it('predict, reveal, mark known: the count, the status and the storage follow', () => {
    const { storage } = setup();
    const best = q1.choices.find((c) => c.id === q1.bestChoiceId)!;
    const c = predictAndReveal(q1.prompt, best.text);
    expect(within(c).getByText('Your pick matches the answer.')).toBeTruthy();
    expect(
      within(c).getByRole('button', { name: 'Hide the answer' }).getAttribute('aria-expanded'),
    ).toBe('true');
    const links = within(c)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'));
    expect(links).toContain('?scenario=paused-client&variant=fencing-off#see-it');

    const knew = within(c).getByRole('button', { name: 'I knew it' });
    fireEvent.click(knew);
    expect(knew.getAttribute('aria-pressed')).toBe('true');
    expect(drill().getByText('1 of 8 known')).toBeTruthy();
    expect(status().getByText('In progress')).toBeTruthy();
    expect(JSON.parse(storage.items.get(DRILL_STORAGE_NAME)!).state.progress).toEqual({
      [q1.id]: 'known',
    });
  });

  it('says when a pick differs, and counts "Not yet" apart from known', () => {
    setup();
    const wrong = q1.choices.find((c) => c.id !== q1.bestChoiceId)!;
    const c = predictAndReveal(q1.prompt, wrong.text);
    expect(within(c).getByText(/Your pick differs/)).toBeTruthy();
    fireEvent.click(within(c).getByRole('button', { name: 'Not yet' }));
    expect(drill().getByText('0 of 8 known')).toBeTruthy();
    expect(screen.getByText(/1 not yet/)).toBeTruthy();
  });

  it('tells a wrong pick why it is wrong, beside the right choice', () => {
    const { store } = setup();
    for (const wrong of q1.choices.filter((c) => c.id !== q1.bestChoiceId)) {
      const c = predictAndReveal(q1.prompt, wrong.text);
      const match = c.querySelector('.drill-match')!.textContent ?? '';
      expect(match).toContain(wrong.why!);
      expect(match).toMatch(/^Your pick differs\. .+ The right choice: “/);
      // A revealed wrong pick stands until a reset: clear it to predict afresh.
      act(() => store.getState().reset());
    }
  });

  it('shows each question’s choices in the seed’s order, and keeps it for the visit', () => {
    const { store, unmount } = setup(new FakeStorage(), 7);
    const expected = (seed: number) =>
      drillQuestions.map((q) => choiceOrder(q.id, q.choices, seed).map((c) => c.text));
    const shown = () => drillQuestions.map((q) => shownChoices(q.prompt));
    const before = shown();
    expect(before).toEqual(expected(7));
    // Not the written order: the right choice's place is not the same on every visit.
    expect(before).not.toEqual(drillQuestions.map((q) => q.choices.map((c) => c.text)));

    // A pick, a reveal, a mark, and a trip through practice and back reorder nothing.
    const best = q1.choices.find((c) => c.id === q1.bestChoiceId)!;
    fireEvent.click(
      within(predictAndReveal(q1.prompt, best.text)).getByRole('button', { name: 'I knew it' }),
    );
    act(() => store.getState().pickChoice(q2.id, q2.choices[3]!.id));
    fireEvent.click(screen.getByRole('button', { name: 'Interview practice' }));
    fireEvent.click(screen.getByRole('button', { name: 'Interview practice' }));
    expect(shown()).toEqual(before);

    // Another visit draws another seed, and the choices move.
    unmount();
    setup(new FakeStorage(), 8);
    expect(shown()).toEqual(expected(8));
    expect(shown()).not.toEqual(before);
  });

  it('does not let "I knew it" count a wrong pick: it counts as not yet, and says why', () => {
    const { store, storage } = setup();
    const wrong = q1.choices.find((c) => c.id !== q1.bestChoiceId)!;
    const c = predictAndReveal(q1.prompt, wrong.text);
    expect(within(c).getByText(/Your pick differs/)).toBeTruthy();
    const knew = within(c).getByRole('button', { name: 'I knew it' }) as HTMLButtonElement;
    expect(knew.disabled).toBe(true);
    const reason = within(c).getByText(/Your pick was not the answer/);
    expect(knew.getAttribute('aria-describedby')).toBe(reason.id);
    expect(reason.textContent).toMatch(
      /stays Not yet .* until you reset your progress or answer it in interview practice/,
    );
    fireEvent.click(knew);
    // The store refuses it too, whoever asks.
    act(() => store.getState().mark(q1.id, 'known'));
    expect(drill().getByText('0 of 8 known')).toBeTruthy();
    expect(drill().getByText(/1 not yet/)).toBeTruthy();
    expect(within(c).getByRole('button', { name: 'Not yet' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(JSON.parse(storage.items.get(DRILL_STORAGE_NAME)!).state.progress).toEqual({
      [q1.id]: 'not-yet',
    });

    // With the answer showing, the pick cannot be switched to the right one.
    const best = q1.choices.find((x) => x.id === q1.bestChoiceId)!;
    const right = within(c).getByRole('radio', {
      name: `${best.text} the answer`,
    }) as HTMLInputElement;
    expect(right.disabled).toBe(true);
    // The list marks the answer and the wrong pick in words, and no other choice.
    const tags = within(c)
      .getAllByRole('radio')
      .map((r) => r.closest('label')?.querySelector('.drill-choice-tag')?.textContent ?? '');
    expect(tags.filter((t) => t === '✓ the answer')).toHaveLength(1);
    expect(tags.filter((t) => t === '✗ your pick')).toHaveLength(1);
    expect(tags.filter((t) => t !== '')).toHaveLength(2);
    expect(
      within(c).getByText('Hide the answer to try another choice. It will not count.'),
    ).toBeTruthy();

    // Hide, pick the right one, reveal: the reader may explore, but the wrong pick still counts,
    // and the card says so before and after the reveal.
    fireEvent.click(within(c).getByRole('button', { name: 'Hide the answer' }));
    expect(
      within(c).getByText(
        /^Your pick “.+” was wrong, so this question stays Not yet until you reset your progress or answer it in interview practice\. Picking again here is only to explore: it does not count\.$/,
      ),
    ).toBeTruthy();
    fireEvent.click(right);
    expect(right.checked).toBe(true);
    fireEvent.click(within(c).getByRole('button', { name: 'Reveal the answer' }));
    expect(within(c).queryByText('Your pick matches the answer.')).toBeNull();
    expect(within(c).getByText('Your new pick (not counted) matches the answer.')).toBeTruthy();
    expect(tagOf(c, wrong.text)).toBe('✗ your pick');
    expect(tagOf(c, best.text)).toBe('✓ the answer');
    const knewAgain = within(c).getByRole('button', { name: 'I knew it' }) as HTMLButtonElement;
    expect(knewAgain.disabled).toBe(true);
    expect(within(c).getByText(/Your pick was not the answer/)).toBeTruthy();
    fireEvent.click(knewAgain);
    expect(drill().getByText('0 of 8 known')).toBeTruthy();
    expect(within(c).getByText('Not yet', { selector: '.drill-badge' })).toBeTruthy();
    expect(JSON.parse(storage.items.get(DRILL_STORAGE_NAME)!).state).toEqual({
      progress: { [q1.id]: 'not-yet' },
      predictions: { [q1.id]: { choice: wrong.id, text: '' } },
    });
    // Another wrong choice tried is tagged as the new pick, apart from the one that counts.
    const other = q1.choices.find((x) => x.id !== q1.bestChoiceId && x.id !== wrong.id)!;
    fireEvent.click(within(c).getByRole('button', { name: 'Hide the answer' }));
    fireEvent.click(within(c).getByRole('radio', { name: other.text }));
    fireEvent.click(within(c).getByRole('button', { name: 'Reveal the answer' }));
    expect(tagOf(c, other.text)).toBe('✗ your new pick');
    expect(tagOf(c, wrong.text)).toBe('✗ your pick');
    expect(within(c).getByText(/^Your new pick \(not counted\) differs\./)).toBeTruthy();

    // Reset lets the reader predict afresh.
    fireEvent.click(screen.getByRole('button', { name: 'Reset progress' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, clear my progress' }));
    fireEvent.click(within(c).getByRole('radio', { name: best.text }));
    fireEvent.click(within(c).getByRole('button', { name: 'Reveal the answer' }));
    expect(within(c).getByText('Your pick matches the answer.')).toBeTruthy();
    fireEvent.click(within(c).getByRole('button', { name: 'I knew it' }));
    expect(drill().getByText('1 of 8 known')).toBeTruthy();
  });

  it('a revealed wrong pick still counts after a reload, whatever is picked next', () => {
    const storage = new FakeStorage();
    const first = createDrillProgressStore({ getStorage: () => storage });
    const wrong = q2.choices.find((x) => x.id !== q2.bestChoiceId)!;
    first.getState().pickChoice(q2.id, wrong.id);
    first.getState().setRevealed(q2.id, true);
    setup(storage);
    const c = card(q2.prompt);
    fireEvent.click(within(c).getByRole('button', { name: 'Hide the answer' }));
    const best = q2.choices.find((x) => x.id === q2.bestChoiceId)!;
    fireEvent.click(within(c).getByRole('radio', { name: best.text }));
    fireEvent.click(within(c).getByRole('button', { name: 'Reveal the answer' }));
    expect(
      (within(c).getByRole('button', { name: 'I knew it' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(drill().getByText('0 of 8 known')).toBeTruthy();
  });

  it('lets a reader who wrote their own prediction grade it', () => {
    setup();
    const c = card(q2.prompt);
    fireEvent.change(within(c).getByRole('textbox', { name: 'Or in your own words' }), {
      target: { value: 'the lock can expire between the check and the write' },
    });
    fireEvent.click(within(c).getByRole('button', { name: 'Reveal the answer' }));
    const knew = within(c).getByRole('button', { name: 'I knew it' }) as HTMLButtonElement;
    expect(knew.disabled).toBe(false);
    fireEvent.click(knew);
    expect(drill().getByText('1 of 8 known')).toBeTruthy();
  });

  it('reads Done when all eight are known', () => {
    const { store } = setup();
    act(() => {
      for (const q of drillQuestions) store.getState().mark(q.id, 'known');
    });
    expect(drill().getByText('8 of 8 known')).toBeTruthy();
    expect(status().getByText('Done')).toBeTruthy();
    expect(drill().getByText(/^All 8 known\. Try interview practice/)).toBeTruthy();
    // In practice already, it does not send the reader to where they are.
    fireEvent.click(screen.getByRole('button', { name: 'Interview practice' }));
    expect(drill().queryByText(/Try interview practice/)).toBeNull();
    // Nothing has been said in this round's order yet: study's marks do not earn that line.
    expect(drill().queryByText(/in an order you could not lean on/)).toBeNull();
    act(() => {
      for (const q of drillQuestions.slice(0, 7)) store.getState().mark(q.id, 'known');
    });
    expect(drill().queryByText(/in an order you could not lean on/)).toBeNull();
    act(() => store.getState().mark(drillQuestions[7]!.id, 'known'));
    expect(drill().getByText(/^All 8 known, in an order you could not lean on/)).toBeTruthy();
  });

  it('interview practice asks the shuffled questions one at a time, every answer hidden', () => {
    const { store } = setup();
    const best = q1.choices.find((c) => c.id === q1.bestChoiceId)!;
    fireEvent.click(
      within(predictAndReveal(q1.prompt, best.text)).getByRole('button', { name: 'I knew it' }),
    );

    const toggle = screen.getByRole('button', { name: 'Interview practice' });
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    const shuffled = practiceRound();
    expect(shuffled).not.toEqual(drillQuestions.map((q) => q.prompt));
    expect([...shuffled].sort()).toEqual(drillQuestions.map((q) => q.prompt).sort());
    // Progress survives the mode change.
    expect(store.getState().progress[q1.id]).toBe('known');
    // The round ends with its own score, and no way further: the question study mode marked
    // known was not answered in this round.
    expect(
      screen.getByText('That was the last question. This round: 0 of 8 known, 8 not marked.', {
        exact: false,
      }),
    ).toBeTruthy();
    expect(screen.queryByText(/1 of 8 known/, { selector: '.drill-practice-end' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Next question' })).toBeNull();

    // Previous goes back one, and takes the focus to that question.
    fireEvent.click(screen.getByRole('button', { name: 'Previous question' }));
    expect(screen.getAllByRole('article')).toHaveLength(1);
    expect(document.activeElement).toBe(
      screen.getByRole('heading', { level: 3, name: shuffled[6] }),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Shuffle again' }));
    expect(practiceRound()).not.toEqual(shuffled);

    // No choices to lean on in practice, and an answer said out loud is enough to reveal.
    fireEvent.click(screen.getByRole('button', { name: 'Shuffle again' }));
    expect(screen.queryAllByRole('radio')).toHaveLength(0);
    const fresh = screen.getByRole('article');
    fireEvent.click(within(fresh).getByRole('button', { name: 'Reveal the answer' }));
    expect(within(fresh).getByRole('heading', { name: 'Answer' })).toBeTruthy();
    expect(within(fresh).queryByText(/Make a prediction first/)).toBeNull();

    fireEvent.click(toggle);
    expect(promptsInOrder()).toEqual(drillQuestions.map((q) => q.prompt));
    expect(screen.getAllByRole('radio').length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Shuffle again' })).toBeNull();
  });

  it('asks before it resets, keeps progress on cancel and Escape, clears on confirm', () => {
    const { store } = setup();
    act(() => store.getState().mark(q1.id, 'known'));
    const reset = screen.getByRole('button', { name: 'Reset progress' });

    fireEvent.click(reset);
    let dialog = screen.getByRole('alertdialog', { name: 'Clear your drill progress?' });
    expect(document.activeElement).toBe(
      within(dialog).getByRole('button', { name: 'Keep my progress' }),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep my progress' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(drill().getByText('1 of 8 known')).toBeTruthy();
    expect(document.activeElement).toBe(reset);

    fireEvent.click(reset);
    dialog = screen.getByRole('alertdialog');
    // Asked in place, not modal: Tab is the browser's, and the focus may go between its buttons.
    const keep = within(dialog).getByRole('button', { name: 'Keep my progress' });
    const clear = within(dialog).getByRole('button', { name: 'Yes, clear my progress' });
    expect(fireEvent.keyDown(keep, { key: 'Tab' })).toBe(true);
    expect(document.activeElement).toBe(keep);
    act(() => clear.focus());
    act(() => keep.focus());
    expect(screen.getByRole('alertdialog')).toBe(dialog);
    fireEvent.keyDown(within(dialog).getByRole('button', { name: 'Keep my progress' }), {
      key: 'Escape',
    });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(drill().getByText('1 of 8 known')).toBeTruthy();

    fireEvent.click(reset);
    fireEvent.click(screen.getByRole('button', { name: 'Yes, clear my progress' }));
    expect(drill().getByText('0 of 8 known')).toBeTruthy();
    expect(status().getByText('Not started')).toBeTruthy();
    expect(screen.getByText('Progress cleared.')).toBeTruthy();
  });

  it('closes the reset question as "Keep" when the reader goes elsewhere, leaving the focus there', () => {
    const { store } = setup();
    act(() => store.getState().mark(q1.id, 'known'));
    const reset = screen.getByRole('button', { name: 'Reset progress' });

    // Tab (or a click) onto another control: the question closes and the focus stays there.
    fireEvent.click(reset);
    expect(reset.getAttribute('aria-expanded')).toBe('true');
    const elsewhere = within(card(q2.prompt)).getAllByRole('radio')[0]!;
    act(() => elsewhere.focus());
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(reset.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(elsewhere);

    // Shift+Tab back to the button that asked closes it too.
    fireEvent.click(reset);
    act(() =>
      within(screen.getByRole('alertdialog'))
        .getByRole('button', { name: 'Yes, clear my progress' })
        .focus(),
    );
    act(() => reset.focus());
    expect(screen.queryByRole('alertdialog')).toBeNull();

    // A click inside keeps it open; a click on plain text elsewhere closes it.
    fireEvent.click(reset);
    const dialog = screen.getByRole('alertdialog');
    fireEvent.click(within(dialog).getByText('Clear your drill progress?'));
    expect(screen.getByRole('alertdialog')).toBe(dialog);
    fireEvent.click(screen.getByText(/^For each question, pick or write a prediction/));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    // A focus lost to nothing (the window went to the background) is no answer.
    fireEvent.click(reset);
    act(() => (document.activeElement as HTMLElement).blur());
    expect(screen.getByRole('alertdialog')).toBeTruthy();

    expect(drill().getByText('1 of 8 known')).toBeTruthy();
    expect(store.getState().progress[q1.id]).toBe('known');
  });

  it('interview practice shows no study verdict and its own empty answer, and leaves the study words alone', () => {
    const { store } = setup();
    act(() => {
      store.getState().writePrediction(q1.id, 'I think it waits');
      store.getState().setRevealed(q1.id, true);
      store.getState().setRevealed(q2.id, true);
      store.getState().pickChoice(q2.id, q2.bestChoiceId);
      store.getState().mark(q1.id, 'not-yet');
      store.getState().mark(q2.id, 'known');
    });
    expect(within(card(q1.prompt)).getByText('Not yet', { selector: '.drill-badge' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Interview practice' }));
    expect(screen.getByText(/write it \(it is kept for this round only/)).toBeTruthy();
    const seen: Record<string, HTMLElement> = {};
    for (let i = 0; i < drillQuestions.length; i++) {
      const c = screen.getByRole('article');
      const prompt = within(c).getByRole('heading', { level: 3 }).textContent ?? '';
      expect(c.querySelector('.drill-badge')).toBeNull();
      expect(c.getAttribute('data-verdict')).toBe('none');
      expect((within(c).getByRole('textbox') as HTMLTextAreaElement).value).toBe('');
      seen[prompt] = c;
      if (prompt === q1.prompt) {
        fireEvent.change(within(c).getByRole('textbox'), { target: { value: 'It lands' } });
        fireEvent.click(within(c).getByRole('button', { name: 'Reveal the answer' }));
        // The study mark is not this run's: neither button shows pressed until the reader says.
        const knew = within(c).getByRole('button', { name: 'I knew it' });
        expect(knew.getAttribute('aria-pressed')).toBe('false');
        expect(
          within(c).getByRole('button', { name: 'Not yet' }).getAttribute('aria-pressed'),
        ).toBe('false');
        fireEvent.click(knew);
        expect(knew.getAttribute('aria-pressed')).toBe('true');
        expect(within(c).getByText('Known', { selector: '.drill-badge' })).toBeTruthy();
        expect(store.getState().progress[q1.id]).toBe('known');
        expect(store.getState().predictions[q1.id]?.text).toBe('I think it waits');
        // Previous and Next keep this run's answer.
        const previous = screen.getByRole('button', { name: 'Previous question' });
        const next = screen.queryByRole('button', { name: 'Next question' });
        fireEvent.click((next ?? previous) as HTMLElement);
        fireEvent.click(
          screen.getByRole('button', { name: next ? 'Previous question' : 'Next question' }),
        );
        expect(
          (within(screen.getByRole('article')).getByRole('textbox') as HTMLTextAreaElement).value,
        ).toBe('It lands');
      }
      const next = screen.queryByRole('button', { name: 'Next question' });
      if (next) fireEvent.click(next);
    }
    expect(Object.keys(seen)).toHaveLength(drillQuestions.length);

    // Back to study: what practice wrote is gone, the study words are as they were.
    fireEvent.click(screen.getByRole('button', { name: 'Interview practice' }));
    expect((within(card(q1.prompt)).getByRole('textbox') as HTMLTextAreaElement).value).toBe(
      'I think it waits',
    );
    expect(within(card(q1.prompt)).getByText('Known', { selector: '.drill-badge' })).toBeTruthy();
    // A new run starts empty again.
    fireEvent.click(screen.getByRole('button', { name: 'Interview practice' }));
    expect(store.getState().practiceAnswers).toEqual({});
  });

  it('a reset in another tab closes an answer a wrong pick had locked here', async () => {
    const { storage, otherTabSaved } = setupWithOtherTab();
    const wrong = q2.choices.find((c) => c.id !== q2.bestChoiceId)!;
    const c = predictAndReveal(q2.prompt, wrong.text);
    expect(within(c).getByRole('button', { name: 'I knew it' })).toHaveProperty('disabled', true);

    const other = createDrillProgressStore({ getStorage: () => storage });
    other.getState().reset();
    await otherTabSaved();
    expect(drill().getByText('0 of 8 known')).toBeTruthy();
    // As a reset here would leave it: the answer closed, the choices open, nothing picked.
    expect(within(c).queryByRole('heading', { name: 'Answer' })).toBeNull();
    expect(within(c).queryByRole('button', { name: 'I knew it' })).toBeNull();
    const radios = within(c).getAllByRole('radio') as HTMLInputElement[];
    expect(radios.every((r) => !r.disabled && !r.checked)).toBe(true);
    fireEvent.click(within(c).getByRole('button', { name: 'Reveal the answer' }));
    expect(within(c).getByText(/Make a prediction first/)).toBeTruthy();
  });

  it('shows what another tab changed, merged with this tab’s marks, until a change here', async () => {
    const { storage, otherTabSaved } = setupWithOtherTab();
    const note = () => drill().queryByText(/in another tab of this page/);
    expect(note()).toBeNull();
    const best = q1.choices.find((c) => c.id === q1.bestChoiceId)!;
    const c1 = predictAndReveal(q1.prompt, best.text);
    // The other tab reads storage before this tab's mark, and saves after it without hearing it.
    const other = createDrillProgressStore({ getStorage: () => storage });
    fireEvent.click(within(c1).getByRole('button', { name: 'I knew it' }));
    other.getState().writePrediction(q2.id, 'the lock expired');
    other.getState().mark(q2.id, 'known');
    await otherTabSaved();
    expect(drill().getByText('2 of 8 known')).toBeTruthy();
    expect(note()!.textContent).toBe(
      'Updated with what you did in another tab of this page (1 question).',
    );
    expect(note()!.getAttribute('role')).toBe('status');
    expect(within(card(q2.prompt)).getByRole('textbox')).toHaveProperty(
      'value',
      'the lock expired',
    );
    // The reader acts here: the note has been read.
    fireEvent.click(within(c1).getByRole('button', { name: 'Not yet' }));
    expect(note()).toBeNull();

    createDrillProgressStore({ getStorage: () => storage })
      .getState()
      .reset();
    await otherTabSaved();
    expect(drill().getByText('0 of 8 known')).toBeTruthy();
    expect(note()!.textContent).toBe(
      'Your drill progress was cleared in another tab of this page.',
    );
  });

  it('calls a stored version no page has (1e300) broken, not a newer page’s, and saves over it', () => {
    const storage = new FakeStorage();
    storage.items.set(
      DRILL_STORAGE_NAME,
      '{"version":1e300,"state":{"progress":{},"predictions":{}}}',
    );
    setup(storage);
    expect(drill().getByText(/could not be read, so the drill starts fresh/)).toBeTruthy();
    expect(screen.queryByText(/newer version/)).toBeNull();
    expect(status().getByText('Saved in this browser only.')).toBeTruthy();
    const best = q1.choices.find((c) => c.id === q1.bestChoiceId)!;
    fireEvent.click(
      within(predictAndReveal(q1.prompt, best.text)).getByRole('button', { name: 'I knew it' }),
    );
    expect(JSON.parse(storage.items.get(DRILL_STORAGE_NAME)!).state.progress).toEqual({
      [q1.id]: 'known',
    });
  });

  it('starts fresh from a corrupted value and says so once, until dismissed', () => {
    const storage = new FakeStorage();
    storage.items.set(DRILL_STORAGE_NAME, '{"version":2,"state":{"progress":');
    setup(storage);
    expect(
      screen.getAllByText(/could not be read, so the drill starts fresh/).length,
    ).toBeGreaterThan(0);
    expect(drill().getByText('0 of 8 known')).toBeTruthy();
    const dismiss = screen.getByRole('button', { name: 'Dismiss' });
    dismiss.focus();
    fireEvent.click(dismiss);
    expect(screen.queryByText(/could not be read/)).toBeNull();
    // The button went with its notice; the keyboard is not dropped on the page's body.
    expect(document.activeElement).toBe(
      drill().getByRole('button', { name: 'Interview practice' }),
    );
  });

  it('works for the session and says progress will not be kept when storage is blocked', () => {
    const storage = brokenStorage();
    setup(storage);
    expect(drill().getByText(/progress will not be kept/)).toBeTruthy();
    expect(status().getByText(/Progress will not be kept: this browser/)).toBeTruthy();
    const best = q1.choices.find((c) => c.id === q1.bestChoiceId)!;
    fireEvent.click(
      within(predictAndReveal(q1.prompt, best.text)).getByRole('button', { name: 'I knew it' }),
    );
    expect(drill().getByText('1 of 8 known')).toBeTruthy();
  });

  it('says a newer page’s progress is why nothing is saved, and a reset clears it as it says', () => {
    const storage = new FakeStorage();
    const newer = JSON.stringify({
      version: 3,
      state: { progress: { [q1.id]: 'known' }, predictions: {} },
    });
    storage.items.set(DRILL_STORAGE_NAME, newer);
    setup(storage);
    // Storage works: neither the top status nor the drill may blame the browser.
    expect(screen.queryByText(/does not let the page save/)).toBeNull();
    expect(screen.queryByText(/not letting the page save/)).toBeNull();
    expect(
      status().getByText(
        'Progress is not being saved: a newer version of this page saved progress in this browser, and this page keeps it untouched.',
      ),
    ).toBeTruthy();
    expect(drill().getByText(/written by a newer version of this page/)).toBeTruthy();
    fireEvent.click(drill().getByRole('button', { name: 'Dismiss' }));
    expect(drill().queryByText(/written by a newer version/)).toBeNull();
    // What is left after Dismiss is still true.
    expect(
      drill().getByText(
        /^Your progress here is not being saved: a newer version of this page saved progress in this browser, and this page keeps it untouched\./,
      ),
    ).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Reset progress' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Clear your drill progress?' });
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(dialog.getAttribute('aria-describedby')!)!.textContent).toMatch(
      /also the progress a newer version of this page saved in this browser/,
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, clear my progress' }));
    expect(
      screen.getByText(
        'Progress cleared, with the newer version’s progress. This page saves your progress again.',
      ),
    ).toBeTruthy();
    expect(status().getByText('Saved in this browser only.')).toBeTruthy();
    expect(drill().queryByText(/not being saved/)).toBeNull();
    expect(JSON.parse(storage.items.get(DRILL_STORAGE_NAME)!)).toEqual({
      version: 2,
      state: { progress: {}, predictions: {} },
    });
    // From now on the drill saves, and a new visit finds that.
    const best = q1.choices.find((c) => c.id === q1.bestChoiceId)!;
    fireEvent.click(
      within(predictAndReveal(q1.prompt, best.text)).getByRole('button', { name: 'I knew it' }),
    );
    expect(JSON.parse(storage.items.get(DRILL_STORAGE_NAME)!).state.progress).toEqual({
      [q1.id]: 'known',
    });
  });

  it('when the storage fills up, says so and that the earlier progress stays, not that nothing is kept', () => {
    const { storage, store } = setup();
    const best = q1.choices.find((c) => c.id === q1.bestChoiceId)!;
    const c = predictAndReveal(q1.prompt, best.text);
    storage.failSet = true;
    fireEvent.click(within(c).getByRole('button', { name: 'I knew it' }));
    expect(store.getState().storage).toBe('full');
    expect(drill().getByText(/storage for this site is full/)).toBeTruthy();
    expect(
      drill().getByText(/a reload would bring back only the progress saved before/),
    ).toBeTruthy();
    expect(status().getByText(/storage for this site is full/)).toBeTruthy();
    expect(screen.queryByText(/not letting the page save|does not let the page save/)).toBeNull();
    expect(screen.queryByText(/progress will not be kept/i)).toBeNull();
    // The prediction made before the storage filled up is what a reload brings back.
    expect(JSON.parse(storage.items.get(DRILL_STORAGE_NAME)!).state).toEqual({
      progress: {},
      predictions: { [q1.id]: { choice: best.id, text: '' } },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Reset progress' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Clear your drill progress?' });
    expect(within(dialog).getByText(/saved in this browser, and those of this visit/)).toBeTruthy();
    act(() => {
      storage.failSet = false;
      fireEvent.click(within(c).getByRole('button', { name: 'Not yet' }));
    });
    expect(store.getState().storage).toBe('saved');
    expect(screen.queryByText(/storage for this site is full/)).toBeNull();
  });

  it('a reset in a browser that saves nothing says it clears this visit only', () => {
    setup(brokenStorage());
    fireEvent.click(screen.getByRole('button', { name: 'Reset progress' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Clear your drill progress?' });
    expect(within(dialog).getByText(/of this visit/)).toBeTruthy();
    expect(within(dialog).queryByText(/saved in this browser/)).toBeNull();
  });

  it('brings back predictions and marks from storage, with marked answers open', () => {
    const storage = new FakeStorage();
    const first = createDrillProgressStore({ getStorage: () => storage });
    first.getState().pickChoice(q2.id, q2.bestChoiceId);
    first.getState().writePrediction(q2.id, 'stale by the time it lands');
    first.getState().mark(q2.id, 'not-yet');
    setup(storage);
    const c = card(q2.prompt);
    const best = q2.choices.find((x) => x.id === q2.bestChoiceId)!;
    // A right pick shows only "the answer": it is the pick.
    const pick = within(c).getByRole('radio', { name: `${best.text} the answer` });
    expect((pick as HTMLInputElement).checked).toBe(true);
    expect(within(c).queryByText('your pick')).toBeNull();
    expect((within(c).getByRole('textbox') as HTMLTextAreaElement).value).toBe(
      'stale by the time it lands',
    );
    expect(within(c).getByRole('button', { name: 'Not yet' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
  });

  it('opens a replay link in place with a plain click, and leaves modified clicks to the browser', () => {
    setup();
    const best = q1.choices.find((c) => c.id === q1.bestChoiceId)!;
    const c = predictAndReveal(q1.prompt, best.text);
    const link = within(c).getByRole('link', { name: 'Replay: fencing on' });
    expect(fireEvent.click(link, { button: 0 })).toBe(false);
    expect(openReplay).toHaveBeenCalledWith({ scenario: 'paused-client', variant: 'fencing-on' });
    openReplay.mockClear();
    expect(fireEvent.click(link, { button: 0, ctrlKey: true })).toBe(true);
    expect(openReplay).not.toHaveBeenCalled();
    // A section link is an ordinary anchor.
    expect(fireEvent.click(within(c).getByRole('link', { name: 'The paused client' }))).toBe(true);
    expect(openReplay).not.toHaveBeenCalled();
  });
});
