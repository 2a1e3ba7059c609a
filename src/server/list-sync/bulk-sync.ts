/**
 * An import's registrants sent to an e-mail list in one delivery (registrants.imported,
 * docs/decisions/0076): the registrants of that import and edition who have marketing consent
 * now and have not unsubscribed (the consent rule of docs/decisions/0070, read in the query), in
 * pages of the provider's bulk size, each page recorded as sent before its call and sent with the
 * provider's bulk add where the rule allows it, one contact at a time otherwise. A page that fails
 * stops the delivery, which is retried whole: every call is an add-or-update.
 */
import { and, asc, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import type { Contact, SyncPlan } from '../../domain/list-sync/plan.ts';
import type { Database } from '../db/client.ts';
import { editions, listContacts, mailPreferences, registrants } from '../db/schema.ts';
import type { DeliveryOutcome } from '../webhooks/settle.ts';
import { connect, type ListEndpoint } from './connect.ts';

/** Contacts a page when the provider has no bulk add for the rule (each is its own call). */
const ONE_BY_ONE_PAGE = 100;

type BulkPlan = Extract<SyncPlan, { kind: 'bulk' }>;

async function consentingPage(db: Database, plan: BulkPlan, { after, size }: { after: number; size: number }) {
  return db
    .select({ id: registrants.id, email: registrants.email, firstName: registrants.firstName })
    .from(registrants)
    .innerJoin(editions, eq(editions.id, registrants.editionId))
    .leftJoin(mailPreferences, eq(mailPreferences.registrantId, registrants.id))
    .where(
      and(
        eq(registrants.importId, plan.importId),
        eq(editions.slug, plan.editionSlug),
        isNotNull(registrants.consentedAt),
        isNull(mailPreferences.unsubscribedAt),
        gt(registrants.id, after),
      ),
    )
    .orderBy(asc(registrants.id))
    .limit(size);
}

/** Written before the page's call: a call that fails half-way may still have added them there (docs/decisions/0070). */
async function markPageSent(db: Database, endpointId: number, ids: number[]): Promise<void> {
  const now = new Date();
  await db
    .insert(listContacts)
    .values(ids.map((registrantId) => ({ endpointId, registrantId, sentAt: now })))
    .onConflictDoUpdate({ target: [listContacts.endpointId, listContacts.registrantId], set: { unsubscribedAt: null } });
}

export async function syncImported({
  db,
  endpoint,
  plan,
  allowPrivate,
}: {
  db: Database;
  endpoint: ListEndpoint;
  plan: BulkPlan;
  allowPrivate: boolean;
}): Promise<DeliveryOutcome> {
  const { adapter, session } = connect(endpoint, allowPrivate);
  const bulk = adapter.bulk?.takes(plan.rule) ? adapter.bulk : null;
  let after = 0;
  let sent = 0;
  try {
    for (;;) {
      const page = await consentingPage(db, plan, { after, size: bulk?.size ?? ONE_BY_ONE_PAGE });
      if (!page.length) break;
      await markPageSent(
        db,
        endpoint.id,
        page.map((row) => row.id),
      );
      const contacts: Contact[] = page.map((row) => ({ email: row.email, firstName: row.firstName }));
      if (bulk) await bulk.upsert(session, { contacts, rule: plan.rule });
      else for (const contact of contacts) await adapter.upsert(session, { contact, rule: plan.rule });
      sent += page.length;
      after = page.at(-1)!.id;
    }
  } catch (error) {
    return session.finish(error);
  }
  if (!sent)
    return { status: null, answer: 'Not sent: nobody this import added or changed has marketing consent.', durationMs: 0, skipped: true };
  const outcome = session.finish();
  return { ...outcome, answer: [`${sent} of the import’s registrants with marketing consent`, outcome.answer].filter(Boolean).join('\n') };
}
