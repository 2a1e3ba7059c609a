/**
 * Admin → API tokens (/admin/api-tokens) as one form outcome (docs/decisions/0060): a POST makes a
 * token (shown once) or revokes one; then the tokens are listed with their scope, edition, and when
 * each was last used. Bad input is answered at its field with 422, never a 500.
 */
import { parseTokenInput } from '../../domain/api/token-input.ts';
import {
  apiTokenActions,
  minuteUtc,
  type ApiTokenAction,
  type ApiTokensFormState,
  type ApiTokenView,
} from '../../domain/api/token-view.ts';
import type { AdminUser } from '../auth/accounts.ts';
import type { DbHandle } from '../db/client.ts';
import { catalogueScreen, postedId, type ScreenOutcome } from '../admin/catalogue-screen.ts';
import { createApiToken, listApiTokens, revokeApiToken } from './tokens.ts';

const emptyForm: ApiTokensFormState = { values: { name: '', scope: 'read', edition: '' }, errors: {} };

type Outcome = ScreenOutcome & { token?: { id: number; value: string }; form?: ApiTokensFormState };

async function act({ handle, admin }: { handle: DbHandle; admin: AdminUser }, action: ApiTokenAction, form: FormData): Promise<Outcome> {
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
  const id = postedId(form);
  if (id === null) return { problem: 'Choose a token first.' };
  return (await revokeApiToken(handle.db, id, admin))
    ? { message: 'Token revoked: it opens nothing from now on.' }
    : { problem: 'That token is already revoked, or no longer exists.' };
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
  return catalogueScreen(
    { handle, request },
    {
      actions: apiTokenActions,
      act: (action, form: FormData) => act({ handle, admin }, action, form),
      state: async (outcome: Partial<Outcome>) => ({
        tokens: await tokensView(handle),
        form: outcome.form ?? emptyForm,
        token: outcome.token,
      }),
    },
  );
}
