/**
 * Every kind of job the outbound queue runs, listed once (docs/decisions/0072), each with its own
 * loop (docs/decisions/0075): the transactional e-mails' lane, all e-mail (transactional first),
 * webhooks, calls to the e-mail list services. The list lives
 * beside the boot, not in src/server/outbound/, because it names the handlers of the folders
 * that queue jobs, and those folders import the queue: the queue importing them back would tie
 * each pair both ways. A new kind (bounces, retention) is a handler in its folder and a line here.
 */
import { announceAccessChange } from './access/access-events.ts';
import { getDatabase } from './db/index.ts';
import type { Env } from './env.ts';
import { listSyncKind } from './list-sync/list-sync-kind.ts';
import { mailKind, mailTransportFor, transactionalMailKind } from './mail/mail-kind.ts';
import type { OutboundKind } from './outbound/kind.ts';
import { webhookKind } from './webhooks/deliver.ts';

export function outboundKinds(config: Env): OutboundKind[] {
  // One transport (one SMTP pool) for both lanes of the mail.
  const sending = {
    transport: mailTransportFor(config),
    from: config.MAIL_FROM,
    siteUrl: config.siteUrl,
    // A registrant whose address was suppressed sees it on their own pages (docs/decisions/0082).
    onSuppressed: async () => announceAccessChange(await getDatabase()),
    ratePerSecond: config.MAIL_RATE_PER_SECOND,
  };
  return [
    transactionalMailKind(sending),
    mailKind({ ...sending, schedule: true }),
    webhookKind(config.WEBHOOKS_ALLOW_PRIVATE),
    listSyncKind(config.WEBHOOKS_ALLOW_PRIVATE),
  ];
}
