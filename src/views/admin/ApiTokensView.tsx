/**
 * Admin → API tokens (docs/API.md, docs/decisions/0060): make a token with a name, a scope (read,
 * or read and write) and optionally one edition; it is shown once. Each token shows when it was
 * last used and can be revoked.
 */
import type { AdminNavEdition } from '../../domain/admin.ts';
import { apiTokenActions, type ApiTokensFormState, type ApiTokenView } from '../../domain/api/token-view.ts';
import { messagesOf } from '../../components/form/Field.tsx';
import { SelectField } from '../../components/form/Select.tsx';
import { TextField } from '../../components/form/TextField.tsx';
import { CARD, PRIMARY_BUTTON } from '../../components/form/styles.ts';
import { ActionButton, CatalogueItem, CatalogueScreen, EditionChoice, forEdition } from './catalogue/CatalogueScreen.tsx';

export interface ApiTokensViewProps {
  tokens: ApiTokenView[];
  editions: AdminNavEdition[];
  form: ApiTokensFormState;
  message?: string | undefined;
  problem?: string | undefined;
  token?: { id: number; value: string } | undefined;
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
      <input type="hidden" name="action" value={apiTokenActions.enum.create} />
      <TextField name="name" label="Name" adminField={false} defaultValue={values.name} messages={messagesOf(errors.name)} />
      <SelectField
        name="scope"
        label="Scope"
        adminField={false}
        defaultValue={values.scope}
        options={SCOPES}
        messages={messagesOf(errors.scope)}
      />
      <EditionChoice editions={editions} value={values.edition} error={errors.edition} />
      <button type="submit" className={PRIMARY_BUTTON}>
        Make the token
      </button>
    </form>
  );
}

function TokenRow({ token, shown }: { token: ApiTokenView; shown: ApiTokensViewProps['token'] }) {
  return (
    <CatalogueItem
      id={token.id}
      marker="data-token"
      title={
        <>
          {token.name} <code className="text-sm text-muted">{token.hint}…</code>
        </>
      }
      summary={[
        token.scope === 'write' ? 'Read and write' : 'Read only',
        forEdition(token.edition),
        `made ${token.createdAt} UTC`,
        token.lastUsedAt ? `last used ${token.lastUsedAt} UTC` : 'never used',
        token.revokedAt && `revoked ${token.revokedAt} UTC`,
      ]}
    >
      {shown?.id === token.id ? (
        <p className="rounded-xl bg-emerald-50 px-4 py-3 text-sm break-all">
          Token (shown once): <code data-token-value="">{shown.value}</code>
        </p>
      ) : null}
      {token.revokedAt ? null : <ActionButton id={token.id} action="revoke" label="Revoke" danger />}
    </CatalogueItem>
  );
}

export function ApiTokensView({ tokens, editions, form, message, problem, token }: ApiTokensViewProps) {
  return (
    <CatalogueScreen
      message={message}
      problem={problem}
      intro={
        <p className="text-sm text-muted">
          Tokens let your scripts and other checkouts use the API at <code>/api/v1</code> (reference: <a href="/api/docs">/api/docs</a>).
          Send one as <code>Authorization: Bearer …</code>. A token is shown once; keep it like a password.
        </p>
      }
      createForm={<CreateTokenForm form={form} editions={editions} />}
      items={tokens}
      empty="No tokens yet."
    >
      {(row) => <TokenRow key={row.id} token={row} shown={token} />}
    </CatalogueScreen>
  );
}
