/**
 * Admin → Affiliates (`/admin/affiliates?edition={slug}`, docs/PRODUCT.md "Affiliates"; decision
 * 0066) as one form outcome: a POST applied (affiliates-admin.ts), then every affiliate of the
 * edition with their figures (affiliate-figures.ts), links and fresh form tokens. 422 when the
 * POST was refused; never stored by a cache.
 */
import { randomUUID } from 'node:crypto';
import type { AffiliatesScreenState } from '../../domain/affiliates/affiliate-figures.ts';
import { dayIn } from '../../domain/affiliates/ledger-input.ts';
import { accessSecret } from '../access/keys.ts';
import { adminNavigation } from '../admin/admin-navigation.ts';
import type { AdminUser } from '../auth/accounts.ts';
import { requestNow } from '../clock.ts';
import type { DbHandle } from '../db/client.ts';
import { readEdition } from '../editions/read-edition.ts';
import { readHomeEditionSlug } from '../editions/home-edition.ts';
import { notFound, postedAction, show, type PageOutcome } from '../http/page-outcome.ts';
import { linkOrigin } from '../http/request-origin.ts';
import { speakerPagePath } from '../attribution/speaker-page-keys.ts';
import { listShareLinks } from '../attribution/share-links.ts';
import { editionAffiliates } from './affiliate-figures.ts';
import { submitAffiliatesForm, type AffiliatesOutcome } from './affiliates-admin.ts';

export async function affiliatesScreen({
  handle,
  admin,
  request,
}: {
  handle: DbHandle;
  admin: AdminUser;
  request: Request;
}): Promise<PageOutcome<AffiliatesScreenState>> {
  const { db } = handle;
  const slug = new URL(request.url).searchParams.get('edition') ?? (await readHomeEditionSlug(db));
  const before = await readEdition(db, slug, { fresh: true });
  if (!before) return notFound;
  const now = requestNow(request);
  const posted = await postedAction(request, (form) => submitAffiliatesForm({ handle, admin, edition: before, now }, form));
  const outcome: AffiliatesOutcome = posted.outcome;
  const edition = (await readEdition(db, slug, { fresh: true })) ?? before;
  const [figures, links, secret, editions] = await Promise.all([
    editionAffiliates(db, { edition, now }),
    listShareLinks(db, edition.id),
    accessSecret(db),
    adminNavigation(db),
  ]);
  const origin = linkOrigin();
  const linkById = new Map(links.map((link) => [link.id, link]));
  const rows = figures.affiliates.map((row) => {
    const link = linkById.get(row.linkId);
    return {
      ...row,
      shareUrl: `${origin}/r/${row.code}`,
      pageUrl: link && !link.pageRevokedAt ? `${origin}${speakerPagePath(secret, link)}` : null,
      payoutToken: randomUUID(),
      adjustmentToken: randomUUID(),
    };
  });
  const state: AffiliatesScreenState = {
    edition: { slug: edition.slug, name: edition.name },
    editions,
    currency: figures.currency,
    defaultRateBp: figures.defaultRateBp,
    today: dayIn(now, edition.timezone),
    leaderboardWidget: edition.settings.affiliates.leaderboardWidget,
    widgetUrl: `${origin}/${edition.slug}/leaderboard-embed`,
    rows,
    message: outcome.message,
    problem: outcome.problem,
    errors: outcome.errors,
    refused: outcome.refused,
  };
  return show(state, posted.status, { 'cache-control': 'no-store' });
}
