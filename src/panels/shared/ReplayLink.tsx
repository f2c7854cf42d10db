// A link that opens a run in the replay (#see-it): the paused client's, Redlock's recording, each
// failure case's. A real link, so a reader can open it in a new tab or copy its address, and a
// page opened at that address shows the same run. A plain click stays in the page: it opens the
// replay in place (openReplay: the run chosen, a history entry added, the replay scrolled into
// view and focused) instead of loading the page again.
import type { MouseEvent, ReactNode, Ref } from 'react';
import { openReplay, type ReplayTarget } from '../../state/playback';
import { REPLAY_HASH } from '../../state/playbackUrl';
import { searchWith } from '../../state/urlParams';

/**
 * The address of a run at its first step, with no other parameter: the run alone, so that it
 * does not go stale as the page's own address changes. Without a lock the page picks the one the
 * replay would (as openReplay does).
 */
export function replayLinkHref({ scenario, variant, lock }: ReplayTarget): string {
  // The parameters in the order the replay writes them (playbackUrl.ts replaySearch).
  const search = searchWith('', {
    scenario,
    variant: variant ?? null,
    lock: lock || null,
    step: '0',
  });
  return `${search}#${REPLAY_HASH}`;
}

/** A click the page handles itself: the main button, with no key that asks for a new tab or window. */
export function isPlainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

export function ReplayLink({
  target,
  children,
  ref,
  'aria-label': ariaLabel,
}: {
  target: ReplayTarget;
  children: ReactNode;
  ref?: Ref<HTMLAnchorElement>;
  'aria-label'?: string;
}) {
  return (
    <a
      ref={ref}
      className="fl-link-button"
      href={replayLinkHref(target)}
      aria-label={ariaLabel}
      onClick={(event) => {
        if (!isPlainClick(event)) return;
        event.preventDefault();
        openReplay(target);
      }}
    >
      {children}
    </a>
  );
}
