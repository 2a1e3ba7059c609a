/**
 * The managed-content screens as form pages (/admin/content/{resource}[/{id|new}][?edition=slug]):
 * each resolves its scope, applies a POST and loads what the screen shows, so the pages only
 * place the outcome.
 */
import { withArticle } from '../../domain/wording.ts';
import type { AdminUser } from '../auth/accounts.ts';
import type { DbHandle } from '../db/client.ts';
import { notFound, redirectTo, show } from '../http/page-outcome.ts';
import {
  handleListAction,
  loadForm,
  loadList,
  resolveScope,
  scopeTitle,
  submitForm,
  type FormState,
  type ResourceScope,
} from './resource-screens.ts';

interface ResourceRequest {
  request: Request;
  url: URL;
  admin: AdminUser;
  resourceKey: string | undefined;
}

export async function resourceListPage(handle: DbHandle, { request, url, admin, resourceKey }: ResourceRequest) {
  const scope = await resolveScope(handle, resourceKey, url);
  if (!scope) return notFound;
  const message = request.method === 'POST' ? await handleListAction({ handle, scope, admin, form: await request.formData() }) : undefined;
  return show({
    title: scopeTitle(scope),
    singular: scope.def.singular,
    columns: scope.def.columns,
    rows: await loadList(handle, scope),
    basePath: `/admin/content/${scope.def.key}`,
    query: scope.query,
    message,
  });
}

/** The entry's form as loaded, or after a POST: null once saved, else with its messages. */
async function formState(
  handle: DbHandle,
  scope: ResourceScope,
  { request, admin, idParam }: ResourceRequest & { idParam: string | undefined },
): Promise<FormState | null> {
  const loaded = await loadForm(handle, scope, idParam);
  if (request.method !== 'POST' || !loaded.found) return loaded;
  return submitForm({ handle, scope, admin, idParam, form: await request.formData() });
}

export async function resourceFormPage(handle: DbHandle, resource: ResourceRequest & { idParam: string | undefined }) {
  const scope = await resolveScope(handle, resource.resourceKey, resource.url);
  if (!scope) return notFound;
  const listPath = `/admin/content/${scope.def.key}${scope.query}`;
  const state = await formState(handle, scope, resource);
  if (state === null) return redirectTo(listPath);
  if (!state.found) return notFound;
  const entry = state.id === null ? `add ${withArticle(scope.def.singular)}` : `${scope.def.singular} #${state.id}`;
  const previewHref = state.id === null ? null : scope.def.previewPath(scope.editionSlug, { id: state.id, ...state.values });
  const status = resource.request.method === 'POST' ? 422 : 200;
  return show(
    {
      title: `${scopeTitle(scope)}: ${entry}`,
      fields: scope.def.fields,
      values: state.values,
      errors: state.errors,
      backHref: listPath,
      previewHref,
    },
    status,
  );
}
