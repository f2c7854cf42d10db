// Section 5: the fenced path.

export const fencedPathSayIt =
  'Every lock I take comes with a token; every write I send carries it; the storage turns away a token older than one it has already seen.';
