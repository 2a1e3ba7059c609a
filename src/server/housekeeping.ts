/**
 * Periodic clean-up in every app process: expired anonymous uploads, visitor-session rows
 * whose windows closed long ago, edition archives uploaded but never imported, and the API's
 * idempotency keys past their 24 hours. Both deletions are idempotent, so several processes on one
 * Postgres may sweep at the same time. Runs once at start, then every SWEEP_EVERY_MS. Once a day
 * (by the app's clock, so a moved test clock moves it too) it also applies the editions'
 * retention (src/server/retention/), which does nothing twice.
 */
import type { Database } from './db/client.ts';
import { log } from './log.ts';
import { sweepClosedVisitorRows } from './access/visitor-limits.ts';
import type { Storage } from './uploads/upload-storage.ts';
import { sweepExpiredUploads } from './uploads/temporary-uploads.ts';
import { sweepStagedArchives } from './editions/staged-archives.ts';
import { sweepExpiredKeys } from './api/idempotency.ts';
import { appNow } from './clock.ts';
import { applyRetention } from './retention/retention-job.ts';

const SWEEP_EVERY_MS = 10 * 60_000;

export function startHousekeeping(db: Database, storage: Storage): { stop(): Promise<void> } {
  let running: Promise<void> = Promise.resolve();
  let retentionDay = '';
  const dailyRetention = async () => {
    const now = appNow();
    const day = now.toISOString().slice(0, 10);
    if (day === retentionDay) return;
    const runs = await applyRetention(db, now);
    // A large edition is done over several sweeps: the day counts as done once nothing was left.
    if (!runs.some((run) => run.more)) retentionDay = day;
  };
  const sweep = () => {
    running = (async () => {
      try {
        await sweepExpiredUploads(db, storage);
        await sweepClosedVisitorRows(db);
        await sweepStagedArchives();
        await sweepExpiredKeys(db);
        await dailyRetention();
      } catch (error) {
        log.error({ err: error }, 'housekeeping sweep failed');
      }
    })();
  };
  sweep();
  const timer = setInterval(sweep, SWEEP_EVERY_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
