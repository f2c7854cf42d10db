import { CodeBlock, InlineText, lockSources, PseudoCode, TestedSource } from '../code';
import {
  blindReleaseNote,
  redisLockAsides,
  redisLockIntro,
  redisLockListing,
  redisLockSayIt,
} from '../../content/redisLock';
import { SayIt } from '../top';

export function RedisLockPanel() {
  const { acquire, release, extend, blindRelease } = lockSources;
  return (
    <div>
      <p>
        <InlineText>{redisLockIntro}</InlineText>
      </p>
      <PseudoCode listing={redisLockListing} />
      <ul className="notes">
        {redisLockAsides.map((n) => (
          <li key={n}>
            <InlineText>{n}</InlineText>
          </li>
        ))}
      </ul>
      <TestedSource
        sources={[acquire, release, extend]}
        extra={
          <details className="disclosure">
            <summary>The wrong release, for contrast</summary>
            <p>{blindReleaseNote}</p>
            <CodeBlock
              title={blindRelease.title}
              tag={`src/locks/${blindRelease.file}`}
              code={blindRelease.code}
              language="lua"
            />
          </details>
        }
      />
      <SayIt>{redisLockSayIt}</SayIt>
    </div>
  );
}
