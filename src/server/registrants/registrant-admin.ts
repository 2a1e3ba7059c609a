/**
 * The registrants screen of the admin: /admin/registrants?edition={slug}[&q=…][&page=N], its
 * query string and its changes (the list and the CSV: registrant-list.ts). Everything works inside one edition: a registrant is only ever found, changed or
 * deleted through the edition named in the request, never by its id alone. Every change runs in
 * one transaction with its audit entry.
 */
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { registrantTiers, type RegistrantTier } from '../../domain/entities.ts';
import type { AdminUser } from '../auth/accounts.ts';
import type { Database, DbHandle } from '../db/client.ts';
import { dataRequests, mailOutbox, registrants } from '../db/schema.ts';
import { recordAudit, recordAuditBy, type AuditActor } from '../audit/audit-log.ts';
import { forgetFeedKeys } from '../feed/feed-access.ts';
import { announceAccessChange } from '../access/access-events.ts';
import { tierNamesOfEditionId } from '../payments/pass-names.ts';
import { recordErasure } from '../webhooks/registrant-events.ts';
import { registrantListActions } from '../../domain/admin-actions.ts';

export const MAX_SEARCH_LENGTH = 200;
/** Far beyond any real list; keeps the offset a small, safe integer. */
const MAX_PAGE = 1_000_000;

// ---------------------------------------------------------------------------------------------
// The query string

const PAGE_MESSAGE = 'The page must be a whole number from 1 up.';
const SEARCH_MESSAGE = `Search for at most ${MAX_SEARCH_LENGTH} characters.`;

const pageSchema = z
  .string()
  .trim()
  .regex(/^\d+$/, PAGE_MESSAGE)
  .transform(Number)
  .pipe(z.number().int().min(1, PAGE_MESSAGE).max(MAX_PAGE, PAGE_MESSAGE));
const searchSchema = z.string().trim().max(MAX_SEARCH_LENGTH, SEARCH_MESSAGE);

export interface RegistrantsQuery {
  /** The trimmed search text; '' lists everyone. */
  q: string;
  page: number;
}

export interface ParsedRegistrantsQuery {
  /** What to show: a bad value is replaced by its default (page 1, no search). */
  query: RegistrantsQuery;
  /** The search text as typed, for the search field (also when it was refused). */
  rawQ: string;
  /** Messages about refused values, by parameter; empty when the query string is fine. */
  errors: { q?: string; page?: string };
}

export function parseRegistrantsQuery(params: URLSearchParams): ParsedRegistrantsQuery {
  const errors: ParsedRegistrantsQuery['errors'] = {};
  const rawQ = params.get('q') ?? '';
  const rawPage = params.get('page');

  const search = searchSchema.safeParse(rawQ);
  if (!search.success) errors.q = search.error.issues[0]?.message ?? SEARCH_MESSAGE;
  let page = 1;
  if (rawPage !== null && rawPage.trim() !== '') {
    const parsed = pageSchema.safeParse(rawPage);
    if (parsed.success) page = parsed.data;
    else errors.page = parsed.error.issues[0]?.message ?? PAGE_MESSAGE;
  }
  return { query: { q: search.success ? search.data : '', page }, rawQ, errors };
}

// ---------------------------------------------------------------------------------------------
// Changes

export type RegistrantChange = { ok: true; message: string } | { ok: false; status: 400 | 404; message: string };

/** One registrant of one edition, changed by an admin. */
interface RegistrantTarget {
  db: Database;
  admin: AdminUser;
  editionId: number;
  id: number;
}

function notInEdition(id: number): RegistrantChange {
  return { ok: false, status: 404, message: `Registrant #${id} is not in this edition (it may have been deleted already).` };
}

/** Sets a registrant's tier, only when the registrant belongs to the edition. */
export async function changeRegistrantTier({
  db,
  admin,
  editionId,
  id,
  tier,
}: RegistrantTarget & { tier: RegistrantTier }): Promise<RegistrantChange> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ tier: registrants.tier })
      .from(registrants)
      .where(and(eq(registrants.id, id), eq(registrants.editionId, editionId)))
      .limit(1)
      .for('update');
    if (!current) return notInEdition(id);
    // The edition's own names for its passes (decision 0042), as its registrants list shows them.
    const names = await tierNamesOfEditionId(tx, editionId);
    if (current.tier === tier) return { ok: true, message: `Registrant #${id} already has the ${names[tier]}.` };
    await tx
      .update(registrants)
      .set({ tier })
      .where(and(eq(registrants.id, id), eq(registrants.editionId, editionId)));
    await recordAudit(tx, admin, {
      action: 'update',
      entityType: 'registrants',
      entityId: id,
      summary: `Changed the tier of registrant #${id} to ${tier}`,
      details: { editionId, from: current.tier, to: tier },
    });
    return { ok: true, message: `Changed the tier of registrant #${id} to ${names[tier]}.` };
  });
}

/**
 * Deletes a registrant (e.g. on a data-protection request), only inside the edition. The API's
 * DELETE erases through here too (docs/decisions/0060), its token named as the actor.
 */
export async function deleteRegistrant(target: Omit<RegistrantTarget, 'admin'> & { admin: AuditActor }): Promise<RegistrantChange> {
  const change = await eraseRegistrant(target);
  // Erasing ends their personal feed key (decision 0020): no remembered lookup may outlive it.
  if (change.ok) forgetFeedKeys();
  return change;
}

function eraseRegistrant({ db, admin, editionId, id }: Omit<RegistrantTarget, 'admin'> & { admin: AuditActor }): Promise<RegistrantChange> {
  return db.transaction(async (tx) => {
    const change = await eraseRegistrantIn(tx, { admin, editionId, id });
    // An erasure made for someone who asked by e-mail is one of the data requests the host shows they
    // answered (docs/decisions/0084): kept with its date, never with the address.
    if (change.ok)
      await tx.insert(dataRequests).values({
        kind: 'erasure',
        source: 'admin',
        email: null,
        requestedAt: new Date(),
        answeredAt: new Date(),
        registrations: 1,
        outcome: 'Erased 1 registration (by an admin or an API token)',
      });
    return change;
  });
}

/**
 * The erasure inside the caller's transaction (the one code path for the admin, the API and the
 * demo's removal): the row and what hangs on it, `registrant.erased` for the webhooks and list
 * tools, their queued mail unless they are registered elsewhere, and the audit entry. The caller
 * calls forgetFeedKeys() after the commit.
 */
export async function eraseRegistrantIn(
  tx: Database,
  { admin, editionId, id }: { admin: AuditActor; editionId: number; id: number },
): Promise<RegistrantChange> {
  const [row] = await tx
    .delete(registrants)
    .where(and(eq(registrants.id, id), eq(registrants.editionId, editionId)))
    .returning({ email: registrants.email, tier: registrants.tier, createdAt: registrants.createdAt });
  if (!row) return notInEdition(id);
  await recordErasure(tx, { registrantId: id, editionId, email: row.email, now: new Date() });
  // Their mail (the confirmation) goes too, unless they are still registered for another edition.
  const [stillRegistered] = await tx.select({ id: registrants.id }).from(registrants).where(eq(registrants.email, row.email)).limit(1);
  if (!stillRegistered) await tx.delete(mailOutbox).where(eq(mailOutbox.to, row.email));
  await recordAuditBy(tx, admin, {
    action: 'delete',
    entityType: 'registrants',
    entityId: id,
    // A data-protection erasure: the address is not copied into the permanent audit trail.
    summary: `Deleted registrant #${id}`,
    details: { editionId, tier: row.tier, registeredAt: row.createdAt.toISOString() },
  });
  return { ok: true, message: `Deleted registrant #${id} (${row.email}).` };
}

const ID_MESSAGE = 'Choose a registrant first.';
const idSchema = z
  .string(ID_MESSAGE)
  .regex(/^\d+$/, ID_MESSAGE)
  .transform(Number)
  .pipe(z.number().int().min(1, ID_MESSAGE).max(2_147_483_647, ID_MESSAGE));

const actionSchema = z.discriminatedUnion(
  'action',
  [
    z.object({
      action: z.literal(registrantListActions.enum.tier),
      id: idSchema,
      tier: z.enum(registrantTiers, 'Choose one of the tiers in the list.'),
    }),
    z.object({ action: z.literal(registrantListActions.enum.delete), id: idSchema }),
  ],
  'Unknown action.',
);

function formFields(form: FormData): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const name of ['action', 'id', 'tier']) {
    const value = form.get(name);
    if (typeof value === 'string') fields[name] = value;
  }
  return fields;
}

/** A POST on the registrants screen (action=tier or action=delete), inside the edition. */
export async function handleRegistrantAction({
  handle,
  admin,
  editionId,
  form,
}: {
  handle: Pick<DbHandle, 'db' | 'notify'>;
  admin: AdminUser;
  editionId: number;
  form: FormData;
}): Promise<RegistrantChange> {
  const change = await registrantAction({ db: handle.db, admin, editionId, form });
  // A tier or an erasure is an access change: every process forgets what it remembered of them.
  if (change.ok) await announceAccessChange(handle);
  return change;
}

async function registrantAction({
  db,
  admin,
  editionId,
  form,
}: {
  db: Database;
  admin: AdminUser;
  editionId: number;
  form: FormData;
}): Promise<RegistrantChange> {
  const parsed = actionSchema.safeParse(formFields(form));
  if (!parsed.success) return { ok: false, status: 400, message: parsed.error.issues[0]?.message ?? 'Unknown action.' };
  const input = parsed.data;
  return input.action === 'tier'
    ? changeRegistrantTier({ db, admin, editionId, id: input.id, tier: input.tier })
    : deleteRegistrant({ db, admin, editionId, id: input.id });
}
