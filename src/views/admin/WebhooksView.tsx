/**
 * /admin/webhooks (docs/PRODUCT.md "Admin", docs/decisions/0058): add an endpoint (https address,
 * the events it wants, optionally one edition), see its secret once, and for each endpoint send a
 * test event, rotate the secret, pause or resume, delete, and read its delivery log with "Resend".
 */
import type { AdminNavEdition } from '../../domain/admin.ts';
import type { EventType } from '../../domain/events/catalogue.ts';
import { Select } from '../../components/form/Select.tsx';
import { CARD, INPUT, PRIMARY_BUTTON } from '../../components/form/styles.ts';
import type { WebhookEndpointView, WebhooksFormState } from '../../domain/events/endpoint-view.ts';
import { editionOptions } from './editions/edition-options.ts';
import { Notice, Refusal } from './editions/notices.tsx';
import { ActionButton, DeliveryLog, FieldError } from './outbound-parts.tsx';

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
      <input type="hidden" name="action" value="add" />
      <label className="block text-sm">
        Address (https://…)
        <input
          name="url"
          type="text"
          inputMode="url"
          defaultValue={values.url}
          className={INPUT}
          aria-invalid={errors.url ? true : undefined}
          aria-describedby={errors.url ? 'url-error' : undefined}
        />
      </label>
      <FieldError id="url-error" error={errors.url} />
      <fieldset aria-describedby={errors.events ? 'events-error' : undefined}>
        <legend className="text-sm">Events to send</legend>
        <div className="mt-1 grid gap-1 sm:grid-cols-2">
          {eventTypes.map((type) => (
            <label key={type} className="text-sm">
              <input type="checkbox" name="events" value={type} defaultChecked={values.events.includes(type)} /> <code>{type}</code>
            </label>
          ))}
        </div>
      </fieldset>
      <FieldError id="events-error" error={errors.events} />
      <label className="block text-sm">
        Edition
        <Select name="edition" defaultValue={values.edition} emptyOption="Every edition" options={editionOptions(editions)} />
      </label>
      <FieldError id="edition-error" error={errors.editionId} />
      <button type="submit" className={PRIMARY_BUTTON}>
        Add the endpoint
      </button>
    </form>
  );
}

function EndpointCard({ endpoint, secret }: { endpoint: WebhookEndpointView; secret: WebhooksViewProps['secret'] }) {
  return (
    <li className={`${CARD} space-y-3`} data-endpoint={endpoint.id}>
      <p className="font-semibold break-all">{endpoint.url}</p>
      <p className="text-sm text-muted">
        {endpoint.status === 'active' ? 'Active' : endpoint.status === 'paused' ? 'Paused' : 'Switched off'} ·{' '}
        {endpoint.edition ? `edition ${endpoint.edition}` : 'every edition'} · {endpoint.events.join(', ')}
      </p>
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
      <div className="flex flex-wrap gap-2">
        <ActionButton id={endpoint.id} action="test" label="Send a test event" />
        <ActionButton id={endpoint.id} action="rotate" label="Rotate secret" />
        {endpoint.status === 'active' ? (
          <ActionButton id={endpoint.id} action="pause" label="Pause" />
        ) : (
          <ActionButton id={endpoint.id} action="resume" label="Resume" />
        )}
        <ActionButton id={endpoint.id} action="delete" label="Delete" danger />
      </div>
      <DeliveryLog log={endpoint.log} />
    </li>
  );
}

export function WebhooksView({ endpoints, editions, eventTypes, form, message, problem, secret }: WebhooksViewProps) {
  return (
    <div className="space-y-6">
      <Notice message={message} />
      <Refusal message={problem} />
      <p className="text-sm text-muted">
        Webhooks tell your own tools (Zapier, Make, n8n, your e-mail service) what happens here, signed per Standard Webhooks. Failed
        deliveries are retried for three days.
      </p>
      <AddEndpointForm form={form} editions={editions} eventTypes={eventTypes} />
      {endpoints.length === 0 ? <p>No endpoints yet.</p> : null}
      <ul className="space-y-4">
        {endpoints.map((endpoint) => (
          <EndpointCard key={endpoint.id} endpoint={endpoint} secret={secret} />
        ))}
      </ul>
    </div>
  );
}
