// The shape of a pseudo-code listing with numbered notes, shared by the three code sections.
export interface PseudoLine {
  code: string;
  /** Note numbers this line points to; the page shows them as markers at the end of the line. */
  notes?: number[];
}

export interface PseudoListing {
  title: string;
  lines: PseudoLine[];
  /** Note n is notes[n - 1]. */
  notes: string[];
}

/** Check that markers and notes agree: every marker has a note, every note has a marker. */
export function listingProblems(listing: PseudoListing): string[] {
  const problems: string[] = [];
  const used = new Set<number>();
  for (const line of listing.lines) {
    for (const n of line.notes ?? []) {
      used.add(n);
      if (n < 1 || n > listing.notes.length) problems.push(`marker ${n} has no note`);
    }
  }
  listing.notes.forEach((_, i) => {
    if (!used.has(i + 1)) problems.push(`note ${i + 1} has no marker`);
  });
  return problems;
}
