// The sentence that says where the two holders came from, read from the model.
import type { RedlockModel } from '../../viz/redlock';
import { fmt } from '../../viz/timeline';

function who(a: string): string {
  return a.replace(/-/g, ' ');
}

function list(xs: readonly string[]): string {
  if (xs.length <= 1) return xs.join('');
  return `${xs.slice(0, -1).join(', ')} and ${xs[xs.length - 1]}`;
}

export function twoHoldersSentence(model: RedlockModel): string {
  const th = model.twoHolders;
  if (!th) return 'No two clients held the lock at once in this run.';
  const still =
    th.firstStillOn.length === 0
      ? `its key is gone from every node`
      : `its key is still on ${list(th.firstStillOn)}`;
  return `At ${fmt(th.atMs)}, ${who(th.second)} holds ${th.secondNodes.length} of ${model.nodes.length} (${list(th.secondNodes)}), while ${who(th.first)} still believes it holds ${th.firstNodes.length} of ${model.nodes.length}; ${still}. Two clients hold the lock, and neither has a token the storage could check.`;
}
