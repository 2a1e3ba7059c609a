/**
 * Who paid, as the payment webhook finds them: by our reference, else by e-mail (in the named
 * edition, else their latest registration), else someone to register in the named edition (else
 * the home page's). Found first and registered only after the payment is judged good, so a
 * payment held (a currency the edition does not sell in) registers nobody.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { PaymentChange } from '../../domain/payments/provider-event.ts';
import { DEFAULT_SUMMIT } from '../../domain/summit-path.ts';
import { buyerFirstName } from '../../domain/one-line-name.ts';
import type { Database } from '../db/client.ts';
import { editions, registrants } from '../db/schema.ts';
import { findHomeEdition } from '../editions/home-edition.ts';

export type Grant = Extract<PaymentChange, { kind: 'grant' }>;

/** The registration the payment is for, or the edition to register the buyer in (registrantId null). */
export interface FoundBuyer {
  registrantId: number | null;
  editionId: number;
}

export async function findBuyer(tx: Database, change: Grant): Promise<FoundBuyer | null> {
  if (change.registrantId !== null) {
    const [row] = await tx
      .select({ id: registrants.id, editionId: registrants.editionId })
      .from(registrants)
      .where(eq(registrants.id, change.registrantId))
      .limit(1);
    if (row) return { registrantId: row.id, editionId: row.editionId };
  }
  if (!change.email) return null;
  const [edition] = await tx
    .select({ id: editions.id })
    .from(editions)
    .where(eq(editions.slug, change.edition ?? (await findHomeEdition(tx))?.slug ?? DEFAULT_SUMMIT))
    .limit(1);
  const byEmail =
    change.edition && edition
      ? and(eq(registrants.email, change.email), eq(registrants.editionId, edition.id))
      : eq(registrants.email, change.email);
  const [known] = await tx
    .select({ id: registrants.id, editionId: registrants.editionId })
    .from(registrants)
    .where(byEmail)
    .orderBy(desc(registrants.createdAt))
    .limit(1);
  if (known) return { registrantId: known.id, editionId: known.editionId };
  return edition ? { registrantId: null, editionId: edition.id } : null;
}

/** The registrant the payment goes to: the one found, else a new one in the edition found. */
export async function buyerOf(tx: Database, change: Grant, found: FoundBuyer): Promise<number | null> {
  if (found.registrantId !== null) return found.registrantId;
  if (!change.email) return null;
  const [created] = await tx
    .insert(registrants)
    .values({ editionId: found.editionId, email: change.email, firstName: buyerFirstName(change.name) })
    .onConflictDoNothing({ target: [registrants.editionId, registrants.email] })
    .returning({ id: registrants.id });
  return created?.id ?? null;
}
