/**
 * One delivery to an e-mail list service (docs/decisions/0059): the event's plan under the
 * connection's rules, the consent as it stands now (a registrant who withdrew it before the
 * delivery ran is not added) and whether this connection ever sent them (a removal goes only to
 * someone sent before: docs/decisions/0070), then the provider's calls. The list-sync kind of the
 * outbound queue (list-sync-kind.ts) settles the outcome like a webhook's: logged, retried with backoff, the connection switched off after 50 failures in a row.
 */
import { eq } from 'drizzle-orm';
import type { EventPayload } from '../../domain/events/catalogue.ts';
import { gatePlan } from '../../domain/list-sync/consent-gate.ts';
import { planFor, type SyncPlan } from '../../domain/list-sync/plan.ts';
import type { Database } from '../db/client.ts';
import { mailPreferences, registrants } from '../db/schema.ts';
import type { DeliveryOutcome } from '../webhooks/settle.ts';
import { forgetContact, markSent, markUnsubscribed, readMembership } from './list-contacts.ts';
import { syncImported } from './bulk-sync.ts';
import { connect, type ListEndpoint } from './connect.ts';

/** What the log shows for a delivery that needed no call: nothing was sent, nothing is retried. */
export type SyncOutcome = DeliveryOutcome;

const skipped = (why: string): SyncOutcome => ({ status: null, answer: `Not sent: ${why}`, durationMs: 0, skipped: true });

/** Marketing consent given and not withdrawn since (an unsubscribe from the e-mails withdraws it). */
async function mayMarket(db: Database, registrantId: number): Promise<boolean> {
  const [row] = await db
    .select({ consentedAt: registrants.consentedAt, unsubscribedAt: mailPreferences.unsubscribedAt })
    .from(registrants)
    .leftJoin(mailPreferences, eq(mailPreferences.registrantId, registrants.id))
    .where(eq(registrants.id, registrantId));
  return Boolean(row?.consentedAt) && !row?.unsubscribedAt;
}

export async function syncToList({
  db,
  endpoint,
  body,
  allowPrivate,
}: {
  db: Database;
  endpoint: ListEndpoint;
  body: string;
  allowPrivate: boolean;
}): Promise<SyncOutcome> {
  const plan = planFor(JSON.parse(body) as EventPayload, endpoint.settings ?? { rules: [] });
  if (plan.kind === 'none') return skipped(plan.reason);
  if (plan.kind === 'bulk') return syncImported({ db, endpoint, plan, allowPrivate });
  const key = { endpointId: endpoint.id, registrantId: plan.registrantId };
  const verdict = gatePlan(plan, {
    consents: plan.kind === 'upsert' && (await mayMarket(db, plan.registrantId)),
    membership: await readMembership(db, key),
  });
  if (!verdict.call) return skipped(verdict.reason);
  if (plan.kind === 'upsert') await markSent(db, key, new Date());
  const outcome = await callProvider(endpoint, plan, allowPrivate);
  if (outcome.status !== null && outcome.status >= 200 && outcome.status < 300) {
    if (plan.kind === 'unsubscribe') await markUnsubscribed(db, key, new Date());
    if (plan.kind === 'erase') await forgetContact(db, key);
  }
  return outcome;
}

async function callProvider(
  endpoint: ListEndpoint,
  plan: Exclude<SyncPlan, { kind: 'none' | 'bulk' }>,
  allowPrivate: boolean,
): Promise<SyncOutcome> {
  const { adapter, session } = connect(endpoint, allowPrivate);
  try {
    if (plan.kind === 'upsert') await adapter.upsert(session, plan);
    else await adapter[plan.kind](session, plan);
    return session.finish();
  } catch (error) {
    return session.finish(error);
  }
}
