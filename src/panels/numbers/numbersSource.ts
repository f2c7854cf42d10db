// Find recordings/numbers.json at build time. A glob, not a plain import: until the lab has
// measured this machine the file does not exist, and the page must still build and say so.
// It comes in as text so that a broken file reaches our validator instead of failing the build.
import { loadNumbers, type NumbersLoad } from '../../content/numbersFile';

export const NUMBERS_FILE = 'recordings/numbers.json';

const found = import.meta.glob<string>('/recordings/numbers.json', {
  eager: true,
  query: '?raw',
  import: 'default',
});

export const numbersLoad: NumbersLoad = loadNumbers(
  found[`/${NUMBERS_FILE}`] ?? Object.values(found)[0],
  NUMBERS_FILE,
);
