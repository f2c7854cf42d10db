// The link's problems with the replay's run and step, for the notice under the page's title: the
// same sentences the replay's own notice shows, checked against the runs that exist.
import type { LinkReader } from '../../state/linkProblems';
import { dismissNotice, replayLinkNotice, usePlayback } from '../../state/playback';
import { REPLAY_KEYS } from '../../state/playbackUrl';

export const replayLinkReader: LinkReader = {
  keys: REPLAY_KEYS,
  // The replay's own notice, the first thing in its panel, says them where a reader lands.
  saidAtTop: true,
  problems(search) {
    const notice = replayLinkNotice(search);
    return notice === null ? [] : [notice];
  },
  // Only the link's own notice: one the reader has since brought (another run) stays.
  dismissAtTop(search) {
    const notice = replayLinkNotice(search);
    if (notice !== null && usePlayback.getState().notice === notice) dismissNotice();
  },
};
