import { useId } from 'react';
import type { PseudoListing } from '../../content/pseudo';
import { CodeBlock } from './CodeBlock';

/** A pseudo-code listing with numbered markers at the end of lines and the notes they point to. */
export function PseudoCode({ listing }: { listing: PseudoListing }) {
  const notesId = `notes-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const markers: Record<number, number[]> = {};
  listing.lines.forEach((line, index) => {
    if (line.notes) markers[index] = line.notes;
  });
  return (
    <div className="pseudo">
      <CodeBlock
        title={listing.title}
        tag="pseudo code"
        language="pseudo"
        code={listing.lines.map((l) => l.code).join('\n')}
        markers={markers}
        notesId={notesId}
      />
      <ol className="code-notes" aria-label={`Notes on ${listing.title}`}>
        {listing.notes.map((note, i) => (
          <li key={i} id={`${notesId}-${i + 1}`}>
            {note}
          </li>
        ))}
      </ol>
    </div>
  );
}
