/** Queues the registrant e-mails that carry personal links: the access link again, and the pass confirmation. */
import { eq } from 'drizzle-orm';
import { PLAN_NAMES } from '../../domain/offers.ts';
import type { Database } from '../db/client.ts';
import { editions, registrants } from '../db/schema.ts';
import type { MailContext } from '../mail/context.ts';
import { queueMail } from '../mail/outbox.ts';
import { accessLinkMail, passConfirmation, type MailLinks } from '../mail/templates.ts';
import { currentKey } from './registrant-session.ts';
import { personalLinks } from './links.ts';

export function mailLinks(siteUrl: string, key: string): MailLinks {
  const { day1, dashboard, feed } = personalLinks(siteUrl, key);
  return { day1, dashboard, feed };
}

type MailKind = { kind: 'access-link' } | { kind: 'pass'; pass: 'replay' | 'aap' };

/** Queues one of the registrant's e-mails in the caller's transaction; false when there is nothing to send (revoked key). */
export async function queueRegistrantMail(tx: Database, registrantId: number, mail: MailContext, what: MailKind): Promise<boolean> {
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
  await queueMail(tx, what.kind === 'pass' ? passConfirmation({ ...details, passName: PLAN_NAMES[what.pass] }) : accessLinkMail(details));
  return true;
}
