// The Redlock figure's place in the URL, as `?redlock-step=N`, so a link opens the same moment
// of the same run. It travels with `?redlock=` (the run) and the run's size: a step means nothing
// in another run, so the panel drops it when the reader changes either.
import { firstChars } from '../../sim/trace/shown';
import { searchWith } from '../../state/urlParams';

export const STEP_QUERY = 'redlock-step';

/** The step a search string names: null when it names none, a sentence when it is not a number. */
export function parseStepQuery(search: string): { step: number | null; problem: string | null } {
  const raw = new URLSearchParams(search).get(STEP_QUERY);
  if (raw === null) return { step: null, problem: null };
  // Five digits is far past any Redlock run's length; more is not a step anyone linked to.
  if (/^\d{1,5}$/.test(raw)) return { step: Number(raw), problem: null };
  return {
    step: null,
    problem: `The link’s redlock-step “${firstChars(raw, 20)}” is not a step number, so the figure opens at the moment of two holders.`,
  };
}

/** Says so when a linked step lies past the run's end, since the figure shows the end instead. */
export function stepPastEnd(linkedStep: number, lastStep: number): string | null {
  return linkedStep > lastStep
    ? `The link’s redlock-step ${linkedStep} is past this run’s last event (${lastStep}), so the figure shows its end.`
    : null;
}

/** The search string with this step in it (or none), keeping every other parameter. */
export function stepSearch(currentSearch: string, step: number | null): string {
  return searchWith(currentSearch, { [STEP_QUERY]: step === null ? null : String(step) });
}
