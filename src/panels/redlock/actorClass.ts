// The colour class of whoever holds a node's key or believes it holds the lock: client 1, client
// 2, any other client, or nobody. The node cards and the chart use the same classes.
const ACTOR_CLASS: Record<string, string> = { 'client-1': 'rl-c1', 'client-2': 'rl-c2' };

export const actorClass = (actor: string | null): string =>
  actor ? (ACTOR_CLASS[actor] ?? 'rl-c3') : 'rl-free';
