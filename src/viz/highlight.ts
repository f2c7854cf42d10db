// A small tokenizer for the three kinds of code the page shows: Redis Lua scripts, Postgres SQL
// and the explainer's pseudo code. It exists so the page can colour the tested files without
// shipping a general-purpose highlighter. It never drops or reorders a character: joining the
// tokens' text gives back the source exactly, which the tests check.

export type Language = 'lua' | 'sql' | 'pseudo';

export type TokenKind =
  | 'comment'
  | 'string'
  | 'number'
  | 'keyword'
  | 'builtin'
  | 'function'
  | 'param'
  | 'operator'
  | 'punctuation'
  | 'plain';

export interface Token {
  kind: TokenKind;
  text: string;
}

const LUA_KEYWORDS = new Set([
  'and',
  'break',
  'do',
  'else',
  'elseif',
  'end',
  'false',
  'for',
  'function',
  'goto',
  'if',
  'in',
  'local',
  'nil',
  'not',
  'or',
  'repeat',
  'return',
  'then',
  'true',
  'until',
  'while',
]);

// Names the Redis scripting environment provides; colouring them shows what the script borrows.
const LUA_BUILTINS = new Set(['redis', 'KEYS', 'ARGV', 'tonumber', 'tostring', 'cjson', 'table']);

// Enough of Postgres's vocabulary for the lab's statements; unknown words stay plain.
const SQL_KEYWORDS = new Set([
  'add',
  'all',
  'and',
  'as',
  'asc',
  'begin',
  'by',
  'case',
  'check',
  'commit',
  'conflict',
  'constraint',
  'create',
  'default',
  'delete',
  'desc',
  'distinct',
  'do',
  'drop',
  'else',
  'end',
  'exists',
  'false',
  'for',
  'from',
  'function',
  'group',
  'if',
  'in',
  'index',
  'insert',
  'into',
  'is',
  'join',
  'key',
  'language',
  'limit',
  'lock',
  'not',
  'nothing',
  'null',
  'on',
  'or',
  'order',
  'primary',
  'references',
  'returning',
  'rollback',
  'select',
  'set',
  'table',
  'then',
  'true',
  'unique',
  'update',
  'using',
  'values',
  'when',
  'where',
  'with',
]);

const SQL_TYPES = new Set([
  'bigint',
  'bigserial',
  'boolean',
  'int',
  'integer',
  'interval',
  'serial',
  'text',
  'timestamp',
  'timestamptz',
  'uuid',
  'varchar',
  'jsonb',
]);

const PSEUDO_KEYWORDS = new Set([
  'IF',
  'NOT',
  'AND',
  'OR',
  'RETURN',
  'ELSE',
  'THEN',
  'BEGIN',
  'COMMIT',
  'ROLLBACK',
  'ON',
  'CONFLICT',
  'WHERE',
  'SET',
  'DEL',
  'GET',
  'INCR',
  'EXISTS',
]);

const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9';
const isIdentStart = (c: string | undefined) => c !== undefined && /[A-Za-z_]/.test(c);
const isIdentPart = (c: string | undefined) => c !== undefined && /[A-Za-z0-9_]/.test(c);

/** Where a quoted string that starts at `start` ends (exclusive); unterminated runs to line end. */
function quotedEnd(src: string, start: number, quote: string, doubledEscapes: boolean): number {
  let i = start + 1;
  while (i < src.length) {
    const c = src[i];
    if (c === '\n') return i;
    if (!doubledEscapes && c === '\\') {
      i += 2;
      continue;
    }
    if (c === quote) {
      if (doubledEscapes && src[i + 1] === quote) {
        i += 2;
        continue;
      }
      return i + 1;
    }
    i += 1;
  }
  return src.length;
}

function numberEnd(src: string, start: number): number {
  let i = start;
  while (isDigit(src[i]) || src[i] === '_') i += 1;
  if (src[i] === '.' && isDigit(src[i + 1])) {
    i += 1;
    while (isDigit(src[i])) i += 1;
  }
  return i;
}

function lineEnd(src: string, start: number): number {
  const nl = src.indexOf('\n', start);
  return nl === -1 ? src.length : nl;
}

function nextNonSpace(src: string, start: number): string | undefined {
  let i = start;
  while (src[i] === ' ' || src[i] === '\t') i += 1;
  return src[i];
}

/** Split `src` into coloured tokens; adjacent tokens of one kind are merged. */
export function tokenize(src: string, language: Language): Token[] {
  const out: Token[] = [];
  const push = (kind: TokenKind, text: string) => {
    if (text === '') return;
    const last = out[out.length - 1];
    if (last && last.kind === kind) last.text += text;
    else out.push({ kind, text });
  };

  let i = 0;
  while (i < src.length) {
    const c = src[i] as string;
    const next = src[i + 1];

    // Comments: `--` in Lua and SQL, `//` in pseudo code, block comments in each.
    if (language !== 'pseudo' && c === '-' && next === '-') {
      if (language === 'lua' && src.startsWith('[[', i + 2)) {
        const close = src.indexOf(']]', i + 4);
        const end = close === -1 ? src.length : close + 2;
        push('comment', src.slice(i, end));
        i = end;
        continue;
      }
      const end = lineEnd(src, i);
      push('comment', src.slice(i, end));
      i = end;
      continue;
    }
    if (language === 'pseudo' && c === '/' && next === '/') {
      const end = lineEnd(src, i);
      push('comment', src.slice(i, end));
      i = end;
      continue;
    }
    if (language === 'sql' && c === '/' && next === '*') {
      const close = src.indexOf('*/', i + 2);
      const end = close === -1 ? src.length : close + 2;
      push('comment', src.slice(i, end));
      i = end;
      continue;
    }

    // Strings.
    if (language === 'lua' && c === '[' && next === '[') {
      const close = src.indexOf(']]', i + 2);
      const end = close === -1 ? src.length : close + 2;
      push('string', src.slice(i, end));
      i = end;
      continue;
    }
    if (c === "'" || (c === '"' && language !== 'sql')) {
      const end = quotedEnd(src, i, c, language === 'sql');
      push('string', src.slice(i, end));
      i = end;
      continue;
    }
    if (c === '"' && language === 'sql') {
      // A quoted identifier in SQL, not a string.
      const end = quotedEnd(src, i, c, true);
      push('plain', src.slice(i, end));
      i = end;
      continue;
    }

    // Postgres's positional parameters: $1, $2, …
    if (language === 'sql' && c === '$' && isDigit(next)) {
      let end = i + 1;
      while (isDigit(src[end])) end += 1;
      push('param', src.slice(i, end));
      i = end;
      continue;
    }

    if (isDigit(c) && !isIdentPart(src[i - 1])) {
      const end = numberEnd(src, i);
      push('number', src.slice(i, end));
      i = end;
      continue;
    }

    if (isIdentStart(c)) {
      let end = i + 1;
      while (isIdentPart(src[end])) end += 1;
      const word = src.slice(i, end);
      push(classifyWord(word, language, nextNonSpace(src, end)), word);
      i = end;
      continue;
    }

    if (/\s/.test(c)) {
      let end = i + 1;
      while (end < src.length && /\s/.test(src[end] as string)) end += 1;
      push('plain', src.slice(i, end));
      i = end;
      continue;
    }

    if ('=<>~+-*/%^#!|:'.includes(c)) {
      push('operator', c);
      i += 1;
      continue;
    }
    if ('()[]{},;.'.includes(c)) {
      push('punctuation', c);
      i += 1;
      continue;
    }
    push('plain', c);
    i += 1;
  }
  return out;
}

function classifyWord(word: string, language: Language, following: string | undefined): TokenKind {
  if (language === 'lua') {
    if (LUA_KEYWORDS.has(word)) return 'keyword';
    if (LUA_BUILTINS.has(word)) return 'builtin';
    return following === '(' ? 'function' : 'plain';
  }
  if (language === 'sql') {
    const lower = word.toLowerCase();
    if (SQL_KEYWORDS.has(lower)) return 'keyword';
    if (SQL_TYPES.has(lower)) return 'builtin';
    return following === '(' ? 'function' : 'plain';
  }
  if (PSEUDO_KEYWORDS.has(word)) return 'keyword';
  return following === '(' ? 'function' : 'plain';
}

/**
 * Split tokens into lines so a code block can number them. A token that spans a newline (a
 * block comment, a long string) is cut in two, keeping its kind on both sides.
 */
export function toLines(tokens: readonly Token[]): Token[][] {
  const lines: Token[][] = [[]];
  for (const token of tokens) {
    const parts = token.text.split('\n');
    parts.forEach((part, index) => {
      if (index > 0) lines.push([]);
      if (part !== '') (lines[lines.length - 1] as Token[]).push({ kind: token.kind, text: part });
    });
  }
  return lines;
}
