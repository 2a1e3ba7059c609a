/**
 * Queues the access link again ("Find my access"). The pass confirmation is the edition's
 * editable message (src/content/default-email-sequence.ts), queued by the payment webhook.
 */
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { editions, registrants } from '../db/schema.ts';
import type { MailContext } from '../mail/context.ts';
import { queueMail } from '../mail/outbox.ts';
import { accessLinkMail, type MailLinks } from '../mail/templates.ts';
import { currentKey } from './registrant-session.ts';
import { personalLinks } from './links.ts';

export function mailLinks(siteUrl: string, key: string): MailLinks {
  const { day1, dashboard, feed } = personalLinks(siteUrl, key);
  return { day1, dashboard, feed };
}

/** In the caller's transaction; false when there is nothing to send (a revoked key). */
export async function queueAccessLinkMail(tx: Database, registrantId: number, mail: MailContext): Promise<boolean> {
  const [row] = await tx
    .select({ email: registrants.email, firstName: registrants.firstName, settings: editions.settings })
    .from(registrants)
    .innerJoin(editions, eq(editions.id, registrants.editionId))
    .where(eq(registrants.id, registrantId))
    .limit(1);
  const key = row ? await currentKey(tx, registrantId) : null;
  if (!row || !key) return false;
  const details = {
    to: row.email,
    firstName: row.firstName,
    summitName: mail.summitName,
    siteUrl: mail.siteUrl,
    supportEmail: mail.supportEmail ?? row.settings.dashboard.supportEmail,
    links: mailLinks(mail.siteUrl, key),
  };
  await queueMail(tx, accessLinkMail(details));
  return true;
}
