import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { CodeBlock } from './CodeBlock';
import { InlineText } from './InlineText';
import { PseudoCode } from './PseudoCode';
import { lockSources } from './lockSources';
import { redisLockListing } from '../../content/redisLock';

afterEach(cleanup);

describe('CodeBlock', () => {
  it('shows a tested file exactly as it is, one numbered line per source line', () => {
    const { acquire } = lockSources;
    const { container } = render(
      <CodeBlock title={acquire.title} code={acquire.code} language="lua" />,
    );
    const code = container.querySelector('code');
    expect(code?.textContent).toBe(acquire.code.replace(/\n$/, '') + '\n');
    expect(container.querySelectorAll('.code-line')).toHaveLength(
      acquire.code.replace(/\n$/, '').split('\n').length,
    );
    expect(container.querySelector('.tok-keyword')?.textContent).toBeTruthy();
    expect(screen.getByRole('figure', { name: /Acquire with a token/ })).toBeTruthy();
    // Scrollable by keyboard and named, without adding a landmark per code block.
    const pre = screen.getByRole('group', { name: /Acquire with a token/ });
    expect(pre.tagName).toBe('PRE');
    expect(pre.tabIndex).toBe(0);
    expect(screen.queryAllByRole('region')).toHaveLength(0);
  });

  it('reads every tested lock file from src/locks', () => {
    for (const source of Object.values(lockSources)) {
      expect(source.code.length, source.file).toBeGreaterThan(20);
    }
  });

  it('links each note marker in pseudo code to its note', () => {
    render(<PseudoCode listing={redisLockListing} />);
    const marker = screen.getByRole('link', { name: 'note 4' });
    const target = marker.getAttribute('href')?.slice(1) ?? '';
    expect(document.getElementById(target)?.textContent).toMatch(/Delete the lock only/);
  });
});

describe('InlineText', () => {
  it('shows backticked spans as code', () => {
    const { container } = render(<InlineText>{'Run `npm run lab:bench` now.'}</InlineText>);
    expect(container.querySelector('code')?.textContent).toBe('npm run lab:bench');
    expect(container.textContent).toBe('Run npm run lab:bench now.');
  });
});
