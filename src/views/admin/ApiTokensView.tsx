/**
 * Admin → API tokens (docs/API.md, docs/decisions/0060): make a token with a name, a scope (read,
 * or read and write) and optionally one edition; it is shown once. Each token shows when it was
 * last used and can be revoked.
 */
import type { AdminNavEdition } from '../../domain/admin.ts';
import type { ApiTokensFormState, ApiTokenView } from '../../domain/api/token-view.ts';
import { Select } from '../../components/form/Select.tsx';
import { CARD, DANGER_BUTTON, INPUT, PRIMARY_BUTTON } from '../../components/form/styles.ts';
import { editionOptions } from './editions/edition-options.ts';
import { Notice, Refusal } from './editions/notices.tsx';

export interface ApiTokensViewProps {
  tokens: ApiTokenView[];
  editions: AdminNavEdition[];
  form: ApiTokensFormState;
  message?: string | undefined;
  problem?: string | undefined;
  token?: { id: number; value: string } | undefined;
}

function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p id={id} className="mt-1 text-sm text-red-800">
      {error}
    </p>
  ) : null;
}

const SCOPES = [
  { value: 'read', label: 'Read: list and look up' },
  { value: 'write', label: 'Write: also register, change, erase, grant passes' },
];

function CreateTokenForm({ form, editions }: Pick<ApiTokensViewProps, 'form' | 'editions'>) {
  const { values, errors } = form;
  return (
    <form method="post" className={`${CARD} space-y-4`} data-create-token="">
      <h2 className="text-lg font-semibold">Make a token</h2>
      <input type="hidden" name="action" value="create" />
      <label className="block text-sm">
        Name
        <input
          name="name"
          type="text"
          defaultValue={values.name}
          className={INPUT}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={errors.name ? 'name-error' : undefined}
        />
      </label>
      <FieldError id="name-error" error={errors.name} />
      <label className="block text-sm">
        Scope
        <Select name="scope" defaultValue={values.scope} options={SCOPES} />
      </label>
      <FieldError id="scope-error" error={errors.scope} />
      <label className="block text-sm">
        Edition
        <Select name="edition" defaultValue={values.edition} emptyOption="Every edition" options={editionOptions(editions)} />
      </label>
      <FieldError id="edition-error" error={errors.edition} />
      <button type="submit" className={PRIMARY_BUTTON}>
        Make the token
      </button>
    </form>
  );
}

function TokenRow({ token, shown }: { token: ApiTokenView; shown: ApiTokensViewProps['token'] }) {
  return (
    <li className={`${CARD} space-y-2`} data-token={token.id}>
      <p className="font-semibold">
        {token.name} <code className="text-sm text-muted">{token.hint}…</code>
      </p>
      <p className="text-sm text-muted">
        {token.scope === 'write' ? 'Read and write' : 'Read only'} · {token.edition ? `edition ${token.edition}` : 'every edition'} · made{' '}
        {token.createdAt} UTC · {token.lastUsedAt ? `last used ${token.lastUsedAt} UTC` : 'never used'}
        {token.revokedAt ? ` · revoked ${token.revokedAt} UTC` : ''}
      </p>
      {shown?.id === token.id ? (
        <p className="rounded-xl bg-emerald-50 px-4 py-3 text-sm break-all">
          Token (shown once): <code data-token-value="">{shown.value}</code>
        </p>
      ) : null}
      {token.revokedAt ? null : (
        <form method="post">
          <input type="hidden" name="action" value="revoke" />
          <input type="hidden" name="id" value={token.id} />
          <button type="submit" className={DANGER_BUTTON}>
            Revoke
          </button>
        </form>
      )}
    </li>
  );
}

export function ApiTokensView({ tokens, editions, form, message, problem, token }: ApiTokensViewProps) {
  return (
    <div className="space-y-6">
      <Notice message={message} />
      <Refusal message={problem} />
      <p className="text-sm text-muted">
        Tokens let your scripts and other checkouts use the API at <code>/api/v1</code> (reference: <a href="/api/docs">/api/docs</a>). Send
        one as <code>Authorization: Bearer …</code>. A token is shown once; keep it like a password.
      </p>
      <CreateTokenForm form={form} editions={editions} />
      {tokens.length === 0 ? <p>No tokens yet.</p> : null}
      <ul className="space-y-4">
        {tokens.map((row) => (
          <TokenRow key={row.id} token={row} shown={token} />
        ))}
      </ul>
    </div>
  );
}
