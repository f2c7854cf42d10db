// What the page's built JavaScript weighs once gzipped, split the way a reader's browser meets it:
// the initial JavaScript (index.html's module script, what it imports statically, and whatever
// index.html preloads) is fetched before anything shows; the panels' chunks come after the shell
// has rendered. DESIGN.md budgets the first at 110 kB.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

/** DESIGN.md's budget for the initial JavaScript, gzipped, in kB of 1,000 bytes as `vite build` prints them. */
export const INITIAL_JS_BUDGET_BYTES = 110_000;

export interface ChunkSize {
  /** The file's path from the build's folder, as index.html names it: `assets/index-….js`. */
  file: string;
  bytes: number;
  gzipBytes: number;
}

export interface PageJsSize {
  /** Fetched before the page shows anything, largest first. */
  initial: ChunkSize[];
  /** Every other JavaScript file of the build (the panels' chunks), largest first. */
  later: ChunkSize[];
  initialGzipBytes: number;
  laterGzipBytes: number;
}

export class PageSizeError extends Error {}

const byGzipDescending = (a: ChunkSize, b: ChunkSize) => b.gzipBytes - a.gzipBytes;
const sumGzip = (chunks: readonly ChunkSize[]) => chunks.reduce((s, c) => s + c.gzipBytes, 0);

/**
 * Measures a finished build in `distDir`. Gzip at zlib's default level, as most servers send it;
 * a build that is missing what index.html names is an error that
 * says which file, not a smaller figure.
 */
export function measurePageJs(distDir: string): PageJsSize {
  const indexPath = join(distDir, 'index.html');
  if (!existsSync(indexPath))
    throw new PageSizeError(`${indexPath} does not exist: is ${distDir} a build of the page?`);
  const html = readFileSync(indexPath, 'utf8');
  const scripts = scriptSources(html);
  if (scripts.length === 0)
    throw new PageSizeError(`${indexPath} loads no module script: nothing to measure`);
  const roots = [...scripts, ...modulePreloads(html)];

  const initialFiles = new Set<string>();
  const pending = roots.map((href) => resolveInBuild(distDir, indexPath, href));
  while (pending.length > 0) {
    const path = pending.pop()!;
    if (initialFiles.has(path)) continue;
    if (!existsSync(path))
      throw new PageSizeError(`${relative(distDir, path)} is named by the build but missing`);
    initialFiles.add(path);
    // Static imports load before the module runs; dynamic import() is left for later.
    for (const spec of staticImports(readFileSync(path, 'utf8')))
      pending.push(resolveInBuild(distDir, path, spec));
  }

  const initial: ChunkSize[] = [];
  const later: ChunkSize[] = [];
  for (const path of javascriptFiles(distDir)) {
    const chunk = sizeOf(distDir, path);
    (initialFiles.has(path) ? initial : later).push(chunk);
  }
  initial.sort(byGzipDescending);
  later.sort(byGzipDescending);
  return {
    initial,
    later,
    initialGzipBytes: sumGzip(initial),
    laterGzipBytes: sumGzip(later),
  };
}

function sizeOf(distDir: string, path: string): ChunkSize {
  const content = readFileSync(path);
  return {
    file: relative(distDir, path).split('\\').join('/'),
    bytes: content.length,
    gzipBytes: gzipSync(content).length,
  };
}

/** `src` of every `<script type="module">` in the page. */
const scriptSources = (html: string) => urlsOf(html, 'script', ['type', 'module'], 'src');

/** `href` of every `<link rel="modulepreload">`: fetched up front whether imported or not. */
const modulePreloads = (html: string) => urlsOf(html, 'link', ['rel', 'modulepreload'], 'href');

/** The `url` attribute of every `<tagName>` whose attribute `name` is `value`. */
function urlsOf(html: string, tagName: string, [name, value]: [string, string], url: string) {
  const out: string[] = [];
  for (const [tag] of html.matchAll(new RegExp(`<${tagName}\\b[^>]*>`, 'gi')))
    if (attribute(tag, name)?.toLowerCase() === value) {
      const found = attribute(tag, url);
      if (found !== undefined) out.push(found);
    }
  return out;
}

function attribute(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\b${name}=(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag);
  return match === null ? undefined : (match[1] ?? match[2] ?? match[3]);
}

/**
 * The relative specifiers of a built chunk's static imports (`import{a}from"./x.js"`,
 * `import"./x.js"`), not `import("./x.js")`. Bare and absolute URLs are not files of the build.
 */
export function staticImports(code: string): string[] {
  const out: string[] = [];
  for (const match of code.matchAll(/(?:\bfrom|\bimport)\s*(["'])(\.{1,2}\/[^"'\n]+?)\1/g))
    out.push(match[2]!);
  return out;
}

function resolveInBuild(distDir: string, fromFile: string, spec: string): string {
  if (/^[a-z]+:|^\/\//i.test(spec))
    throw new PageSizeError(
      `${relative(distDir, fromFile)} loads ${spec} from elsewhere: not measurable`,
    );
  const clean = spec.split(/[?#]/)[0]!;
  return clean.startsWith('/') ? join(distDir, clean) : resolve(dirname(fromFile), clean);
}

function javascriptFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...javascriptFiles(path));
    else if (name.endsWith('.js') || name.endsWith('.mjs')) out.push(path);
  }
  return out;
}
