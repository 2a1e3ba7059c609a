/**
 * The admin's registrant screens as form pages: the list (/admin/registrants?edition=…) and one
 * registrant (/admin/registrants/{id}?edition=…). Each reads its edition, applies a POSTed action,
 * then loads what the screen shows, so the pages only place the outcome.
 */
import type { AdminUser } from '../auth/accounts.ts';
import type { DbHandle } from '../db/client.ts';
import { readEdition } from '../editions/read-edition.ts';
import { notFound, show, type PageOutcome } from '../http/page-outcome.ts';
import { handleRegistrantAccessAction, loadRegistrantAccess, type RegistrantAccessView } from './registrant-access-screen.ts';
import { handleRegistrantAction, parseRegistrantsQuery } from './registrant-admin.ts';
import { listRegistrants, type RegistrantsPage } from './registrant-list.ts';

type Notice = { ok: boolean; text: string };
type Handle = Pick<DbHandle, 'db' | 'notify'>;

interface ScreenRequest {
  request: Request;
  url: URL;
  admin: AdminUser;
}

export interface RegistrantsScreen extends RegistrantsPage {
  editionName: string;
  editionSlug: string;
  q: string;
  searchText: string;
  errors: string[];
  message?: Notice;
}

export async function registrantsScreen(handle: Handle, { request, url, admin }: ScreenRequest): Promise<PageOutcome<RegistrantsScreen>> {
  const edition = await readEdition(handle.db, url.searchParams.get('edition') ?? '', { fresh: true });
  if (!edition) return notFound;
  const { query, rawQ, errors } = parseRegistrantsQuery(url.searchParams);
  const change =
    request.method === 'POST'
      ? await handleRegistrantAction({ handle, admin, editionId: edition.id, form: await request.formData() })
      : null;
  const list = await listRegistrants(handle.db, edition.id, query);
  const queryErrors = [errors.q, errors.page].filter((error) => error !== undefined);
  const status = change && !change.ok ? change.status : queryErrors.length ? 400 : 200;
  return show(
    {
      ...list,
      editionName: edition.name,
      editionSlug: edition.slug,
      q: query.q,
      searchText: rawQ,
      errors: queryErrors,
      ...(change ? { message: { ok: change.ok, text: change.message } } : {}),
    },
    status,
  );
}

export interface RegistrantScreen {
  editionName: string;
  editionSlug: string;
  registrant: RegistrantAccessView;
  message?: Notice;
}

const registrantIdOf = (param: string | undefined) => (/^\d{1,9}$/.test(param ?? '') ? Number(param) : null);

export async function registrantScreen(
  handle: Handle,
  { request, url, admin, siteUrl, idParam }: ScreenRequest & { siteUrl: string; idParam: string | undefined },
): Promise<PageOutcome<RegistrantScreen>> {
  const edition = await readEdition(handle.db, url.searchParams.get('edition') ?? '', { fresh: true });
  const id = registrantIdOf(idParam);
  if (!edition || id === null) return notFound;
  const change =
    request.method === 'POST' ? await handleRegistrantAccessAction({ handle, admin, edition, id, form: await request.formData() }) : null;
  const registrant = await loadRegistrantAccess({ db: handle.db, editionId: edition.id, id, siteUrl });
  if (!registrant) return notFound;
  const message = change ? { message: { ok: change.ok, text: change.message } } : {};
  return show({ editionName: edition.name, editionSlug: edition.slug, registrant, ...message }, change && !change.ok ? change.status : 200);
}
