/** /admin/editions/{slug}/share-links as a form page: the edition read, a POSTed change applied, the rows loaded. */
import type { ShareLinkNotice, ShareLinkRow } from '../../domain/attribution/share-link-row.ts';
import type { AdminUser } from '../auth/accounts.ts';
import type { Database } from '../db/client.ts';
import { readEdition } from '../editions/read-edition.ts';
import { notFound, show, type PageOutcome } from '../http/page-outcome.ts';
import { linkOrigin } from '../http/request-origin.ts';
import { shareLinkRows, submitShareLinkForm } from './share-links-admin.ts';

export interface ShareLinksScreen {
  editionName: string;
  slug: string;
  rows: ShareLinkRow[];
  notice: ShareLinkNotice | null;
}

export async function shareLinksScreen(
  db: Database,
  { request, admin, slug }: { request: Request; admin: AdminUser; slug: string },
): Promise<PageOutcome<ShareLinksScreen>> {
  const edition = await readEdition(db, slug, { fresh: true });
  if (!edition) return notFound;
  const notice = request.method === 'POST' ? await submitShareLinkForm({ db, admin, edition, form: await request.formData() }) : null;
  const rows = await shareLinkRows(db, { edition, origin: linkOrigin() });
  const status = notice && !notice.ok ? 422 : 200;
  return show({ editionName: edition.name, slug: edition.slug, rows, notice }, status, { 'cache-control': 'no-store' });
}
