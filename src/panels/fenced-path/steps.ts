// The fenced path as data: the steps a correct client takes, what each does, and what to do when
// it fails. The diagram lights the path that leads to the chosen step.

export type StepId = 'acquire' | 'work' | 'write' | 'extend' | 'release';

export interface FencedStep {
  id: StepId;
  number: number;
  title: string;
  /** What the step does, sentence by sentence. */
  does: string[];
  /** A few words on the failure edge of the diagram. */
  failLabel: string;
  /** What to do when the step fails, one line per kind of failure. */
  ifItFails: { when: string; then: string }[];
}

export const STEPS: readonly FencedStep[] = [
  {
    id: 'acquire',
    number: 1,
    title: 'Acquire, with a token',
    does: [
      'Run the acquire script: it sets the lock key only if the key is absent.',
      'In the same script, the token counter (the key fence:{name}) goes up by 1; its new value is your token.',
      'The key gets a TTL, so a holder that crashes frees the lock without anyone cleaning up.',
    ],
    failLabel: 'busy or down',
    ifItFails: [
      {
        when: 'The lock is busy',
        then: 'Retry after a random delay (so that waiting clients do not all retry at the same moment), or answer “busy”.',
      },
      { when: 'Redis is down', then: 'No new work starts: without a lock there is no token.' },
    ],
  },
  {
    id: 'work',
    number: 2,
    title: 'Do the work',
    does: [
      'Do the job while you hold the lock, with the token kept at hand.',
      'Assume you can stop at any moment, for longer than the TTL: a GC pause, swap, a VM migration.',
    ],
    failLabel: 'crash',
    ifItFails: [
      {
        when: 'The client crashes',
        then: 'Nobody can take the lock until its TTL runs out; whoever takes it next does the work from the start. Writes the crashed client made stay, so the work must be safe to run again.',
      },
    ],
  },
  {
    id: 'write',
    number: 3,
    title: 'Write with the token',
    does: [
      'Send the token with every write.',
      'The storage keeps a fence with each document: the highest token that has written to it. It applies the write only if fence ≤ token, in the same statement, and stores the token as the new fence.',
    ],
    failLabel: 'rejected: stop',
    ifItFails: [
      {
        when: 'The write is rejected',
        then: 'A newer holder has written: stop the work. A retry would carry the same old token and be refused again.',
      },
    ],
  },
  {
    id: 'extend',
    number: 4,
    title: 'Extend, before the TTL ends',
    does: [
      'A long job extends its lock before the TTL runs out.',
      'The extend script resets the expiry only if the key still holds your token.',
    ],
    failLabel: 'failed: stop',
    ifItFails: [
      {
        when: 'The extend fails or gets no answer',
        then: 'Count the lock as gone: stop. Another client may hold it; the fence still guards the storage.',
      },
    ],
  },
  {
    id: 'release',
    number: 5,
    title: 'Release',
    does: [
      'The release script deletes the key only if it still holds your token.',
      'After an expiry the key may hold another client’s token, and that lock is not yours to delete.',
    ],
    failLabel: 'deletes nothing',
    ifItFails: [
      {
        when: 'The release deletes nothing',
        then: 'Your lock had expired. Leave the key alone; the fence refuses any late write of yours once a newer holder has written.',
      },
    ],
  },
];

/** The steps on the way to each step: extend branches off the work, release follows the write. */
const PATHS: Record<StepId, StepId[]> = {
  acquire: ['acquire'],
  work: ['acquire', 'work'],
  write: ['acquire', 'work', 'write'],
  extend: ['acquire', 'work', 'extend'],
  release: ['acquire', 'work', 'write', 'release'],
};

export function stepById(id: string): FencedStep | null {
  return STEPS.find((s) => s.id === id) ?? null;
}

export interface LitPath {
  steps: ReadonlySet<StepId>;
  /** Edges as `from>to`. */
  edges: ReadonlySet<string>;
}

export function litPath(id: StepId | null): LitPath {
  if (id === null) return { steps: new Set(), edges: new Set() };
  const path = PATHS[id];
  const edges = new Set<string>();
  for (let i = 1; i < path.length; i++) edges.add(`${path[i - 1]}>${path[i]}`);
  return { steps: new Set(path), edges };
}

/** The step after or before `id` in reading order, for arrow keys in the diagram. */
export function neighbour(id: StepId, delta: 1 | -1): StepId {
  const i = STEPS.findIndex((s) => s.id === id);
  const j = (i + delta + STEPS.length) % STEPS.length;
  return (STEPS[j] as FencedStep).id;
}
