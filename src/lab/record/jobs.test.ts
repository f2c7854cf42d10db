// An --only name that matches nothing says which part of it is wrong and what that part can be,
// not only the list of scenarios: an author who typed a scenario right and its variant or lock
// wrong would otherwise read a list that holds the scenario they typed.
import { describe, expect, it } from 'vitest';
import { selectJobs, UnknownJobError } from './jobs';

const messageOf = (name: string): string => {
  try {
    selectJobs([name]);
  } catch (error) {
    expect(error).toBeInstanceOf(UnknownJobError);
    return (error as Error).message;
  }
  throw new Error(`"${name}" was accepted`);
};

describe('an unknown --only name', () => {
  it('an unknown scenario: names it and lists the scenarios', () => {
    expect(messageOf('paused-clinet')).toMatch(
      /^unknown name "paused-clinet" for --only: no scenario "paused-clinet"; valid scenarios: paused-client, delayed-write,/,
    );
  });

  it('a known scenario with an unknown variant: lists that scenario’s variants', () => {
    expect(messageOf('paused-client.fencing')).toBe(
      'unknown name "paused-client.fencing" for --only: paused-client has no variant "fencing"; its variants: fencing-off, fencing-on',
    );
  });

  it('a known variant on a lock it does not run on: lists its locks', () => {
    expect(messageOf('paused-client.fencing-on.etcd')).toBe(
      'unknown name "paused-client.fencing-on.etcd" for --only: paused-client does not run on "etcd"; its locks: redis, pg-lease',
    );
  });

  it('one part too many: says what a name looks like', () => {
    expect(messageOf('paused-client.fencing-on.redis.json')).toMatch(
      /for --only: a name is scenario, scenario\.variant or scenario\.variant\.lock, e\.g\. paused-client\.fencing-off\.redis$/,
    );
  });
});
