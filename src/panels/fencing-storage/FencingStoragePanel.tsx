import { lockSources, PseudoCode, TestedSource, CodeBlock } from '../code';
import { fencingIntro, fencingListing, fencingSayIt } from '../../content/fencingStorage';
import { SayIt } from '../top';
import { FencingFigure } from './FencingFigure';

export function FencingStoragePanel() {
  const { schema, fencedWrite, plainWrite } = lockSources;
  return (
    <div>
      <p>{fencingIntro}</p>
      <FencingFigure />
      <PseudoCode listing={fencingListing} />
      <TestedSource
        sources={[schema, fencedWrite]}
        extra={
          <details className="disclosure">
            <summary>The unfenced write, for contrast</summary>
            <p>
              With fencing off, the lab writes with this statement instead. It ignores the token, so
              a late write lands on top of a newer holder’s work.
            </p>
            <CodeBlock
              title={plainWrite.title}
              tag={`src/locks/${plainWrite.file}`}
              code={plainWrite.code}
              language="sql"
            />
          </details>
        }
      />
      <SayIt>{fencingSayIt}</SayIt>
    </div>
  );
}
