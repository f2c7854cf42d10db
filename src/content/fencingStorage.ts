// Section 8: the storage checks the token.
import type { PseudoListing } from './pseudo';

export const fencingIntro =
  'For each document the storage keeps the highest token that has written to it: the fence. It refuses a write with a lower token, however late that write arrives. But until the new holder writes, the fence is still no higher than the old holder’s token, so a late write from the old holder gets through. A new holder that reads before it writes should therefore first raise the fence to its own token: a fenced read.';

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
    'Checking and writing happen in one statement. A holder may write again with the same token, since the test is fence ≤ token, not fence < token. In Postgres that one statement is enough at READ COMMITTED, the default; at REPEATABLE READ a concurrent write raises a serialization error instead. That error is not a refusal: run the statement again in a new transaction, and the fence decides.',
    'Stop the work: a refusal is final. Sent again, the write would carry the same old token and be refused again. A write with no token, or to a document that does not exist, also changes no row.',
  ],
};

export const fencingFigure = {
  title: 'Two writes reach the storage',
  description:
    'Client 2 writes with token 34 and the storage records fence 34. Client 1 wakes from its pause and writes with token 33; 33 is lower than 34, so the storage refuses it and the document keeps client 2’s body.',
};

export const fencingSayIt =
  'The storage remembers the highest token that has written to it and turns away any write with a lower one.';
