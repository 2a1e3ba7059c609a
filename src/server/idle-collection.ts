/**
 * Gives memory back once a burst of work is over (decision 0044). Under load V8
 * grows its heap and keeps the room when the load stops: its own memory reducer starts several
 * seconds after the allocation rate falls, and until then the process holds 60-120 MB of heap it
 * no longer uses (bench/RESULTS.md, the memory table). Every second this looks at how busy the
 * event loop was: after a second in which it was nearly idle, following work, and with that much
 * unused heap reserved, it runs one full collection that also returns the freed pages to the
 * system (V8's "last resort" flavour, what its memory reducer does). It never runs while requests
 * keep the loop busy, so no answer waits on it.
 */
import { performance, type EventLoopUtilization } from 'node:perf_hooks';
import { log } from './log.ts';

const CHECK_EVERY_MS = 1000;
/** The loop was idle: under 5% of the last second spent running code. */
const IDLE_UTILIZATION = 0.05;
/** Reserved but unused heap worth a collection. */
const SLACK_BYTES = 32 * 1024 * 1024;

interface Reading {
  /** The event loop's utilization over the last check (0 to 1). */
  utilization: number;
  /** Whether the loop was busy at some check since the last collection. */
  workSinceCollection: boolean;
  heapTotal: number;
  heapUsed: number;
}

/** Whether to collect now: the loop is idle after work, and the heap holds enough room it does not use. */
export function shouldCollect(reading: Reading, slackBytes = SLACK_BYTES): boolean {
  return reading.utilization < IDLE_UTILIZATION && reading.workSinceCollection && reading.heapTotal - reading.heapUsed >= slackBytes;
}

/** V8's full collection that gives freed pages back (`gc` is there when the process runs with --expose-gc, src/server/runtime-flags.ts). */
const fullCollection = globalThis.gc && (() => globalThis.gc!({ type: 'major', flavor: 'last-resort' }));

/** Starts the checks; returns the stop function. Without a collection to run (no --expose-gc), nothing runs. */
export function startIdleCollection({
  collect = fullCollection,
  slackBytes = SLACK_BYTES,
  everyMs = CHECK_EVERY_MS,
}: { collect?: () => void; slackBytes?: number; everyMs?: number } = {}): () => void {
  if (!collect) return () => {};
  let last: EventLoopUtilization = performance.eventLoopUtilization();
  let workSinceCollection = false;
  const timer = setInterval(() => {
    const now = performance.eventLoopUtilization();
    const { utilization } = performance.eventLoopUtilization(now, last);
    last = now;
    if (utilization >= IDLE_UTILIZATION) {
      workSinceCollection = true;
      return;
    }
    const { heapTotal, heapUsed } = process.memoryUsage();
    if (!shouldCollect({ utilization, workSinceCollection, heapTotal, heapUsed }, slackBytes)) return;
    const started = performance.now();
    collect();
    workSinceCollection = false;
    // The collection's own time is not work that calls for another one.
    last = performance.eventLoopUtilization();
    const after = process.memoryUsage();
    log.debug(
      { ms: Math.round(performance.now() - started), heapTotalBefore: heapTotal, heapTotal: after.heapTotal, rss: after.rss },
      'idle: heap collected',
    );
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
