/**
 * The admin's share-links screen of an edition (decision 0038): every speaker's and host's
 * link with its code (editable, unique in the edition) and the private link of their own page
 * (revoke, re-issue). Each change is one transaction with its audit entry, as the registrants'
 * admin does: share links are not shown on public pages, so no cache is cleared.
 */
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { shareCodeSchema } from '../../domain/attribution/share-code.ts';
import type { ShareLinkNotice, ShareLinkRow } from '../../domain/attribution/share-link-row.ts';
import type { Edition } from '../../domain/edition.ts';
import { accessSecret } from '../access/keys.ts';
import type { AdminUser } from '../auth/accounts.ts';
import { recordAudit } from '../audit/audit-log.ts';
import type { Database } from '../db/client.ts';
import { shareLinks } from '../db/schema.ts';
import { codeTaken, ensureShareLinks, listShareLinks, lockEditionLinks } from './share-links.ts';
import { speakerPagePath } from './speaker-page-keys.ts';
import { shareLinkActions } from '../../domain/admin-actions.ts';

type EditionRef = Pick<Edition, 'id' | 'slug'>;

export async function shareLinkRows(db: Database, { edition, origin }: { edition: EditionRef; origin: string }): Promise<ShareLinkRow[]> {
  await ensureShareLinks(db, edition);
  const [links, secret] = await Promise.all([listShareLinks(db, edition.id), accessSecret(db)]);
  // Partners' links are managed with the rest of what they are on Admin → Affiliates (decision 0066).
  return links
    .filter((link) => !link.partner)
    .map((link): ShareLinkRow => ({
      id: link.id,
      name: link.name,
      kind: link.speakerId !== null ? 'speaker' : link.hostId !== null ? 'host' : 'unlisted',
      code: link.code,
      shareUrl: `${origin}/r/${link.code}`,
      pageUrl: link.pageRevokedAt ? null : `${origin}${speakerPagePath(secret, link)}`,
    }));
}

const actionSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal(shareLinkActions.enum.code), id: z.coerce.number().int().positive(), code: z.string().max(200) }),
  z.object({ action: z.literal(shareLinkActions.enum.revoke), id: z.coerce.number().int().positive() }),
  z.object({ action: z.literal(shareLinkActions.enum.reissue), id: z.coerce.number().int().positive() }),
]);

interface ShareLinkPost {
  db: Database;
  admin: AdminUser;
  edition: EditionRef;
  form: FormData;
}

export async function submitShareLinkForm({ db, admin, edition, form }: ShareLinkPost): Promise<ShareLinkNotice> {
  const parsed = actionSchema.safeParse(Object.fromEntries(['action', 'id', 'code'].map((name) => [name, form.get(name) ?? undefined])));
  if (!parsed.success) return { ok: false, message: 'That request was not understood; nothing was changed.' };
  const request = parsed.data;
  const [link] = await db
    .select()
    .from(shareLinks)
    .where(and(eq(shareLinks.id, request.id), eq(shareLinks.editionId, edition.id)))
    .limit(1);
  if (!link) return { ok: false, message: 'That share link is no longer there.' };
  if (request.action === 'code') return changeCode({ db, admin, edition }, { link, typed: request.code });
  const revoke = request.action === 'revoke';
  await db.transaction(async (tx) => {
    await tx
      .update(shareLinks)
      .set(revoke ? { pageRevokedAt: new Date() } : { pageRevokedAt: null, pageKeyVersion: sql`${shareLinks.pageKeyVersion} + 1` })
      .where(eq(shareLinks.id, link.id));
    await recordAudit(tx, admin, {
      action: 'update',
      entityType: 'share-links',
      entityId: link.id,
      summary: `${revoke ? 'Revoked' : 'Issued a new'} private page link of ${link.name} (${edition.slug})`,
    });
  });
  return {
    ok: true,
    message: revoke
      ? `${link.name}’s page link no longer opens their page. Issue a new one to share it again.`
      : `${link.name} has a new page link; the old one no longer works.`,
  };
}

async function changeCode(
  { db, admin, edition }: Omit<ShareLinkPost, 'form'>,
  { link, typed }: { link: typeof shareLinks.$inferSelect; typed: string },
): Promise<ShareLinkNotice> {
  const code = shareCodeSchema.safeParse(typed);
  if (!code.success)
    return { ok: false, message: code.error.issues[0]?.message ?? 'Check the code.', refused: { id: link.id, code: typed } };
  if (code.data === link.code) return { ok: true, message: 'The code is unchanged.' };
  const changed = await db.transaction(async (tx) => {
    // The lock links are made under: no other change or new link takes the code meanwhile.
    await lockEditionLinks(tx, edition.id);
    if (await codeTaken(tx, { editionId: edition.id, code: code.data, exceptId: link.id })) return false;
    await tx.update(shareLinks).set({ code: code.data }).where(eq(shareLinks.id, link.id));
    await recordAudit(tx, admin, {
      action: 'update',
      entityType: 'share-links',
      entityId: link.id,
      summary: `Changed the share code of ${link.name} from ${link.code} to ${code.data} (${edition.slug})`,
    });
    return true;
  });
  if (!changed) {
    return { ok: false, message: `Another share link of this edition has the code “${code.data}”.`, refused: { id: link.id, code: typed } };
  }
  return { ok: true, message: `${link.name}’s share link is now /r/${code.data}. The old code no longer leads anywhere.` };
}
