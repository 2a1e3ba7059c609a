/**
 * Connect an e-mail list, or change a connection (docs/decisions/0059): the provider, its API key
 * (left empty on a change: the stored one is kept), the account's API address for
 * ActiveCampaign, an optional edition, and the rules.
 */
import { Select } from '../../../components/form/Select.tsx';
import { INPUT, PRIMARY_BUTTON } from '../../../components/form/styles.ts';
import type { AdminNavEdition } from '../../../domain/admin.ts';
import type { ConnectionFormState } from '../../../domain/list-sync/connection-view.ts';
import { listProviders, PROVIDERS } from '../../../domain/list-sync/providers.ts';
import { editionOptions } from '../editions/edition-options.ts';
import { FieldError } from '../outbound-parts.tsx';
import { RulesFields } from './RulesFields.tsx';

const providerOptions = listProviders.map((provider) => ({ value: provider, label: PROVIDERS[provider].label }));

function TextField(props: { prefix: string; name: string; label: string; value?: string; error?: string | undefined; type?: string }) {
  const errorId = `${props.prefix}-${props.name}-error`;
  return (
    <div>
      <label className="block text-sm">
        {props.label}
        <input
          name={props.name}
          type={props.type ?? 'text'}
          autoComplete="off"
          defaultValue={props.value}
          className={INPUT}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={props.error ? errorId : undefined}
        />
      </label>
      <FieldError id={errorId} error={props.error} />
    </div>
  );
}

export function ConnectionForm({ form, editions, title }: { form: ConnectionFormState; editions: AdminNavEdition[]; title: string }) {
  const { values, errors } = form;
  const prefix = form.id === null ? 'new' : `connection-${form.id}`;
  return (
    <form method="post" className="space-y-4" data-connection-form={form.id ?? 'new'}>
      <h3 className="text-lg font-semibold">{title}</h3>
      <input type="hidden" name="action" value="save" />
      <input type="hidden" name="id" value={form.id ?? ''} />
      <div>
        <label className="block text-sm">
          Service
          <Select
            name="provider"
            defaultValue={values.provider}
            options={providerOptions}
            aria-invalid={errors.provider ? true : undefined}
          />
        </label>
        <FieldError id={`${prefix}-provider-error`} error={errors.provider} />
      </div>
      <TextField
        prefix={prefix}
        name="apiKey"
        type="password"
        label={form.id === null ? 'API key' : 'API key (leave empty to keep the one saved)'}
        error={errors.apiKey}
      />
      <TextField
        prefix={prefix}
        name="accountUrl"
        label="Account API address (ActiveCampaign only: Settings → Developer)"
        value={values.accountUrl}
        error={errors.accountUrl}
      />
      <div>
        <label className="block text-sm">
          Edition
          <Select name="edition" defaultValue={values.edition} emptyOption="Every edition" options={editionOptions(editions)} />
        </label>
        <FieldError id={`${prefix}-edition-error`} error={errors.editionId} />
      </div>
      <RulesFields prefix={prefix} values={values.rules} errors={errors} />
      <FieldError id={`${prefix}-rules-error`} error={errors.rules} />
      <button type="submit" className={PRIMARY_BUTTON}>
        {form.id === null ? 'Connect' : 'Save the connection'}
      </button>
    </form>
  );
}
