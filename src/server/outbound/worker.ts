/**
 * The outbound worker (docs/decisions/0072, 0075): every kind runs its own loop, every few seconds
 * and at once when a job is queued (wakeOutbound), so a kind whose jobs wait on a receiver that
 * never answers never holds another kind's round. A loop's round does what the kind does before
 * claiming (the mail schedules the edition messages now due), then claims: one batch at a time, or,
 * for a kind capped per key (a delivery's endpoint), as jobs finish (keyed-loop.ts). A full batch
 * means more may be due, so the next round follows at once (and skips the before-claim work, which
 * only the timer and wake-ups run). While outbound is paused (pause.ts) no loop claims anything.
 */
import type { Database } from '../db/client.ts';
import { log } from '../log.ts';
import type { OutboundKind } from './kind.ts';
import { keyedLoop } from './keyed-loop.ts';
import { roundNow } from './round-now.ts';
import { runBatch } from './run-batch.ts';
import { serialRun, type SerialRun } from './serial-run.ts';
import { setWakeUp } from './wake.ts';

/** A kind served one batch at a time: the next round claims once the batch is done. */
function batchLoop(db: Database, kind: OutboundKind): SerialRun {
  let draining = false;
  return serialRun(kind.name, async () => {
    const now = await roundNow(db);
    if (!now) return (draining = false);
    try {
      if (!draining && kind.beforeClaim) await kind.beforeClaim(db, now);
      const { claimed, counts, paced } = await runBatch(db, kind, now);
      if (counts) log.info({ kind: kind.name, claimed, ...counts }, 'outbound batch done');
      // Held back by its pace: the next round starts with the next second, when there is room again.
      if (paced) await new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000)));
      draining = paced === true || claimed === kind.batch;
    } catch (error) {
      log.error({ err: error, kind: kind.name }, 'outbound batch failed');
      draining = false;
    }
    return draining;
  });
}

export function startOutboundWorker(db: Database, kinds: readonly OutboundKind[], intervalMs = 5000): { stop(): Promise<void> } {
  const loops = kinds.map((kind) => (kind.perKey ? keyedLoop(db, kind, kind.perKey) : batchLoop(db, kind)));
  const runAll = () => {
    for (const loop of loops) loop.run();
  };
  const timer = setInterval(runAll, intervalMs);
  timer.unref();
  setWakeUp(runAll);
  runAll();
  return {
    async stop() {
      clearInterval(timer);
      setWakeUp(undefined);
      await Promise.all(loops.map((loop) => loop.stop()));
    },
  };
}
