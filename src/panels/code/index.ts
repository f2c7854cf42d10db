// Code on the page: the shared code block, pseudo code with notes, and the tested lock files.
export { CodeBlock, type CodeBlockProps } from './CodeBlock';
export { PseudoCode } from './PseudoCode';
export { TestedSource } from './TestedSource';
export { lockSources, type LockSource } from './lockSources';
export { InlineText } from './InlineText';
