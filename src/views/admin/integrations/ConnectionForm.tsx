/**
 * Connect an e-mail list, or change a connection (docs/decisions/0059): the provider, its API key
 * (left empty on a change: the stored one is kept), the account's API address for
 * ActiveCampaign, an optional edition, and the rules. The screen shows one form per connection
 * and one to connect, so each control's id carries the form's prefix.
 */
import { fieldId, FieldMessages, messagesOf } from '../../../components/form/Field.tsx';
import { SelectField } from '../../../components/form/Select.tsx';
import { TextField } from '../../../components/form/TextField.tsx';
import { PRIMARY_BUTTON } from '../../../components/form/styles.ts';
import type { AdminNavEdition } from '../../../domain/admin.ts';
import { integrationActions, type ConnectionFormState } from '../../../domain/list-sync/connection-view.ts';
import { listProviders, PROVIDERS } from '../../../domain/list-sync/providers.ts';
import { EditionChoice } from '../catalogue/CatalogueScreen.tsx';
import { RulesFields } from './RulesFields.tsx';

const providerOptions = listProviders.map((provider) => ({ value: provider, label: PROVIDERS[provider].label }));

export function ConnectionForm({ form, editions, title }: { form: ConnectionFormState; editions: AdminNavEdition[]; title: string }) {
  const { values, errors } = form;
  const prefix = form.id === null ? 'new' : `connection-${form.id}`;
  const idOf = (name: string) => fieldId(`${prefix}.${name}`);
  return (
    <form method="post" className="space-y-4" data-connection-form={form.id ?? 'new'}>
      <h2 className="text-lg font-semibold">{title}</h2>
      <input type="hidden" name="action" value={integrationActions.enum.save} />
      <input type="hidden" name="id" value={form.id ?? ''} />
      <SelectField
        id={idOf('provider')}
        name="provider"
        label="Service"
        adminField={false}
        defaultValue={values.provider}
        options={providerOptions}
        messages={messagesOf(errors.provider)}
      />
      <TextField
        id={idOf('apiKey')}
        name="apiKey"
        type="password"
        autoComplete="off"
        label={form.id === null ? 'API key' : 'API key (leave empty to keep the one saved)'}
        adminField={false}
        messages={messagesOf(errors.apiKey)}
      />
      <TextField
        id={idOf('accountUrl')}
        name="accountUrl"
        autoComplete="off"
        label="Account API address (ActiveCampaign only: Settings → Developer)"
        adminField={false}
        defaultValue={values.accountUrl}
        messages={messagesOf(errors.accountUrl)}
      />
      <EditionChoice id={idOf('edition')} editions={editions} value={values.edition} error={errors.editionId} />
      <RulesFields idOf={idOf} values={values.rules} errors={errors} />
      <FieldMessages fieldId={idOf('rules')} messages={messagesOf(errors.rules)} />
      <button type="submit" className={PRIMARY_BUTTON}>
        {form.id === null ? 'Connect' : 'Save the connection'}
      </button>
    </form>
  );
}
