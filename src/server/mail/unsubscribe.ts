/**
 * One-click unsubscribe (RFC 8058), its undo, and opting in (decision 0034): a registrant who
 * registered without the marketing box, or whom a payment registered, agrees here, and the
 * consent is recorded with its time and wording. Unsubscribing stops marketing messages only:
 * transactional ones (access links, pass confirmations) still go.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { marketingConsentWording } from '../../domain/registration.ts';
import type { Database } from '../db/client.ts';
import { editions, mailPreferences, registrants } from '../db/schema.ts';
import { settingsOfRow } from '../editions/stored-settings.ts';
import { registrantForUnsubscribeToken } from './personal-links.ts';
import { recordRegistrantEvent } from '../webhooks/registrant-events.ts';
import { recordConsents } from '../consents/consent-records.ts';
import type { ConsentSource } from '../../domain/registrant-data/consent.ts';

export interface UnsubscribeState {
  registrantId: number;
  email: string;
  unsubscribed: boolean;
  /** Whether they agreed to marketing e-mails (at registration or here). */
  consented: boolean;
  /** What their edition's marketing e-mails cover, in its words ("reminders and offers"). */
  consentTopics: string;
}

/** The registrant behind a token and whether they are unsubscribed; null for a bad token or an erased registrant. */
export async function unsubscribeState(db: Database, token: string): Promise<UnsubscribeState | null> {
  const registrantId = await registrantForUnsubscribeToken(db, token);
  if (registrantId === null) return null;
  const [row] = await db
    .select({ email: registrants.email, unsubscribedAt: mailPreferences.unsubscribedAt, consentedAt: registrants.consentedAt })
    .from(registrants)
    .leftJoin(mailPreferences, eq(mailPreferences.registrantId, registrants.id))
    .where(eq(registrants.id, registrantId))
    .limit(1);
  const consentTopics = await editionConsentTopics(db, registrantId);
  if (!row || consentTopics === null) return null;
  return { registrantId, email: row.email, unsubscribed: row.unsubscribedAt !== null, consented: row.consentedAt !== null, consentTopics };
}

/** What the registrant's edition says its marketing e-mails cover; null when there is no such registrant. */
async function editionConsentTopics(db: Database, registrantId: number): Promise<string | null> {
  const [edition] = await db
    .select({ slug: editions.slug, summitEndDate: editions.summitEndDate, settings: editions.settings })
    .from(registrants)
    .innerJoin(editions, eq(editions.id, registrants.editionId))
    .where(eq(registrants.id, registrantId));
  return edition ? settingsOfRow(edition).texts.consentTopics : null;
}

export async function setUnsubscribed({
  db,
  registrantId,
  unsubscribed,
  now,
}: {
  db: Database;
  registrantId: number;
  unsubscribed: boolean;
  now: Date;
}): Promise<void> {
  await db.transaction((tx) => setUnsubscribedIn(tx, { registrantId, unsubscribed, now }));
}

/** setUnsubscribed in the caller's transaction (a complaint from the mail provider unsubscribes with its suppression). */
export async function setUnsubscribedIn(
  tx: Pick<Database, 'insert' | 'execute' | 'select'>,
  {
    registrantId,
    unsubscribed,
    now,
    source = 'preferences',
  }: {
    registrantId: number;
    unsubscribed: boolean;
    now: Date;
    /** What the consent record names (decision 0084). */ source?: ConsentSource;
  },
): Promise<void> {
  const unsubscribedAt = unsubscribed ? now : null;
  await tx
    .insert(mailPreferences)
    .values({ registrantId, unsubscribedAt })
    .onConflictDoUpdate({ target: mailPreferences.registrantId, set: { unsubscribedAt, updatedAt: sql`now()` } });
  if (!unsubscribed) return;
  // The host's webhooks hear of it with the change (docs/decisions/0058).
  await recordRegistrantEvent(tx, { type: 'registrant.unsubscribed', registrantId, now, data: {} });
  const [row] = await tx.select({ editionId: registrants.editionId }).from(registrants).where(eq(registrants.id, registrantId));
  if (row)
    await recordConsents(tx, [
      { registrantId, editionId: row.editionId, topic: 'marketing', choice: 'withdrawn', wording: null, source, at: now },
    ]);
}

/**
 * They agree to the marketing e-mails: consent recorded now with the words they agreed to (a
 * consent given before keeps its own), and an unsubscribe undone.
 */
export async function optIn({ db, registrantId, now }: { db: Database; registrantId: number; now: Date }): Promise<void> {
  await db.transaction(async (tx) => {
    const consentTopics = await editionConsentTopics(tx, registrantId);
    if (consentTopics === null) return;
    const [registrant] = await tx.select({ editionId: registrants.editionId }).from(registrants).where(eq(registrants.id, registrantId));
    const wording = marketingConsentWording(consentTopics);
    await recordConsents(tx, [
      { registrantId, editionId: registrant!.editionId, topic: 'marketing', choice: 'given', wording, source: 'preferences', at: now },
    ]);
    await tx
      .update(registrants)
      .set({ consentedAt: now, consentWording: marketingConsentWording(consentTopics) })
      .where(and(eq(registrants.id, registrantId), isNull(registrants.consentedAt)));
    await setUnsubscribed({ db: tx, registrantId, unsubscribed: false, now });
    const [row] = await tx.select({ consentedAt: registrants.consentedAt }).from(registrants).where(eq(registrants.id, registrantId));
    const consentedAt = row?.consentedAt?.toISOString() ?? null;
    await recordRegistrantEvent(tx, {
      type: 'registrant.updated',
      registrantId,
      now,
      data: { consent: { marketing: consentedAt !== null, consentedAt } },
    });
  });
}
