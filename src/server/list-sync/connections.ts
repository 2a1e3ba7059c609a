/**
 * The host's e-mail list connections (docs/decisions/0059): rows of webhook_endpoints of a
 * provider's kind, so they share the webhooks' queue, retries and log. The API key is stored to
 * make the calls and never shown again; a change that leaves it empty keeps it.
 */
import { and, desc, eq, gte, isNull, lt, ne, or } from 'drizzle-orm';
import { parseConnectionInput, type ConnectionErrors, type RawConnection } from '../../domain/list-sync/connection-input.ts';
import { eventsWanted } from '../../domain/list-sync/plan.ts';
import type { Database } from '../db/client.ts';
import { editions, webhookAttempts, webhookEndpoints } from '../db/schema.ts';
import { refusedHost } from '../webhooks/address-policy.ts';
import { providerBase } from './list-sync-config.ts';

export type ConnectionRow = typeof webhookEndpoints.$inferSelect;
const isConnection = ne(webhookEndpoints.kind, 'webhook');

async function editionExists(db: Database, id: number): Promise<boolean> {
  const [row] = await db.select({ id: editions.id }).from(editions).where(eq(editions.id, id));
  return Boolean(row);
}

/** Adds a connection, or changes the one `id` names; every problem is answered at its field. */
export async function saveConnection(
  db: Database,
  raw: Omit<RawConnection, 'keyStored'> & { id: number | null },
  options: { allowPrivate: boolean },
): Promise<{ ok: true; id: number } | { ok: false; errors: ConnectionErrors }> {
  const existing = raw.id === null ? undefined : await findConnection(db, raw.id);
  if (raw.id !== null && !existing) return { ok: false, errors: { provider: 'That connection no longer exists.' } };
  const parsed = parseConnectionInput({ ...raw, keyStored: existing?.kind === raw.provider });
  if (!parsed.ok) return parsed;
  const { provider, apiKey, accountUrl, editionId, rules } = parsed.value;
  if (accountUrl) {
    const trusted = providerBase(provider, { dataCentre: '', accountUrl }).trusted;
    const refused = await refusedHost(new URL(accountUrl), options.allowPrivate || trusted);
    if (refused) return { ok: false, errors: { accountUrl: refused } };
  }
  if (editionId !== null && !(await editionExists(db, editionId)))
    return { ok: false, errors: { editionId: 'Choose an edition from the list.' } };
  const settings = { rules };
  const values = { kind: provider, url: accountUrl, settings, events: eventsWanted(settings), editionId };
  if (existing) {
    await db
      .update(webhookEndpoints)
      .set({ ...values, ...(apiKey ? { secret: apiKey } : {}) })
      .where(eq(webhookEndpoints.id, existing.id));
    return { ok: true, id: existing.id };
  }
  const [row] = await db
    .insert(webhookEndpoints)
    .values({ ...values, secret: apiKey ?? '' })
    .returning({ id: webhookEndpoints.id });
  return { ok: true, id: row!.id };
}

export async function findConnection(db: Database, id: number): Promise<ConnectionRow | undefined> {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), isConnection));
  return row;
}

export async function listConnections(db: Database): Promise<ConnectionRow[]> {
  return db.select().from(webhookEndpoints).where(isConnection).orderBy(webhookEndpoints.id);
}

/** A connection's latest failed deliveries, newest first: what the provider answered when it refused. */
export async function latestErrors(db: Database, endpointId: number, limit = 5) {
  const failed = or(isNull(webhookAttempts.status), lt(webhookAttempts.status, 200), gte(webhookAttempts.status, 300));
  return db
    .select({ at: webhookAttempts.at, status: webhookAttempts.status, answer: webhookAttempts.answer })
    .from(webhookAttempts)
    .where(and(eq(webhookAttempts.endpointId, endpointId), eq(webhookAttempts.skipped, false), failed))
    .orderBy(desc(webhookAttempts.id))
    .limit(limit);
}
