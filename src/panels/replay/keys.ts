// What a key does in the replay. Controls keep their own keys: Space presses a focused button,
// arrows move a slider or a select. Everywhere else in the panel, Space plays or pauses and the
// arrows step, as in a video player.

export type ReplayKeyAction = 'toggle' | 'back' | 'forward' | 'start' | 'end';

/** The kind of element the key was pressed on. */
export type KeyTarget = 'panel' | 'button' | 'slider' | 'select' | 'text';

export function keyTargetOf(el: EventTarget | null): KeyTarget {
  if (!el || typeof (el as Element).tagName !== 'string') return 'panel';
  const e = el as HTMLElement;
  const tag = e.tagName.toLowerCase();
  if (tag === 'select') return 'select';
  if (tag === 'textarea' || e.isContentEditable) return 'text';
  if (tag === 'input') {
    const type = (e as HTMLInputElement).type;
    if (type === 'range') return 'slider';
    if (type === 'checkbox' || type === 'radio' || type === 'button') return 'button';
    return 'text';
  }
  // Anything Space or Enter already operates: a summary opens its details, a link follows.
  const role = e.getAttribute('role');
  if (
    tag === 'button' ||
    tag === 'summary' ||
    tag === 'a' ||
    role === 'switch' ||
    role === 'button'
  )
    return 'button';
  return 'panel';
}

export function replayKeyAction(
  key: string,
  target: KeyTarget,
  mods: { alt?: boolean; ctrl?: boolean; meta?: boolean } = {},
): ReplayKeyAction | null {
  if (mods.alt || mods.ctrl || mods.meta) return null;
  if (target === 'text' || target === 'select' || target === 'slider') return null;
  switch (key) {
    case ' ':
    case 'Spacebar':
      return target === 'button' ? null : 'toggle';
    case 'k':
      return 'toggle';
    // Left and right only, as the keys line says: up and down keep scrolling the page.
    case 'ArrowLeft':
      return 'back';
    case 'ArrowRight':
      return 'forward';
    case 'Home':
      return 'start';
    case 'End':
      return 'end';
    default:
      return null;
  }
}
