import { describe, expect, it } from 'vitest';
import { pausedClientStory, storySentence } from './story';
import { timelineModel } from '../../viz/timeline';
import { pausedClientTrace } from '../replay/fixtures';
import { whatIfRun } from './whatIf';

describe('the paused client’s story', () => {
  it('reads its numbers from the run', () => {
    const story = pausedClientStory(timelineModel(pausedClientTrace(true)));
    expect(story).toEqual({
      lockTakenMs: 1,
      ttlRunsOutMs: 301,
      pause: { fromMs: 10, toMs: 510 },
      secondAcquireMs: 321,
      secondWriteMs: 322,
      staleWrite: { atMs: 513, accepted: false, lost: false },
      heldWrite: null,
    });
    expect(storySentence(story)).toBe(
      'Client 1 takes the lock at 1 ms and pauses from 10 ms to 510 ms. Its TTL runs out at 301 ms, mid-pause. Client 2 takes the lock at 321 ms and writes at 322 ms. Client 1 wakes and writes anyway; at 513 ms the storage rejects the stale write.',
    );
  });

  it('says "writes at once" when the write is sent at the time shown for the grant', () => {
    const story = pausedClientStory(timelineModel(pausedClientTrace(true)));
    const sentence = (writeMs: number) =>
      storySentence({ ...story, secondAcquireMs: 70.51, secondWriteMs: writeMs });
    expect(sentence(70.53)).toContain('Client 2 takes the lock at 70.5 ms and writes at once.');
    expect(sentence(71.2)).toContain('Client 2 takes the lock at 70.5 ms and writes at 71.2 ms.');
  });

  it('says accepted with fencing off', () => {
    const story = pausedClientStory(timelineModel(pausedClientTrace(false)));
    expect(story.staleWrite).toEqual({ atMs: 513, accepted: true, lost: true });
    expect(storySentence(story)).toMatch(
      /accepts the stale write and overwrites client 2’s: an update is lost\.$/,
    );
  });

  it('tells client 1’s wake before client 2’s grant when it woke first, though its write lands after', () => {
    // A pause 10 ms past the TTL: client 1 wakes and sends at 320 ms, client 2 is granted the
    // lock at 320.6 ms, and client 1's write reaches the storage at 320.7 ms, before client 2's.
    const trace = whatIfRun({ ttlMs: 300, pauseMs: 310, fencing: true, lock: 'redis' });
    const story = pausedClientStory(timelineModel(trace));
    expect(story.pause!.toMs).toBeLessThan(story.secondAcquireMs!);
    expect(story.secondAcquireMs!).toBeLessThan(story.staleWrite!.atMs);
    const sentence = storySentence(story);
    expect(sentence.indexOf('Client 1 wakes')).toBeLessThan(sentence.indexOf('Client 2 takes'));
    expect(sentence).toContain(
      'the storage accepts the late write, since no newer token has written yet. Nothing is lost, but only because client 2 writes without reading: had it read before this write landed and built its own from what it read, client 1’s update would be lost without anyone seeing it. Client 2 takes the lock at',
    );
  });

  // With a TTL longer than the pause the figure drew client 1's write, the storage storing it and
  // client 1's release, while the sentence under it went from client 1's pause straight to
  // "Client 2 takes the lock at 620.7 ms", leaving a reader to wonder what client 1 did meanwhile.
  it('tells client 1’s write and release when its lock outlasted the pause', () => {
    const trace = whatIfRun({ ttlMs: 600, pauseMs: 500, fencing: true, lock: 'redis' });
    const story = pausedClientStory(timelineModel(trace));
    expect(story.staleWrite).toBeNull();
    expect(story.heldWrite).not.toBeNull();
    const sentence = storySentence(story);
    expect(sentence).toMatch(
      /pauses from 10 ms to 510 ms\. Client 1 wakes with its lock still live and writes; at 51\d\.\d ms the storage stores it, and client 1 lets go at 51\d\.\d ms\. Client 2 takes the lock at 6\d\d\.\d ms/,
    );
    expect(sentence).not.toMatch(/TTL runs out/);
  });

  it('tells the write and release of a client that did not pause', () => {
    const trace = whatIfRun({ ttlMs: 300, pauseMs: 0, fencing: true, lock: 'redis' });
    const sentence = storySentence(pausedClientStory(timelineModel(trace)));
    expect(sentence).toMatch(
      /^Client 1 takes the lock at [\d.]+ ms\. It writes; at [\d.]+ ms the storage stores it, and it lets go at [\d.]+ ms\. Client 2 takes the lock/,
    );
  });
});
