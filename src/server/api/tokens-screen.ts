/**
 * Admin → API tokens (/admin/api-tokens) as one form outcome (docs/decisions/0060): a POST makes a
 * token (shown once) or revokes one; then the tokens are listed with their scope, edition, and when
 * each was last used. Bad input is answered at its field with 422, never a 500.
 */
import { parseTokenInput } from '../../domain/api/token-input.ts';
import { minuteUtc, type ApiTokensFormState, type ApiTokenView } from '../../domain/api/token-view.ts';
import type { AdminUser } from '../auth/accounts.ts';
import type { DbHandle } from '../db/client.ts';
import { adminNavigation } from '../admin/admin-navigation.ts';
import { postedAction, show } from '../http/page-outcome.ts';
import { createApiToken, listApiTokens, revokeApiToken } from './tokens.ts';

const emptyForm: ApiTokensFormState = { values: { name: '', scope: 'read', edition: '' }, errors: {} };

type Outcome = { message?: string; problem?: string; token?: { id: number; value: string }; form?: ApiTokensFormState };

async function act(handle: DbHandle, admin: AdminUser, form: FormData): Promise<Outcome> {
  const action = String(form.get('action') ?? '');
  if (action === 'create') {
    const values = {
      name: String(form.get('name') ?? ''),
      scope: String(form.get('scope') ?? ''),
      edition: String(form.get('edition') ?? ''),
    };
    const input = parseTokenInput(values);
    const made = input.ok ? await createApiToken(handle.db, input.value, admin) : input;
    if (!made.ok) return { problem: 'The token was not made: see the fields below.', form: { values, errors: made.errors } };
    return { message: 'Token made. Copy it now: it is not shown again.', token: { id: made.id, value: made.token } };
  }
  if (action === 'revoke') {
    const id = Number(form.get('id'));
    if (!Number.isInteger(id) || id <= 0) return { problem: 'Choose a token first.' };
    return (await revokeApiToken(handle.db, id, admin))
      ? { message: 'Token revoked: it opens nothing from now on.' }
      : { problem: 'That token is already revoked, or no longer exists.' };
  }
  return { problem: 'Unknown action.' };
}

async function tokensView(handle: DbHandle): Promise<ApiTokenView[]> {
  return (await listApiTokens(handle.db)).map((row) => ({
    id: row.id,
    name: row.name,
    scope: row.scope,
    edition: row.editionSlug,
    hint: row.hint,
    createdAt: minuteUtc(row.createdAt),
    lastUsedAt: row.lastUsedAt ? minuteUtc(row.lastUsedAt) : null,
    revokedAt: row.revokedAt ? minuteUtc(row.revokedAt) : null,
  }));
}

export async function apiTokensScreen({ handle, admin, request }: { handle: DbHandle; admin: AdminUser; request: Request }) {
  const posted = await postedAction(request, (form) => act(handle, admin, form));
  const outcome: Outcome = posted.outcome;
  return show(
    {
      tokens: await tokensView(handle),
      editions: await adminNavigation(handle.db),
      form: outcome.form ?? emptyForm,
      message: outcome.message,
      problem: outcome.problem,
      token: outcome.token,
    },
    posted.status,
  );
}
