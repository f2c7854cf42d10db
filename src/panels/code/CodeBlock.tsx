import { useId, useMemo } from 'react';
import { tokenize, toLines, type Language } from '../../viz/highlight';

export interface CodeBlockProps {
  /** Shown above the code; also the block's accessible name. */
  title: string;
  /** The file name or kind of code, shown as a small tag. */
  tag?: string;
  code: string;
  language: Language;
  /** Markers to show at the end of given lines (0-based), e.g. note numbers. */
  markers?: Record<number, number[]>;
  /** The id prefix of the notes the markers link to. */
  notesId?: string;
}

/**
 * Code as it is, coloured by our tokenizer. The block scrolls sideways inside its own box on a
 * phone, so the page itself never does; it is focusable so a keyboard user can scroll it too.
 */
export function CodeBlock({ title, tag, code, language, markers, notesId }: CodeBlockProps) {
  const lines = useMemo(
    () => toLines(tokenize(code.replace(/\n$/, ''), language)),
    [code, language],
  );
  const titleId = useId();
  return (
    <figure className="code-block" aria-labelledby={titleId}>
      <figcaption id={titleId} className="code-title">
        <span>{title}</span>
        {tag ? <span className="code-tag">{tag}</span> : null}
      </figcaption>
      {/* Focusable so a long line can be scrolled by keyboard; a group, so it has a name. Not a
          region: twelve code blocks made the page's landmark list twice as long. */}
      <pre tabIndex={0} role="group" aria-labelledby={titleId} className={`code lang-${language}`}>
        <code>
          {lines.map((line, index) => (
            <span className="code-line" key={index}>
              {line.map((token, k) =>
                token.kind === 'plain' ? (
                  token.text
                ) : (
                  <span key={k} className={`tok-${token.kind}`}>
                    {token.text}
                  </span>
                ),
              )}
              {markers?.[index]?.map((n) =>
                notesId ? (
                  <a
                    key={n}
                    className="note-marker"
                    href={`#${notesId}-${n}`}
                    aria-label={`note ${n}`}
                  >
                    {n}
                  </a>
                ) : (
                  <span key={n} className="note-marker">
                    {n}
                  </span>
                ),
              )}
              {'\n'}
            </span>
          ))}
        </code>
      </pre>
    </figure>
  );
}
