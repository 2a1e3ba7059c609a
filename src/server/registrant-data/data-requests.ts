/**
 * A person's data requests (docs/decisions/0084): a copy of their data (recorded as asked and
 * answered at once) and an erasure, which waits for the link sent to their address: opened and
 * confirmed once, within a day, it erases every registration of the address through the admin's
 * own erasure (eraseRegistrantIn: `registrant.erased` for the webhooks and the list tools, their
 * queued mail, the audit entry). A GET of the link changes nothing: link checkers open every URL.
 */
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { announceAccessChange } from '../access/access-events.ts';
import type { Database, DbHandle } from '../db/client.ts';
import { dataRequests, registrants } from '../db/schema.ts';
import { forgetFeedKeys } from '../feed/feed-access.ts';
import { queueMail } from '../mail/outbox.ts';
import { linkTokenHash, newLinkToken } from '../registrants/link-tokens.ts';
import { dataRequestState, type DataRequestRow } from '../../domain/registrant-data/data-request.ts';
import { rateLimiter } from '../rate-limits/rate-limit.ts';
import { eraseRegistrantIn } from '../registrants/registrant-admin.ts';

/** How long an erasure link works. */
export const ERASURE_LINK_HOURS = 24;
/** Erasure links one address may be sent in an hour: enough to retry, too few to flood an inbox. */
const ERASURE_MAILS_PER_HOUR = 3;
/** How the audit log names the one who erased: the person themselves, by their confirmed link. */
export const SELF_ERASURE_ACTOR = 'The registrant (confirmed erasure link)';

const TOKEN = /^[\w-]{43}$/;

/** A copy of their data handed out (the download, or an admin's export): asked and answered now. */
export async function recordExport(
  db: Database,
  { email, source, registrations, now }: { email: string; source: 'registrant' | 'admin'; registrations: number; now: Date },
): Promise<void> {
  await db.insert(dataRequests).values({
    kind: 'export',
    source,
    email,
    requestedAt: now,
    answeredAt: now,
    registrations,
    outcome: `A copy of ${registrations} registration${registrations === 1 ? '' : 's'} handed out`,
  });
}

export type ErasureAsked = { ok: true } | { ok: false; problem: string };

/** Sends the erasure link to the address; the request waits for it. */
export async function askErasure(
  db: Database,
  { email, siteUrl, now }: { email: string; siteUrl: string; now: Date },
): Promise<ErasureAsked> {
  const verdict = await rateLimiter(db, { name: 'data-erasure-address', limit: ERASURE_MAILS_PER_HOUR, windowSeconds: 3600 }).take(email);
  if (!verdict.allowed) {
    const minutes = Math.ceil(verdict.retryAfterSeconds / 60);
    return { ok: false, problem: `We sent this address several links already. Use the newest one, or ask again in ${minutes} minutes.` };
  }
  const { token, tokenHash, expiresAt } = newLinkToken(now, ERASURE_LINK_HOURS);
  const link = new URL(`/your-data/erase/${token}`, siteUrl).toString();
  const lines = [
    'You asked us to erase everything the summit holds about you. To confirm, open this link:',
    link,
    `It works once, for ${ERASURE_LINK_HOURS} hours. If you did not ask for this, ignore this e-mail: nothing is erased.`,
  ];
  await db.transaction(async (tx) => {
    await tx.insert(dataRequests).values({
      kind: 'erasure',
      source: 'registrant',
      email,
      requestedAt: now,
      tokenHash,
      expiresAt,
    });
    await queueMail(
      tx,
      {
        to: email,
        subject: 'Confirm erasing your summit data',
        text: lines.join('\n\n'),
        html: `<p>${lines[0]}</p><p><a href="${link}">${link}</a></p><p>${lines[2]}</p>`,
      },
      now,
    );
  });
  return { ok: true };
}

/** The address an erasure link would erase while it may still be confirmed, or null (unknown, used or expired). */
export async function pendingErasure(db: Pick<Database, 'select'>, token: string, now: Date) {
  if (!TOKEN.test(token)) return null;
  const [row] = await db
    .select({ id: dataRequests.id, email: dataRequests.email })
    .from(dataRequests)
    .where(
      and(
        eq(dataRequests.kind, 'erasure'),
        eq(dataRequests.tokenHash, linkTokenHash(token)),
        isNull(dataRequests.answeredAt),
        gt(dataRequests.expiresAt, now),
      ),
    )
    .limit(1);
  return row?.email ? { id: row.id, email: row.email } : null;
}

export type ErasureConfirmed = { ok: true; registrations: number } | { ok: false };

/** Erases every registration of the link's address, once; the link is used up in the same transaction. */
export async function confirmErasure(handle: Pick<DbHandle, 'db' | 'notify'>, token: string, now: Date): Promise<ErasureConfirmed> {
  const erased = await handle.db.transaction(async (tx): Promise<ErasureConfirmed> => {
    const pending = await pendingErasure(tx, token, now);
    if (!pending) return { ok: false };
    const claimed = await tx
      .update(dataRequests)
      .set({ answeredAt: now })
      .where(and(eq(dataRequests.id, pending.id), isNull(dataRequests.answeredAt)))
      .returning({ id: dataRequests.id });
    if (!claimed.length) return { ok: false };
    const rows = await tx
      .select({ id: registrants.id, editionId: registrants.editionId })
      .from(registrants)
      .where(eq(registrants.email, pending.email));
    for (const row of rows) await eraseRegistrantIn(tx, { admin: SELF_ERASURE_ACTOR, editionId: row.editionId, id: row.id });
    // The address goes with them: the request keeps only its dates and what was done.
    await tx
      .update(dataRequests)
      .set({ email: null, registrations: rows.length, outcome: `Erased ${rows.length} registration${rows.length === 1 ? '' : 's'}` })
      .where(eq(dataRequests.email, pending.email));
    return { ok: true, registrations: rows.length };
  });
  if (erased.ok) {
    // As the admin's delete: no remembered feed key or signed-in browser outlives the erasure.
    forgetFeedKeys();
    await announceAccessChange(handle);
  }
  return erased;
}

/** The newest requests first, for the admin's list. */
export async function listDataRequests(db: Database, now: Date, limit = 500): Promise<DataRequestRow[]> {
  const rows = await db.select().from(dataRequests).orderBy(desc(dataRequests.requestedAt), desc(dataRequests.id)).limit(limit);
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    source: row.source,
    email: row.email,
    requestedAt: row.requestedAt,
    answeredAt: row.answeredAt,
    outcome: row.outcome,
    state: dataRequestState(row, now),
  }));
}
