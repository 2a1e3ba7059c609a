/**
 * The list and form screens of every managed resource: /admin/content/{resource}[?edition=slug]
 * and /admin/content/{resource}/{id|new}[?edition=slug].
 */
import { resourceListActions, UNKNOWN_ACTION } from '../../domain/admin-actions.ts';
import { readHomeEditionSlug } from '../editions/home-edition.ts';
import {
  formValuesFromRecord,
  readFormValues,
  recordFromFormValues,
  type AdminFormErrors,
  type AdminFormValues,
} from '../../domain/admin.ts';
import type { AdminUser } from '../auth/accounts.ts';
import { readEdition } from '../editions/read-edition.ts';
import type { DbHandle } from '../db/client.ts';
import { getStorage } from '../uploads/upload-storage.ts';
import { deleteRow, findRow, listRows, moveRow, saveRow } from './managed-rows.ts';
import { storeFormImages } from './form-images.ts';
import { findResource, type ResourceDefinition } from './resource-definitions.ts';

export interface ResourceScope {
  def: ResourceDefinition;
  editionId: number | null;
  editionSlug: string | null;
  editionName: string | null;
  /** The query string that keeps the scope on links and form actions. */
  query: string;
}

/** The resource and its edition, or null when either does not exist. */
export async function resolveScope(handle: DbHandle, resourceKey: string | undefined, url: URL): Promise<ResourceScope | null> {
  const def = findResource(resourceKey);
  if (!def) return null;
  if (def.scope === 'site') return { def, editionId: null, editionSlug: null, editionName: null, query: '' };
  // Without an edition in the address (an older link to the sponsors or FAQ, once the site's): the home page's.
  const slug = url.searchParams.get('edition') ?? (await readHomeEditionSlug(handle.db));
  const edition = await readEdition(handle.db, slug, { fresh: true });
  if (!edition) return null;
  return { def, editionId: edition.id, editionSlug: edition.slug, editionName: edition.name, query: `?edition=${edition.slug}` };
}

export function scopeTitle(scope: ResourceScope): string {
  return scope.editionName ? `${scope.editionName}: ${scope.def.label}` : scope.def.label;
}

export interface ListRowView {
  id: number;
  cells: string[];
  previewHref: string;
}

export async function loadList(handle: DbHandle, scope: ResourceScope): Promise<ListRowView[]> {
  const rows = await listRows(handle.db, scope.def, scope.editionId);
  return rows.map((row) => ({ id: row.id, cells: scope.def.cells(row), previewHref: scope.def.previewPath(scope.editionSlug, row) }));
}

/** A POST on the list: delete, or move up or down. Returns a message for the page. */
export async function handleListAction({
  handle,
  scope,
  admin,
  form,
}: {
  handle: DbHandle;
  scope: ResourceScope;
  admin: AdminUser;
  form: FormData;
}): Promise<string> {
  const id = Number(form.get('id'));
  const parsed = resourceListActions.safeParse(form.get('action'));
  if (!parsed.success) return UNKNOWN_ACTION;
  const action = parsed.data;
  if (!Number.isInteger(id)) return 'Choose an entry first.';
  if (action === 'delete') {
    return (await deleteRow({ handle, def: scope.def, admin, editionId: scope.editionId, id }))
      ? `Deleted ${scope.def.singular} #${id}.`
      : `That ${scope.def.singular} no longer exists.`;
  }
  return (await moveRow({ handle, def: scope.def, admin, editionId: scope.editionId, id, direction: action }))
    ? `Moved ${scope.def.singular} #${id} ${action}.`
    : 'It cannot move further.';
}

export type FormState = { found: true; values: AdminFormValues; errors: AdminFormErrors; id: number | null } | { found: false };

function parseId(idParam: string | undefined): number | null | undefined {
  if (idParam === 'new') return null;
  const id = Number(idParam);
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

export async function loadForm(handle: DbHandle, scope: ResourceScope, idParam: string | undefined): Promise<FormState> {
  const id = parseId(idParam);
  if (id === undefined) return { found: false };
  if (id === null) return { found: true, id, errors: {}, values: formValuesFromRecord(scope.def.fields, {}) };
  const row = await findRow({ db: handle.db, def: scope.def, editionId: scope.editionId, id });
  return row ? { found: true, id, errors: {}, values: formValuesFromRecord(scope.def.fields, row) } : { found: false };
}

/** Saves a submitted form: null means saved (redirect to the list), else the form with its errors. */
export async function submitForm({
  handle,
  scope,
  admin,
  idParam,
  form,
}: {
  handle: DbHandle;
  scope: ResourceScope;
  admin: AdminUser;
  idParam: string | undefined;
  form: FormData;
}): Promise<FormState | null> {
  const id = parseId(idParam);
  if (id === undefined) return { found: false };
  const values = readFormValues(scope.def.fields, form);
  const imageErrors = await storeFormImages({ db: handle.db, storage: getStorage(), fields: scope.def.fields, form, values });
  if (Object.keys(imageErrors).length) return { found: true, id, values, errors: imageErrors };
  const result = await saveRow({
    handle,
    def: scope.def,
    admin,
    target: { editionId: scope.editionId, id },
    record: recordFromFormValues(scope.def.fields, values),
  });
  return result.ok ? null : { found: true, id, values, errors: result.errors };
}
