// The one-time notices the drill shows when saved progress could not be used as it was.

export type NoticeReason =
  | 'unreadable'
  | 'partly-unreadable'
  | 'too-large'
  | 'unknown-version'
  | 'newer-version'
  | 'replaced-elsewhere';

export interface DrillNotice {
  reason: NoticeReason;
  message: string;
}

const noticeMessages: Record<NoticeReason, string> = {
  unreadable: 'Your saved drill progress could not be read, so the drill starts fresh.',
  'partly-unreadable':
    'Part of your saved drill progress could not be read, so it was left out. The rest is here.',
  'too-large': 'Your saved drill progress was too large to be ours, so the drill starts fresh.',
  'unknown-version':
    'Your saved drill progress came from a version of this page we do not know, so the drill starts fresh.',
  'newer-version':
    'Your saved drill progress was written by a newer version of this page. This page leaves it untouched and keeps what you do here for this visit only; open the newer page to carry on with it.',
  'replaced-elsewhere':
    'Another tab saved drill progress this page could not read, so this tab saved its own progress in its place.',
};

export function noticeFor(reason: NoticeReason): DrillNotice {
  return { reason, message: noticeMessages[reason] };
}

/**
 * What another tab of the page changed in this one: its marks and predictions, merged in, or a
 * reset. Said beside the drill, so that marks that moved while the reader was in the other tab
 * have a reason on screen.
 */
export type OtherTabNote = { kind: 'changed'; questionIds: string[] } | { kind: 'cleared' };

export function otherTabMessage(note: OtherTabNote): string {
  if (note.kind === 'cleared')
    return 'Your drill progress was cleared in another tab of this page.';
  const count = note.questionIds.length;
  const questions = count === 1 ? '1 question' : `${count} questions`;
  return `Updated with what you did in another tab of this page (${questions}).`;
}
