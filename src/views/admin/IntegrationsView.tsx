/**
 * /admin/integrations (docs/PRODUCT.md "Admin", docs/decisions/0059): connect Kit, Mailchimp or
 * ActiveCampaign, choose per event the list, tag or field to set, and see each connection's latest
 * errors and delivery log. Only registrants who gave marketing consent are added.
 */
import { CARD } from '../../components/form/styles.ts';
import type { AdminNavEdition } from '../../domain/admin.ts';
import { emptyConnectionForm, type ConnectionFormState, type ListConnectionView } from '../../domain/list-sync/connection-view.ts';
import { PROVIDERS } from '../../domain/list-sync/providers.ts';
import { CatalogueItem, CatalogueScreen, forEdition } from './catalogue/CatalogueScreen.tsx';
import { ConnectionForm } from './integrations/ConnectionForm.tsx';
import { DeliveryLog, OnOffActions } from './outbound-parts.tsx';
import { ENDPOINT_STATUS } from '../../domain/events/endpoint-view.ts';

export interface IntegrationsViewProps {
  connections: ListConnectionView[];
  editions: AdminNavEdition[];
  form: ConnectionFormState;
  message?: string | undefined;
  problem?: string | undefined;
}

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
    <CatalogueItem
      id={connection.id}
      marker="data-connection"
      title={provider.label}
      summary={[
        ENDPOINT_STATUS[connection.status],
        forEdition(connection.edition),
        `key ending ${connection.keyEnding}`,
        connection.accountUrl,
      ]}
    >
      {connection.status === 'disabled' ? (
        <p role="alert" className="rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900">
          The site stopped sending to {provider.label}: {connection.disabledReason ?? 'it failed too often.'} Fix the key or the rules, then
          resume it: the changes kept for it are sent.
        </p>
      ) : null}
      <LatestErrors errors={connection.errors} />
      <OnOffActions id={connection.id} status={connection.status} />
      <details open={editing}>
        <summary className="cursor-pointer text-sm font-semibold">Change the key or the rules</summary>
        <div className="mt-3">
          <ConnectionForm form={formOf(connection, form)} editions={editions} title={`${provider.label}: key and rules`} />
        </div>
      </details>
      <DeliveryLog log={connection.log} />
    </CatalogueItem>
  );
}

export function IntegrationsView({ connections, editions, form, message, problem }: IntegrationsViewProps) {
  return (
    <CatalogueScreen
      message={message}
      problem={problem}
      intro={
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
      }
      createForm={
        <section className={CARD}>
          <ConnectionForm form={form.id === null ? form : emptyConnectionForm} editions={editions} title="Connect an e-mail list" />
        </section>
      }
      items={connections}
      empty="No e-mail list connected yet."
    >
      {(connection) => <ConnectionCard key={connection.id} connection={connection} form={form} editions={editions} />}
    </CatalogueScreen>
  );
}
