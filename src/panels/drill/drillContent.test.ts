// The drill's content is data the panel trusts: these checks keep a typo from shipping a dead link
// or a question whose "closest choice" does not exist.
import { describe, expect, it } from 'vitest';
import { drillQuestions } from '../../content/drill';
import { findScenario } from '../../sim/scenarios/index';
import { sections } from '../../app/sections';

// The page renders one <section id> per entry of `sections`; a copied list of ids would keep
// passing after a section is renamed, and the drill's link to it would go nowhere.
const anchors = new Set(sections.map((s) => s.id));

describe('drill content', () => {
  it('has the explainer’s eight questions with unique ids', () => {
    expect(drillQuestions).toHaveLength(8);
    expect(new Set(drillQuestions.map((q) => q.id)).size).toBe(8);
    expect(drillQuestions[0]!.prompt).toMatch(
      /holds a lock with a 300 ms TTL and pauses for 500 ms/,
    );
    expect(drillQuestions[7]!.prompt).toMatch(/third-party API/);
  });

  it.each(drillQuestions.map((q) => [q.id, q] as const))('%s is complete', (_id, q) => {
    expect(q.choices.length).toBeGreaterThanOrEqual(3);
    expect(new Set(q.choices.map((c) => c.id)).size).toBe(q.choices.length);
    expect(q.choices.map((c) => c.id)).toContain(q.bestChoiceId);
    expect(q.answer.length).toBeGreaterThan(0);
    // Short enough to say in an interview: a couple of short paragraphs at most.
    expect(q.answer.join(' ').length).toBeLessThan(600);
    expect(q.links.length).toBeGreaterThan(0);
  });

  // The answer explains the right choice; a reader who picked a wrong one also needs to hear why
  // that one fails, or the reveal teaches what passes but not what was wrong with their model.
  it.each(drillQuestions.map((q) => [q.id, q] as const))(
    '%s: every wrong choice says why it is wrong, in a sentence or two',
    (_id, q) => {
      for (const c of q.choices) {
        if (c.id === q.bestChoiceId) {
          expect(c.why, c.id).toBeUndefined();
          continue;
        }
        expect(c.why, c.id).toBeDefined();
        expect(c.why!.length, c.id).toBeLessThanOrEqual(140);
        expect(
          c.why!.split(/[.!?](?:\s|$)/).filter((x) => x.trim() !== '').length,
          c.id,
        ).toBeLessThanOrEqual(2);
      }
    },
  );

  // The right choice used to be the longest by far in every question (1.56 to 2.96 times the
  // longest wrong one), so a reader could pick it by its length alone. 1.25 leaves room for a
  // right answer that needs a few more words (the rewritten choices reach 1.16 at most) and fails
  // every question of the old text.
  it.each(drillQuestions.map((q) => [q.id, q] as const))(
    '%s: the right choice is not given away by its length',
    (_id, q) => {
      const right = q.choices.find((c) => c.id === q.bestChoiceId)!.text.length;
      const longestWrong = Math.max(
        ...q.choices.filter((c) => c.id !== q.bestChoiceId).map((c) => c.text.length),
      );
      expect(right).toBeLessThanOrEqual(1.25 * longestWrong);
    },
  );

  it('does not make the longest choice the right one in most questions', () => {
    // By chance it would be about one in four; the old text had it in all eight.
    const longestIsRight = drillQuestions.filter((q) => {
      const longest = q.choices.reduce((a, b) => (b.text.length > a.text.length ? b : a));
      return longest.id === q.bestChoiceId;
    });
    expect(longestIsRight.length).toBeLessThanOrEqual(drillQuestions.length / 2);
  });

  it('links only to sections that exist and replays the engine can run', () => {
    for (const q of drillQuestions) {
      for (const { href } of q.links) {
        const section = /^#([a-z-]+)$/.exec(href);
        if (section) {
          expect(anchors.has(section[1]!), href).toBe(true);
          continue;
        }
        const replay = /^\?scenario=([a-z0-9-]+)&variant=([a-z0-9-]+)#see-it$/.exec(href);
        expect(replay, href).not.toBeNull();
        const scenario = findScenario(replay![1]!);
        expect(scenario, href).toBeDefined();
        expect(scenario!.variants, href).toContain(replay![2]!);
      }
    }
  });

  it('links the paused-client replay from question 1 and the Redlock replays from question 4', () => {
    expect(drillQuestions[0]!.links.map((l) => l.href)).toContain(
      '?scenario=paused-client&variant=fencing-off#see-it',
    );
    const q4 = drillQuestions[3]!.links.map((l) => l.href).join(' ');
    expect(q4).toContain('scenario=redlock-clock-jump');
    expect(q4).toContain('scenario=redlock-gc-pause');
  });
});
