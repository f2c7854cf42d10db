// Section 8: the storage checks the token.
import type { PseudoListing } from './pseudo';

export const fencingIntro =
  'The storage remembers the highest token that has written to each document, and refuses a write with a lower one, however late it arrives. It has nothing to refuse by until the new holder has written, so a holder that reads before it writes should raise the fence first: a fenced read.';

export const fencingListing: PseudoListing = {
  title: 'a fenced write',
  lines: [
    { code: 'write(doc, body, token):' },
    { code: '  rows = set body = body, fence = token' },
    { code: '         WHERE name = doc AND fence <= token', notes: [1] },
    { code: '  IF rows == 0: RETURN rejected       // a newer token has written', notes: [2] },
    { code: '  RETURN accepted' },
  ],
  notes: [
    'Checking and writing happen in one statement. A holder may write again with the same token, since the test is “at most”, not “below”. In Postgres that is enough at READ COMMITTED, the default; at REPEATABLE READ a concurrent write raises a serialization error, so retry the statement.',
    'Stop the work. A retry would carry the same old token and be refused again. A write with no token, or to a document that does not exist, also changes no row.',
  ],
};

export const fencingFigure = {
  title: 'Two writes reach the storage',
  description:
    'Client 2 writes with token 34 and the storage records fence 34. Client 1 wakes from its pause and writes with token 33; 33 is lower than 34, so the storage refuses it and the document keeps client 2’s body.',
};

export const fencingSayIt =
  'The storage remembers the highest token that has written to it and turns away any write with a lower one.';
