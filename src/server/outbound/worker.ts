/**
 * The one worker loop for everything that leaves the site (docs/decisions/0072): every few
 * seconds, and at once when a job is queued (wakeOutbound), a round serves each kind in turn: what
 * it does before claiming (the mail schedules the edition messages now due), then one batch. A full
 * batch of any kind means more may be due, so the next round follows at once (and skips the
 * before-claim work, which only the timer and wake-ups run). One kind failing is logged and does not
 * hold back the others.
 */
import { appNow, refreshTestClock } from '../clock.ts';
import type { Database } from '../db/client.ts';
import { log } from '../log.ts';
import type { OutboundKind } from './kind.ts';
import { runBatch } from './run-batch.ts';
import { setWakeUp } from './wake.ts';

/** One batch of one kind; returns whether it was full. */
async function serveKind(db: Database, kind: OutboundKind, { now, draining }: { now: Date; draining: boolean }): Promise<boolean> {
  try {
    if (!draining && kind.beforeClaim) await kind.beforeClaim(db, now);
    const { claimed, counts } = await runBatch(db, kind, now);
    if (counts) log.info({ kind: kind.name, claimed, ...counts }, 'outbound batch done');
    return claimed === kind.batch;
  } catch (error) {
    log.error({ err: error, kind: kind.name }, 'outbound batch failed');
    return false;
  }
}

/** One round over every kind. Returns whether any kind's batch was full. */
async function round(db: Database, kinds: readonly OutboundKind[], draining: boolean): Promise<boolean> {
  await refreshTestClock(db);
  const now = appNow();
  let full = false;
  for (const kind of kinds) {
    if (await serveKind(db, kind, { now, draining })) full = true;
  }
  return full;
}

export function startOutboundWorker(db: Database, kinds: readonly OutboundKind[], intervalMs = 5000): { stop(): Promise<void> } {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  let draining = false;

  const run = (): void => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = round(db, kinds, draining)
      .then((full) => {
        draining = full;
        // A full batch means more may be due: keep going rather than wait for the timer.
        if (full) again = true;
      })
      .catch((error: unknown) => {
        draining = false;
        log.error({ err: error }, 'outbound round failed');
      })
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          run();
        }
      });
  };

  const timer = setInterval(run, intervalMs);
  timer.unref();
  setWakeUp(run);
  run();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      setWakeUp(undefined);
      await running;
    },
  };
}
