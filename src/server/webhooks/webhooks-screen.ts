/**
 * /admin/webhooks as one form outcome (docs/decisions/0058, docs/PRODUCT.md "Admin"): a POST adds
 * an endpoint (its secret shown once), sends a test event, rotates a secret (the new one shown
 * once), pauses, resumes, deletes, or resends a delivery; then the endpoints are listed, each with
 * its delivery log. Bad input is answered at its field with 422, never a 500.
 */
import { eventTypes } from '../../domain/events/catalogue.ts';
import { webhookActions, type WebhookAction, type WebhookEndpointView, type WebhooksFormState } from '../../domain/events/endpoint-view.ts';
import type { DbHandle } from '../db/client.ts';
import { catalogueScreen, editionIdOf, editionSlugs, postedId, type ScreenOutcome } from '../admin/catalogue-screen.ts';
import { requestNow } from '../clock.ts';
import { wakeOutbound } from '../outbound/wake.ts';
import {
  createEndpoint,
  deleteEndpoint,
  deliveryLog,
  utcStamp,
  isWebhook,
  listEndpoints,
  resendDelivery,
  rotateSecret,
  sendTestEvent,
  setPaused,
} from './endpoints.ts';
import { webhooksAllowPrivate } from './webhook-config.ts';

const emptyForm: WebhooksFormState = { values: { url: '', events: [], edition: '' }, errors: {} };

type Outcome = ScreenOutcome & { secret?: { endpointId: number; value: string }; form?: WebhooksFormState };

async function addEndpoint(handle: DbHandle, form: FormData): Promise<Outcome> {
  const values = {
    url: String(form.get('url') ?? ''),
    events: form.getAll('events').map(String),
    edition: String(form.get('edition') ?? ''),
  };
  const allowPrivate = webhooksAllowPrivate();
  const made = await createEndpoint(
    handle.db,
    { url: values.url, events: values.events, editionId: await editionIdOf(handle, values.edition) },
    { allowPrivate },
  );
  if (!made.ok) return { problem: 'The endpoint was not added: see the fields below.', form: { values, errors: made.errors } };
  return {
    message: 'Endpoint added. Copy its secret now: it is not shown again.',
    secret: { endpointId: made.id, value: made.secret },
  };
}

async function act({ handle, now }: { handle: DbHandle; now: Date }, action: WebhookAction, form: FormData): Promise<Outcome> {
  if (action === 'add') return addEndpoint(handle, form);
  const id = postedId(form);
  if (id === null) return { problem: 'Choose an endpoint first.' };
  if (action !== 'resend' && !(await isWebhook(handle.db, id))) return { problem: 'That endpoint no longer exists.' };
  switch (action) {
    case 'test':
      return (await sendTestEvent(handle.db, id, now))
        ? { message: 'A test event is on its way.' }
        : { problem: 'That endpoint no longer exists.' };
    case 'rotate': {
      const secret = await rotateSecret(handle.db, id, now);
      return secret
        ? { message: 'New secret made; the old one also signs for 24 hours. Copy it now.', secret: { endpointId: id, value: secret } }
        : { problem: 'That endpoint no longer exists.' };
    }
    case 'pause':
    case 'resume':
      await setPaused(handle.db, id, action === 'pause');
      return { message: action === 'pause' ? 'Endpoint paused: its events wait until you resume it.' : 'Endpoint resumed.' };
    case 'delete':
      await deleteEndpoint(handle.db, id);
      return { message: 'Endpoint deleted.' };
    case 'resend':
      return (await resendDelivery(handle.db, id, now))
        ? { message: 'The event will be sent again.' }
        : { problem: 'That delivery is still waiting to be sent, or no longer exists.' };
  }
}

async function endpointsView(handle: DbHandle): Promise<WebhookEndpointView[]> {
  const rows = await listEndpoints(handle.db);
  const slugs = await editionSlugs(handle);
  return Promise.all(
    rows.map(async (row) => ({
      id: row.id,
      url: row.url,
      events: row.events,
      edition: row.editionId === null ? null : (slugs.get(row.editionId) ?? null),
      status: row.status,
      disabledReason: row.disabledReason,
      log: (await deliveryLog(handle.db, row.id, 20)).map((line) => ({
        ...line,
        at: utcStamp(line.at),
      })),
    })),
  );
}

export async function webhooksScreen({ handle, request }: { handle: DbHandle; request: Request }) {
  return catalogueScreen(
    { handle, request },
    {
      actions: webhookActions,
      act: (action, form: FormData) => act({ handle, now: requestNow(request) }, action, form),
      // The worker sends a test or a resend at once, not at its next tick.
      afterAction: wakeOutbound,
      state: async (outcome: Partial<Outcome>) => ({
        endpoints: await endpointsView(handle),
        eventTypes,
        form: outcome.form ?? emptyForm,
        secret: outcome.secret,
      }),
    },
  );
}
