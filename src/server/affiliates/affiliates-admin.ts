/**
 * The changes Admin → Affiliates makes (docs/PRODUCT.md "Affiliates"; decision 0066): the edition's
 * default rate, partners (add, edit, delete while they have no commission rows), an affiliate's own
 * rate, the leaderboard widget's switch, and (affiliate-payments.ts) payouts and adjustments. Each
 * change is one transaction with its audit entry; bad input is answered at its field and nothing
 * is stored. A partner's private page is revoked and re-issued as a speaker's (share-links-admin.ts).
 */
import { and, eq } from 'drizzle-orm';
import { readPartner, type PartnerValues } from '../../domain/affiliates/partner-input.ts';
import { formatRate, parseRatePercent } from '../../domain/affiliates/rates.ts';
import type { Edition } from '../../domain/edition.ts';
import type { AdminUser } from '../auth/accounts.ts';
import { recordAudit } from '../audit/audit-log.ts';
import { writeContent } from '../audit/content-write.ts';
import type { Database, DbHandle } from '../db/client.ts';
import { editions, shareLinks } from '../db/schema.ts';
import { codeTaken, lockEditionLinks, type ShareLink } from '../attribution/share-links.ts';
import { submitShareLinkForm } from '../attribution/share-links-admin.ts';
import { adjustCommission, ledgerRowCount, markPaid, type LedgerFormOutcome } from './affiliate-payments.ts';
import { affiliatesActions, UNKNOWN_ACTION, type AffiliatesAction } from '../../domain/admin-actions.ts';

/** What a POST did: a message, or a problem with messages by field for the form it came from. */
export interface AffiliatesOutcome extends LedgerFormOutcome {
  /** The form refused (its action and the affiliate), shown again with what was typed. */
  refused?: { action: string; id: number | null; values: Record<string, string> };
}

export interface AffiliatesPost {
  handle: DbHandle;
  admin: AdminUser;
  edition: Edition;
  now: Date;
}

const text = (form: FormData, name: string) => String(form.get(name) ?? '');
const REFUSED = 'Nothing was saved: see the fields below.';

function typedValues(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of form.entries()) if (typeof value === 'string' && name !== 'action') values[name] = value;
  return values;
}

/** One change to the edition's own row, with its line in the audit log. */
async function updateEdition(
  { handle, admin, edition }: Pick<AffiliatesPost, 'handle' | 'admin' | 'edition'>,
  values: Partial<typeof editions.$inferInsert>,
  summary: string,
): Promise<void> {
  await writeContent(handle, admin, async (tx) => {
    await tx.update(editions).set(values).where(eq(editions.id, edition.id));
    return { result: null, audit: { action: 'update', entityType: 'affiliates', entityId: edition.id, summary } };
  });
}

async function setEditionRate({ handle, admin, edition }: AffiliatesPost, form: FormData): Promise<AffiliatesOutcome> {
  const rate = parseRatePercent(text(form, 'rate'), { optional: false });
  if (!rate.ok) return { problem: REFUSED, errors: { rate: rate.message } };
  const bp = rate.bp ?? 0;
  await updateEdition(
    { handle, admin, edition },
    { commissionRateBp: bp },
    `Set the default commission of ${edition.slug} to ${formatRate(bp)}`,
  );
  return { message: `The edition’s default commission is now ${formatRate(bp)}. Sales already made keep the rate they earned.` };
}

async function addPartner({ handle, admin, edition }: AffiliatesPost, form: FormData): Promise<AffiliatesOutcome> {
  const typed = { name: text(form, 'name'), email: text(form, 'email'), code: text(form, 'code'), rate: text(form, 'rate') };
  const read = readPartner(typed, { withCode: true, withContact: true });
  if (!read.ok) return { problem: REFUSED, errors: read.errors };
  const partner: PartnerValues = read.value;
  const added = await handle.db.transaction(async (tx) => {
    // The lock share links are made and recoded under: no other link takes the code meanwhile.
    await lockEditionLinks(tx, edition.id);
    if (await codeTaken(tx, { editionId: edition.id, code: partner.code, exceptId: 0 })) return null;
    const [row] = await tx
      .insert(shareLinks)
      .values({
        editionId: edition.id,
        name: partner.name,
        code: partner.code,
        partner: true,
        email: partner.email,
        commissionRateBp: partner.rateBp,
      })
      .returning({ id: shareLinks.id });
    await recordAudit(tx, admin, {
      action: 'create',
      entityType: 'affiliates',
      entityId: row?.id ?? null,
      summary: `Added the partner ${partner.name} (/r/${partner.code}) to ${edition.slug}`,
      details: { ...partner },
    });
    return row?.id ?? null;
  });
  if (added === null) return { problem: REFUSED, errors: { code: `Another share link of this edition has the code “${partner.code}”.` } };
  return { message: `${partner.name} is a partner now: their share link is /r/${partner.code}. Send them their private page link below.` };
}

async function editAffiliate({ handle, admin, edition }: AffiliatesPost, link: ShareLink, form: FormData): Promise<AffiliatesOutcome> {
  // Speakers' and hosts' names come from their people: only a partner's name and address are edited here.
  const typed = { name: link.partner ? text(form, 'name') : link.name, email: text(form, 'email'), code: '', rate: text(form, 'rate') };
  const read = readPartner(typed, { withCode: false, withContact: link.partner });
  if (!read.ok) return { problem: REFUSED, errors: read.errors };
  const { name, email, rateBp } = read.value;
  const changes = link.partner ? { name, email, commissionRateBp: rateBp } : { commissionRateBp: rateBp };
  await handle.db.transaction(async (tx) => {
    await tx.update(shareLinks).set(changes).where(eq(shareLinks.id, link.id));
    await recordAudit(tx, admin, {
      action: 'update',
      entityType: 'affiliates',
      entityId: link.id,
      summary: `Updated the affiliate ${name} (${rateBp === null ? 'the edition’s rate' : formatRate(rateBp)}) in ${edition.slug}`,
      details: changes,
    });
  });
  return {
    message: `Saved ${name}: ${rateBp === null ? 'they earn the edition’s rate' : `they earn ${formatRate(rateBp)}`} on their next sales.`,
  };
}

async function deletePartner({ handle, admin, edition }: AffiliatesPost, link: ShareLink): Promise<AffiliatesOutcome> {
  if (!link.partner) return { problem: 'Only a partner is deleted here; a speaker’s or host’s link stays with them.' };
  const rows = await ledgerRowCount(handle.db, { editionId: edition.id, linkId: link.id });
  if (rows > 0)
    return {
      problem: `${link.name} cannot be deleted: their commission has ${rows === 1 ? 'one ledger row' : `${rows} ledger rows`}, the record of what they earned and were paid. Set their rate to 0 to stop new commissions.`,
    };
  await handle.db.transaction(async (tx) => {
    await tx.delete(shareLinks).where(eq(shareLinks.id, link.id));
    await recordAudit(tx, admin, {
      action: 'delete',
      entityType: 'affiliates',
      entityId: link.id,
      summary: `Deleted the partner ${link.name} (/r/${link.code}) of ${edition.slug}`,
    });
  });
  return {
    message: `${link.name} is no longer a partner; /r/${link.code} leads nowhere now, and registrations they brought count as direct.`,
  };
}

async function setWidget({ handle, admin, edition }: AffiliatesPost, form: FormData): Promise<AffiliatesOutcome> {
  const on = form.get('leaderboardWidget') !== null;
  const settings = { ...edition.settings, affiliates: { ...edition.settings.affiliates, leaderboardWidget: on } };
  await updateEdition(
    { handle, admin, edition },
    { settings, updatedAt: new Date() },
    `${on ? 'Switched on' : 'Switched off'} the affiliates’ leaderboard widget of ${edition.slug}`,
  );
  return {
    message: on
      ? 'The leaderboard widget is on: partners find its snippet on /embed.'
      : 'The leaderboard widget is off: its address answers “not found”.',
  };
}

async function linkOf(db: Database, edition: Edition, form: FormData): Promise<ShareLink | null> {
  const id = Number(text(form, 'id'));
  if (!Number.isInteger(id) || id <= 0) return null;
  const [link] = await db
    .select()
    .from(shareLinks)
    .where(and(eq(shareLinks.id, id), eq(shareLinks.editionId, edition.id)))
    .limit(1);
  return link ?? null;
}

async function onAffiliate(
  post: AffiliatesPost,
  form: FormData,
  action: Exclude<AffiliatesAction, 'rate' | 'partner' | 'widget'>,
): Promise<AffiliatesOutcome> {
  const link = await linkOf(post.handle.db, post.edition, form);
  if (!link) return { problem: 'That affiliate is no longer there; nothing was changed.' };
  const edition = { ...post.edition, currency: post.edition.settings.checkout.currency };
  const write = { admin: post.admin, edition, link, now: post.now };
  switch (action) {
    case 'edit':
      return editAffiliate(post, link, form);
    case 'delete':
      return deletePartner(post, link);
    case 'payout':
      return markPaid(post.handle.db, write, form);
    case 'adjust':
      return adjustCommission(post.handle.db, write, form);
    case 'revoke':
    case 'reissue': {
      // The share link's own form (share-links-admin.ts) reads the action again: revoke or re-issue.
      const notice = await submitShareLinkForm({ db: post.handle.db, admin: post.admin, edition: post.edition, form });
      return notice.ok ? { message: notice.message } : { problem: notice.message };
    }
  }
}

export async function submitAffiliatesForm(post: AffiliatesPost, form: FormData): Promise<AffiliatesOutcome> {
  const action = affiliatesActions.safeParse(form.get('action'));
  const outcome = action.success ? await dispatch(post, form, action.data) : { problem: action.error.issues[0]?.message ?? UNKNOWN_ACTION };
  if (!outcome.problem) return outcome;
  const id = Number(text(form, 'id'));
  return {
    ...outcome,
    refused: { action: text(form, 'action'), id: Number.isInteger(id) && id > 0 ? id : null, values: typedValues(form) },
  };
}

function dispatch(post: AffiliatesPost, form: FormData, action: AffiliatesAction): Promise<AffiliatesOutcome> {
  switch (action) {
    case 'rate':
      return setEditionRate(post, form);
    case 'partner':
      return addPartner(post, form);
    case 'widget':
      return setWidget(post, form);
    case 'edit':
    case 'delete':
    case 'payout':
    case 'adjust':
    case 'revoke':
    case 'reissue':
      return onAffiliate(post, form, action);
  }
}
