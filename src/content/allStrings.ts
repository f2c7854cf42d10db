// For the content tests: the page's prose is spread over nested exports (tables of rows, drill
// questions with choices and answers), and a rule about its sentences must reach every one.

/** Every string a value holds, however deep in its arrays and objects. */
export function allStrings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const v of value) allStrings(v, out);
  else if (typeof value === 'object' && value !== null)
    for (const v of Object.values(value)) allStrings(v, out);
  return out;
}
