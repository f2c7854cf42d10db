// How the page names a trace's actors, in the replay's sentences and on the timelines alike: the
// lab writes `client-1` and `nemesis`, a reader sees "client 1" and "the fault injector".

/** `client-1` → `client 1`; `nemesis` → `the fault injector`. */
export function actorName(actor: string): string {
  if (actor === 'nemesis') return 'the fault injector';
  return actor.replace(/-/g, ' ');
}

/**
 * Free text from a trace (a note a server's backend wrote) with its actor ids in words: the lab
 * writes "client-1's acquire", the page says "client 1’s acquire".
 */
export function prose(text: string): string {
  return text
    .replace(/\b(client-\d+|nemesis)'s\b/g, '$1’s')
    .replace(/\bclient-(\d+)\b/g, 'client $1')
    .replace(/\bnemesis\b/g, 'the fault injector');
}
