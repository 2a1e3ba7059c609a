/**
 * One registrant in the admin (/admin/registrants/{id}?edition={slug}): passes and purchases,
 * access windows (first visits per page), a shared-feed flag (decision 0038), and the actions on them: extend or reset a window,
 * revoke or re-issue the personal link, grant or remove a pass by hand, lift their address's
 * suppression (docs/decisions/0082). Each change runs in one
 * transaction with its audit entry; window changes are announced to every app process.
 */
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { passKinds } from '../../domain/passes.ts';
import type { RegistrantTier } from '../../domain/entities.ts';
import { tierNamesOfEditionId, tierNamesOfRegistrant, type TierNames } from '../payments/pass-names.ts';
import { pageTypeFor, timedPages, type TimedPage } from '../../domain/edition.ts';
import type { AdminUser } from '../auth/accounts.ts';
import type { Database, DbHandle } from '../db/client.ts';
import { registrants } from '../db/schema.ts';
import { announceAccessChange } from '../access/access-events.ts';
import { personalLink } from '../access/links.ts';
import { currentKey } from '../access/registrant-session.ts';
import {
  extendRegistrantWindow,
  registrantVisitsOf,
  resetRegistrantWindow,
  type RecordedVisit,
  type RegistrantWindow,
} from '../access/visits.ts';
import { grantPass, purchasesOf, removePass } from '../payments/passes.ts';
import { recordAudit } from '../audit/audit-log.ts';
import { recordRegistrantEvent } from '../webhooks/registrant-events.ts';
import { clearSharedFeed, sharedFeedFlagOf, type SharedFeedFlag } from '../listening/shared-feeds.ts';
import { registrantAccessActions } from '../../domain/admin-actions.ts';
import { adminLabel } from '../../domain/admin-user.ts';
import { SUPPRESSION_REASON_LABELS } from '../../domain/suppression/suppression.ts';
import { suppressionView, type SuppressionView } from '../../domain/suppression/suppression-view.ts';
import { liftSuppression, listSuppressions } from '../suppression/suppression-list.ts';
import { consentRecordsOf } from '../consents/consent-records.ts';
import type { ConsentRecordData } from '../../domain/registrant-data/consent.ts';

export interface RegistrantAccessView {
  id: number;
  firstName: string;
  email: string;
  tier: RegistrantTier;
  /** The edition's names for its tiers (decision 0042): the tier, the purchases and the grant form say them. */
  tierNames: TierNames;
  registeredAt: Date;
  keyVersion: number;
  keyRevokedAt: Date | null;
  /** The current personal link (absolute), or null while revoked. */
  personalLink: string | null;
  purchases: Awaited<ReturnType<typeof purchasesOf>>;
  visits: RecordedVisit[];
  /** Set when the personal link's audio came from more networks in a day than FEED_SHARE_NETWORK_LIMIT. */
  sharedFeed: SharedFeedFlag | null;
  /** Their address's suppression in force (docs/decisions/0082): why and since when, and its lift. */
  suppression: SuppressionView | null;
  /** Every consent given or withdrawn, oldest first, in the words shown (docs/decisions/0084). */
  consents: ConsentRecordData[];
}

export async function loadRegistrantAccess({
  db,
  editionId,
  id,
  siteUrl,
}: {
  db: Database;
  editionId: number;
  id: number;
  siteUrl: string;
}): Promise<RegistrantAccessView | null> {
  const [row] = await db
    .select()
    .from(registrants)
    .where(and(eq(registrants.id, id), eq(registrants.editionId, editionId)))
    .limit(1);
  if (!row) return null;
  const [key, purchases, visits, sharedFeed, tierNames, [suppression], consents] = await Promise.all([
    currentKey(db, id),
    purchasesOf(db, id),
    registrantVisitsOf(db, id),
    sharedFeedFlagOf(db, id),
    tierNamesOfEditionId(db, editionId),
    listSuppressions(db, { limit: 1, address: row.email }),
    consentRecordsOf(db, [id]),
  ]);
  return {
    id,
    firstName: row.firstName,
    email: row.email,
    tier: row.tier,
    tierNames,
    registeredAt: row.createdAt,
    keyVersion: row.keyVersion,
    keyRevokedAt: row.keyRevokedAt,
    personalLink: key ? personalLink(siteUrl, key) : null,
    purchases,
    visits,
    sharedFeed,
    suppression: suppression && !suppression.liftedAt ? suppressionView(suppression) : null,
    consents: consents.get(id) ?? [],
  };
}

const MAX_EXTEND_HOURS = 24 * 365;
const pageSchema = z.enum(timedPages, 'Choose a page: day1, day2, day3 or dashboard.');
const actionSchema = z.discriminatedUnion(
  'action',
  [
    z.object({
      action: z.literal(registrantAccessActions.enum.extend),
      page: pageSchema,
      hours: z.coerce
        .number('Enter hours.')
        .int('Enter whole hours.')
        .min(1, 'Extend by at least 1 hour.')
        .max(MAX_EXTEND_HOURS, 'Extend by at most a year.'),
    }),
    z.object({ action: z.literal(registrantAccessActions.enum.reset), page: pageSchema }),
    z.object({ action: z.literal(registrantAccessActions.enum.revoke) }),
    z.object({ action: z.literal(registrantAccessActions.enum.reissue) }),
    z.object({
      action: z.literal(registrantAccessActions.enum.grant),
      pass: z.enum(passKinds, `Choose a pass: ${passKinds.join(' or ')}.`),
    }),
    z.object({
      action: z.literal(registrantAccessActions.enum.remove),
      purchase: z.coerce.number().int().min(1, 'Choose a purchase.').max(2_147_483_647),
    }),
    z.object({
      action: z.literal(registrantAccessActions.enum['lift-suppression']),
      suppression: z.coerce.number().int().min(1, 'Choose a suppression.').max(2_147_483_647),
    }),
  ],
  'Unknown action.',
);

export type AccessChange = { ok: true; message: string } | { ok: false; status: 400 | 404; message: string };

function fields(form: FormData): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of ['action', 'page', 'hours', 'pass', 'purchase', 'suppression']) {
    const value = form.get(name);
    if (typeof value === 'string') out[name] = value;
  }
  return out;
}

type Action = z.infer<typeof actionSchema>;

/** Applies one action inside a transaction; returns the message, or null when nothing matched. */
async function apply({
  tx,
  admin,
  edition,
  id,
  input,
}: {
  tx: Database;
  admin: AdminUser;
  edition: { id: number; slug: string };
  id: number;
  input: Action;
}): Promise<string | null> {
  const audit = (summary: string, details: unknown) =>
    recordAudit(tx, admin, {
      action: 'update',
      entityType: 'registrants',
      entityId: id,
      summary,
      details: { editionId: edition.id, ...(details as object) },
    });
  const windowOf = (page: TimedPage): RegistrantWindow => ({ registrantId: id, pageType: pageTypeFor(edition.slug, page) });
  switch (input.action) {
    case 'extend': {
      if (!(await extendRegistrantWindow(tx, windowOf(input.page), input.hours))) return null;
      await audit(`Extended the ${input.page} window of registrant #${id} by ${input.hours} h`, { page: input.page, hours: input.hours });
      return `Extended the ${input.page} window by ${input.hours} hours.`;
    }
    case 'reset': {
      if (!(await resetRegistrantWindow(tx, windowOf(input.page)))) return null;
      await audit(`Reset the ${input.page} window of registrant #${id}`, { page: input.page });
      return `Reset the ${input.page} window: it starts again on the next visit.`;
    }
    case 'revoke':
    case 'reissue': {
      const set =
        input.action === 'revoke' ? { keyRevokedAt: new Date() } : { keyRevokedAt: null, keyVersion: sql`${registrants.keyVersion} + 1` };
      await tx.update(registrants).set(set).where(eq(registrants.id, id));
      // A new link starts clean: the shared-feed flag and the networks seen belonged to the old one.
      if (input.action === 'reissue') await clearSharedFeed(tx, id);
      // The host's tools hear of it (docs/decisions/0058); the new key itself never leaves.
      if (input.action === 'reissue')
        await recordRegistrantEvent(tx, { type: 'access.reissued', registrantId: id, now: new Date(), data: {} });
      await audit(
        input.action === 'revoke' ? `Revoked the personal link of registrant #${id}` : `Re-issued the personal link of registrant #${id}`,
        {},
      );
      return input.action === 'revoke'
        ? 'Revoked the personal link: it and every browser signed in with it open nothing now.'
        : 'Issued a new personal link; the old one no longer works.';
    }
    case 'grant': {
      const { from, to } = await grantPass(tx, id, { pass: input.pass, source: 'admin' });
      const passName = (await tierNamesOfRegistrant(tx, id))[input.pass];
      await audit(`Granted the ${passName} to registrant #${id}`, { pass: input.pass, from, to });
      return `Granted the ${passName}.`;
    }
    case 'remove': {
      if (!(await removePass({ tx, registrantId: id, purchaseId: input.purchase, at: new Date() }))) return null;
      await audit(`Removed purchase #${input.purchase} of registrant #${id}`, { purchase: input.purchase });
      return `Removed the pass of purchase #${input.purchase}.`;
    }
    case 'lift-suppression': {
      const lifted = await liftSuppression(tx, { id: input.suppression, by: adminLabel(admin), now: new Date() });
      if (!lifted) return null;
      await audit(`Lifted the suppression of ${lifted.address} (${SUPPRESSION_REASON_LABELS[lifted.reason]}) for registrant #${id}`, {
        suppression: lifted.id,
        address: lifted.address,
      });
      return `Lifted the suppression: ${lifted.address} gets the site's e-mails again.`;
    }
  }
}

export async function handleRegistrantAccessAction({
  handle,
  admin,
  edition,
  id,
  form,
}: {
  handle: Pick<DbHandle, 'db' | 'notify'>;
  admin: AdminUser;
  edition: { id: number; slug: string };
  id: number;
  form: FormData;
}): Promise<AccessChange> {
  const parsed = actionSchema.safeParse(fields(form));
  if (!parsed.success) return { ok: false, status: 400, message: parsed.error.issues[0]?.message ?? 'Unknown action.' };
  const message = await handle.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: registrants.id })
      .from(registrants)
      .where(and(eq(registrants.id, id), eq(registrants.editionId, edition.id)))
      .for('update');
    if (!row) return undefined;
    return apply({ tx, admin, edition, id, input: parsed.data });
  });
  if (message === undefined) return { ok: false, status: 404, message: `Registrant #${id} is not in this edition.` };
  if (message === null)
    return { ok: false, status: 404, message: 'There is nothing to change: that window or purchase does not exist (any more).' };
  await announceAccessChange(handle);
  return { ok: true, message };
}
