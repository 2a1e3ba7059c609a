/**
 * Anonymising one registrant inside the caller's transaction (docs/decisions/0085): the row stays,
 * so their purchases and the edition's figures stay, but it no longer names anyone. The name and
 * e-mail are copied onto their purchases first (kept for the legal period), then replaced by
 * placeholders; the personal link is revoked (no page, feed or e-mail reaches them again); what
 * hangs on the person goes (visits, page opens, shared-feed networks, preferences, pending address
 * changes); listening stays only as counts (the rows lose the registrant) and their mail keeps no
 * address or text. The webhooks and list tools hear `registrant.erased`, as for an erasure.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import {
  emailAddressChanges,
  episodeDownloads,
  feedNetworks,
  mailOutbox,
  mailPreferences,
  purchases,
  registrantPageOpens,
  registrants,
  registrantVisits,
  sharedFeedFlags,
} from '../db/schema.ts';
import { recordErasure } from '../webhooks/registrant-events.ts';

/** The first name every anonymised registrant carries. */
export const ANONYMISED_NAME = 'Anonymised';

/** A placeholder address that names no one and can receive nothing (.invalid is reserved, RFC 2606), unique per registrant. */
export const anonymisedEmail = (id: number) => `anonymised-${id}@anonymised.invalid`;

/** Anonymises the registrant of the edition; false when they are not in it or anonymised already. */
export async function anonymiseRegistrantIn(
  tx: Database,
  { editionId, id, now }: { editionId: number; id: number; now: Date },
): Promise<boolean> {
  const [person] = await tx
    .select({ firstName: registrants.firstName, email: registrants.email, anonymisedAt: registrants.anonymisedAt })
    .from(registrants)
    .where(and(eq(registrants.id, id), eq(registrants.editionId, editionId)))
    .for('update');
  if (!person || person.anonymisedAt) return false;
  await tx.update(purchases).set({ buyerName: person.firstName, buyerEmail: person.email }).where(eq(purchases.registrantId, id));
  await tx
    .update(registrants)
    .set({
      firstName: ANONYMISED_NAME,
      email: anonymisedEmail(id),
      consentedAt: null,
      consentWording: null,
      keyVersion: sql`${registrants.keyVersion} + 1`,
      keyRevokedAt: now,
      anonymisedAt: now,
    })
    .where(eq(registrants.id, id));
  for (const table of [registrantVisits, registrantPageOpens, feedNetworks, sharedFeedFlags, mailPreferences, emailAddressChanges])
    await tx.delete(table).where(eq(table.registrantId, id));
  await tx.update(episodeDownloads).set({ registrantId: null }).where(eq(episodeDownloads.registrantId, id));
  await tx
    .update(mailOutbox)
    .set({
      to: anonymisedEmail(id),
      subject: null,
      text: null,
      html: null,
      status: sql`case when ${mailOutbox.status} = 'pending' then 'skipped' else ${mailOutbox.status} end`,
      lastError: sql`case when ${mailOutbox.status} = 'pending' then 'The registrant was anonymised' else ${mailOutbox.lastError} end`,
    })
    .where(eq(mailOutbox.registrantId, id));
  await recordErasure(tx, { registrantId: id, editionId, email: person.email, now });
  return true;
}
