/**
 * /admin/webhooks (docs/PRODUCT.md "Admin", docs/decisions/0058): add an endpoint (https address,
 * the events it wants, optionally one edition), see its secret once, and for each endpoint send a
 * test event, rotate the secret, pause or resume, delete, and read its delivery log with "Resend".
 */
import type { AdminNavEdition } from '../../domain/admin.ts';
import type { EventType } from '../../domain/events/catalogue.ts';
import { CheckboxGroup } from '../../components/form/CheckboxGroup.tsx';
import { messagesOf } from '../../components/form/Field.tsx';
import { TextField } from '../../components/form/TextField.tsx';
import { CARD, PRIMARY_BUTTON } from '../../components/form/styles.ts';
import { ENDPOINT_STATUS, webhookActions, type WebhookEndpointView, type WebhooksFormState } from '../../domain/events/endpoint-view.ts';
import { ActionButton, CatalogueItem, CatalogueScreen, EditionChoice, forEdition } from './catalogue/CatalogueScreen.tsx';
import { DeliveryLog, OnOffActions } from './outbound-parts.tsx';

export interface WebhooksViewProps {
  endpoints: WebhookEndpointView[];
  editions: AdminNavEdition[];
  eventTypes: EventType[];
  form: WebhooksFormState;
  message?: string | undefined;
  problem?: string | undefined;
  secret?: { endpointId: number; value: string } | undefined;
}

function AddEndpointForm({ form, editions, eventTypes }: Pick<WebhooksViewProps, 'form' | 'editions' | 'eventTypes'>) {
  const { values, errors } = form;
  return (
    <form method="post" className={`${CARD} space-y-4`} data-add-endpoint="">
      <h2 className="text-lg font-semibold">Add an endpoint</h2>
      <input type="hidden" name="action" value={webhookActions.enum.add} />
      <TextField
        name="url"
        label="Address (https://…)"
        adminField={false}
        inputMode="url"
        defaultValue={values.url}
        messages={messagesOf(errors.url)}
      />
      <CheckboxGroup
        name="events"
        legend="Events to send"
        options={eventTypes.map((type) => ({ value: type, label: <code>{type}</code> }))}
        checked={values.events}
        messages={messagesOf(errors.events)}
      />
      <EditionChoice editions={editions} value={values.edition} error={errors.editionId} />
      <button type="submit" className={PRIMARY_BUTTON}>
        Add the endpoint
      </button>
    </form>
  );
}

function EndpointCard({ endpoint, secret }: { endpoint: WebhookEndpointView; secret: WebhooksViewProps['secret'] }) {
  return (
    <CatalogueItem
      id={endpoint.id}
      marker="data-endpoint"
      title={endpoint.url}
      summary={[ENDPOINT_STATUS[endpoint.status], forEdition(endpoint.edition), endpoint.events.join(', ')]}
    >
      {endpoint.status === 'disabled' ? (
        <p role="alert" className="rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900" data-disabled-notice="">
          The site stopped sending to this endpoint: {endpoint.disabledReason ?? 'it failed too often.'} Fix the receiver, then resume it:
          the events kept for it are sent.
        </p>
      ) : null}
      {secret?.endpointId === endpoint.id ? (
        <p className="rounded-xl bg-emerald-50 px-4 py-3 text-sm">
          Signing secret (shown once): <code data-secret="">{secret.value}</code>
        </p>
      ) : null}
      <OnOffActions
        id={endpoint.id}
        status={endpoint.status}
        before={
          <>
            <ActionButton id={endpoint.id} action="test" label="Send a test event" />
            <ActionButton id={endpoint.id} action="rotate" label="Rotate secret" />
          </>
        }
      />
      <DeliveryLog log={endpoint.log} />
    </CatalogueItem>
  );
}

export function WebhooksView({ endpoints, editions, eventTypes, form, message, problem, secret }: WebhooksViewProps) {
  return (
    <CatalogueScreen
      message={message}
      problem={problem}
      intro={
        <p className="text-sm text-muted">
          Webhooks tell your own tools (Zapier, Make, n8n, your e-mail service) what happens here, signed per Standard Webhooks. Failed
          deliveries are retried for three days.
        </p>
      }
      createForm={<AddEndpointForm form={form} editions={editions} eventTypes={eventTypes} />}
      items={endpoints}
      empty="No endpoints yet."
    >
      {(endpoint) => <EndpointCard key={endpoint.id} endpoint={endpoint} secret={secret} />}
    </CatalogueScreen>
  );
}
