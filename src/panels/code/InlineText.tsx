import { Fragment } from 'react';

/**
 * Prose from src/content with `backticked` spans shown as code. The content stays plain strings
 * (easy to test and to reword) while commands and file names still read as code on the page.
 */
export function InlineText({ children }: { children: string }) {
  const parts = children.split('`');
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          <code key={i} className="inline-code">
            {part}
          </code>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </>
  );
}
