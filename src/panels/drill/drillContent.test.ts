// The drill's content is data the panel trusts: these checks keep a typo from shipping a dead link
// or a question whose "closest choice" does not exist.
import { describe, expect, it } from 'vitest';
import { drillQuestions } from '../../content/drill';
import { findScenario } from '../../sim/scenarios/index';

const anchors = new Set([
  'top',
  'paused-client',
  'which-lock',
  'see-it',
  'fenced-path',
  'capabilities',
  'redis-lock',
  'fencing-storage',
  'redlock',
  'consensus',
  'postgres-locks',
  'failure-cases',
  'scale-ladder',
  'drill',
  'numbers',
]);

describe('drill content', () => {
  it('has the explainer’s eight questions with unique ids', () => {
    expect(drillQuestions).toHaveLength(8);
    expect(new Set(drillQuestions.map((q) => q.id)).size).toBe(8);
    expect(drillQuestions[0]!.prompt).toMatch(/pauses for 500 ms with a 300 ms lock/);
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
