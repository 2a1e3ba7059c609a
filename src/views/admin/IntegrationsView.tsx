/**
 * /admin/integrations (docs/PRODUCT.md "Admin", docs/decisions/0059): connect Kit, Mailchimp or
 * ActiveCampaign, choose per event the list, tag or field to set, and see each connection's latest
 * errors and delivery log. Only registrants who gave marketing consent are added.
 */
import { CARD } from '../../components/form/styles.ts';
import type { AdminNavEdition } from '../../domain/admin.ts';
import type { ConnectionFormState, ListConnectionView } from '../../domain/list-sync/connection-view.ts';
import { PROVIDERS } from '../../domain/list-sync/providers.ts';
import { Notice, Refusal } from './editions/notices.tsx';
import { ConnectionForm } from './integrations/ConnectionForm.tsx';
import { ActionButton, DeliveryLog } from './outbound-parts.tsx';

export interface IntegrationsViewProps {
  connections: ListConnectionView[];
  editions: AdminNavEdition[];
  form: ConnectionFormState;
  message?: string | undefined;
  problem?: string | undefined;
}

const STATUS = { active: 'Active', paused: 'Paused', disabled: 'Switched off' } as const;

function formOf(connection: ListConnectionView, form: ConnectionFormState): ConnectionFormState {
  if (form.id === connection.id) return form;
  const rules: Record<string, string> = {};
  for (const rule of connection.rules) {
    for (const part of ['list', 'tag', 'field', 'value'] as const) rules[`rule.${rule.on}.${part}`] = rule[part];
  }
  return {
    id: connection.id,
    values: { provider: connection.provider, accountUrl: connection.accountUrl, edition: connection.edition ?? '', rules },
    errors: {},
  };
}

function LatestErrors({ errors }: { errors: ListConnectionView['errors'] }) {
  if (!errors.length) return null;
  return (
    <div className="rounded-xl bg-red-50 px-4 py-3 text-sm text-red-800" data-latest-errors="">
      <p className="font-semibold">Latest errors</p>
      <ul className="mt-1 space-y-1">
        {errors.map((line, index) => (
          <li key={index} className="break-all whitespace-pre-line">
            {line.at}: {line.status ?? 'no answer'}. {line.answer}
          </li>
        ))}
      </ul>
    </div>
  );
}

function ConnectionCard({
  connection,
  form,
  editions,
}: {
  connection: ListConnectionView;
  form: ConnectionFormState;
  editions: AdminNavEdition[];
}) {
  const provider = PROVIDERS[connection.provider];
  const editing = form.id === connection.id;
  return (
    <li className={`${CARD} space-y-3`} data-connection={connection.id}>
      <p className="font-semibold">{provider.label}</p>
      <p className="text-sm text-muted">
        {STATUS[connection.status]} · {connection.edition ? `edition ${connection.edition}` : 'every edition'} · key ending{' '}
        {connection.keyEnding}
        {connection.accountUrl ? ` · ${connection.accountUrl}` : ''}
      </p>
      {connection.status === 'disabled' ? (
        <p role="alert" className="rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900">
          The site stopped sending to {provider.label}: {connection.disabledReason ?? 'it failed too often.'} Fix the key or the rules, then
          resume it: the changes kept for it are sent.
        </p>
      ) : null}
      <LatestErrors errors={connection.errors} />
      <div className="flex flex-wrap gap-2">
        {connection.status === 'active' ? (
          <ActionButton id={connection.id} action="pause" label="Pause" />
        ) : (
          <ActionButton id={connection.id} action="resume" label="Resume" />
        )}
        <ActionButton id={connection.id} action="delete" label="Delete" danger />
      </div>
      <details open={editing}>
        <summary className="cursor-pointer text-sm font-semibold">Change the key or the rules</summary>
        <div className="mt-3">
          <ConnectionForm form={formOf(connection, form)} editions={editions} title={`${provider.label}: key and rules`} />
        </div>
      </details>
      <DeliveryLog log={connection.log} />
    </li>
  );
}

export function IntegrationsView({ connections, editions, form, message, problem }: IntegrationsViewProps) {
  return (
    <div className="space-y-6">
      <Notice message={message} />
      <Refusal message={problem} />
      <div className="space-y-2 text-sm text-muted">
        <p>
          Keep your e-mail list in step with the summit. Only registrants who gave marketing consent are added, by e-mail address. Someone
          who unsubscribes here is unsubscribed there; an erasure here{' '}
          {Object.values(PROVIDERS)
            .map((provider) => `${provider.erasure} in ${provider.label}`)
            .join('; ')}
          . Changes are sent from a queue and retried for three days.
        </p>
        <p>
          What each service calls a list, a tag and a field:{' '}
          {Object.values(PROVIDERS)
            .map((provider) => `${provider.label}: ${provider.listLabel}, ${provider.tagLabel}, ${provider.fieldLabel}`)
            .join('; ')}
          .
        </p>
      </div>
      <section className={CARD}>
        <ConnectionForm
          form={form.id === null ? form : { id: null, values: { provider: 'kit', accountUrl: '', edition: '', rules: {} }, errors: {} }}
          editions={editions}
          title="Connect an e-mail list"
        />
      </section>
      {connections.length === 0 ? <p>No e-mail list connected yet.</p> : null}
      <ul className="space-y-4">
        {connections.map((connection) => (
          <ConnectionCard key={connection.id} connection={connection} form={form} editions={editions} />
        ))}
      </ul>
    </div>
  );
}
