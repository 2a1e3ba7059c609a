/**
 * Runs the mail in the server process: every few seconds, and at once when new mail is queued
 * (notifyMailQueued), a round schedules the edition messages now due and delivers the outbox
 * until nothing due is left. The same round delivers the due webhooks (docs/decisions/0058): one
 * worker loop for everything that leaves the site.
 */
import path from 'node:path';
import { appNow, refreshTestClock } from '../clock.ts';
import type { Database } from '../db/client.ts';
import type { Env } from '../env.ts';
import { log } from '../log.ts';
import { deliverDueMail, MAIL_BATCH } from './outbox.ts';
import { deliverDueWebhooks, WEBHOOK_BATCH } from '../webhooks/deliver.ts';
import { scheduleDueMessages } from './scheduler.ts';
import { fileTransport, smtpTransport, type MailTransport } from './transport.ts';

/** Runs the worker now, if one is running in this process. */
let wake: (() => void) | undefined;

export function mailTransportFor(config: Env): MailTransport {
  return config.SMTP_URL ? smtpTransport(config.SMTP_URL) : fileTransport(path.join(config.dataDir, 'outbox'));
}

export function notifyMailQueued(): void {
  wake?.();
}

/** One round: schedule what is due, then deliver one batch. Returns whether a full batch went. */
async function mailRound({
  db,
  transport,
  config,
  schedule,
}: {
  db: Database;
  transport: MailTransport;
  config: Env;
  schedule: boolean;
}): Promise<boolean> {
  await refreshTestClock(db);
  const now = appNow();
  if (schedule) {
    const queued = await scheduleDueMessages(db, now);
    if (queued > 0) log.info({ queued }, 'mail scheduled');
  }
  const { claimed, sent, skipped } = await deliverDueMail({
    db,
    transport,
    from: config.MAIL_FROM,
    options: { now, siteUrl: config.siteUrl },
  });
  if (sent > 0 || skipped > 0) log.info({ sent, skipped, transport: transport.kind }, 'mail delivered');
  const hooks = await deliverDueWebhooks({ db, allowPrivate: config.WEBHOOKS_ALLOW_PRIVATE, now });
  if (hooks.claimed > 0) log.info(hooks, 'webhooks sent');
  return claimed === MAIL_BATCH || hooks.claimed === WEBHOOK_BATCH;
}

export function startMailWorker(db: Database, config: Env, intervalMs = 5000): { stop(): Promise<void> } {
  const transport = mailTransportFor(config);
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  // Scheduling runs on the timer and on wake-ups; a round that only drains a full batch skips it.
  let draining = false;

  const run = (): void => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = mailRound({ db, transport, config, schedule: !draining })
      .then((full) => {
        draining = full;
        // A full batch means more may be due: keep going rather than wait for the timer.
        if (full) again = true;
      })
      .catch((error) => {
        draining = false;
        log.error({ err: error }, 'mail round failed');
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
  wake = run;
  run();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      wake = undefined;
      await running;
    },
  };
}
