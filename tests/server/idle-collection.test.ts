import { describe, expect, it } from 'vitest';
import { shouldCollect, startIdleCollection } from '../../src/server/idle-collection.ts';

const MB = 1024 * 1024;

describe('the collection after a burst of work', () => {
  it('collects only when the loop is idle after work and the heap holds enough unused room', () => {
    const idleAfterWork = { utilization: 0.01, workSinceCollection: true, heapTotal: 190 * MB, heapUsed: 110 * MB };
    expect(shouldCollect(idleAfterWork)).toBe(true);
    expect(shouldCollect({ ...idleAfterWork, utilization: 0.5 })).toBe(false);
    expect(shouldCollect({ ...idleAfterWork, workSinceCollection: false })).toBe(false);
    expect(shouldCollect({ ...idleAfterWork, heapTotal: 120 * MB })).toBe(false);
  });

  it('runs once the loop goes quiet after a busy stretch, not during it, and not again while nothing happens', async () => {
    const collections: number[] = [];
    const stop = startIdleCollection({ collect: () => collections.push(Date.now()), slackBytes: 0, everyMs: 100 });
    try {
      // A busy stretch: the loop held for 350 ms, longer than three checks.
      const busyUntil = Date.now() + 350;
      while (Date.now() < busyUntil) Math.sqrt(Math.random());
      const busyEnded = Date.now();
      await new Promise((resolve) => setTimeout(resolve, 700));
      expect(collections).toHaveLength(1);
      // Not during the busy stretch: the first check after it sees it busy, a later one idle.
      expect(collections[0]!).toBeGreaterThanOrEqual(busyEnded);
    } finally {
      stop();
    }
  });
});
