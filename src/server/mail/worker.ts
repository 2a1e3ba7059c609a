/**
 * Runs the outbox in the server process: every few seconds, and at once when new mail is queued
 * (notifyMailQueued).
 */
import path from 'node:path';
import type { Database } from '../db/client.ts';
import type { Env } from '../env.ts';
import { log } from '../log.ts';
import { deliverDueMail, MAIL_BATCH } from './outbox.ts';
import { fileTransport, smtpTransport, type MailTransport } from './transport.ts';

/** Runs the worker now, if one is running in this process. */
let wake: (() => void) | undefined;

export function mailTransportFor(config: Env): MailTransport {
  return config.SMTP_URL ? smtpTransport(config.SMTP_URL) : fileTransport(path.join(config.dataDir, 'outbox'));
}

export function notifyMailQueued(): void {
  wake?.();
}

export function startMailWorker(db: Database, config: Env, intervalMs = 5000): { stop(): Promise<void> } {
  const transport = mailTransportFor(config);
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  const run = (): void => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = deliverDueMail(db, transport, config.MAIL_FROM)
      .then(({ claimed, sent }) => {
        if (sent > 0) log.info({ sent, transport: transport.kind }, 'mail delivered');
        // A full batch means more may be due: keep going rather than wait for the timer.
        if (claimed === MAIL_BATCH) again = true;
      })
      .catch((error) => log.error({ err: error }, 'mail delivery failed'))
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
