// Section 8: the storage checks the token.
import type { PseudoListing } from './pseudo';

export const fencingIntro =
  'The storage remembers the highest token that has written to each document. A write carrying a lower token is refused, however late it arrives and whoever sends it.';

export const fencingListing: PseudoListing = {
  title: 'a fenced write',
  lines: [
    { code: 'write(doc, body, token):' },
    { code: '  rows = set body = body, fence = token' },
    { code: '         WHERE name = doc AND fence <= token', notes: [1] },
    { code: '  IF rows == 0: RETURN rejected       // a newer holder has written', notes: [2] },
    { code: '  RETURN accepted' },
  ],
  notes: [
    'Checking and writing happen in one statement. A holder may write again with the same token, since the test is “at most”, not “below”.',
    'Stop the work. A retry would carry the same old token and be refused again.',
  ],
};

export const fencingFigure = {
  title: 'Two writes reach the storage',
  description:
    'Client 2 writes with token 34 and the storage records fence 34. Client 1 wakes from its pause and writes with token 33; 33 is lower than 34, so the storage refuses it and the document keeps client 2’s body.',
};

export const fencingSayIt =
  'The storage remembers the highest token that has written to it and turns away any write with a lower one.';
