/**
 * /admin/integrations as one form outcome (docs/decisions/0059, docs/PRODUCT.md "Admin"): a POST
 * connects an e-mail list service or changes a connection's rules, pauses, resumes or deletes it,
 * or resends a delivery; then the connections are listed, each with its latest errors and its
 * delivery log. Bad input is answered at its field with 422, never a 500; the API key typed is
 * never sent back to the browser.
 */
import {
  emptyConnectionForm,
  integrationActions,
  type ConnectionFormState,
  type IntegrationAction,
  type ListConnectionView,
} from '../../domain/list-sync/connection-view.ts';
import type { DbHandle } from '../db/client.ts';
import { catalogueScreen, editionIdOf, editionSlugs, postedId, type ScreenOutcome } from '../admin/catalogue-screen.ts';
import { requestNow } from '../clock.ts';
import { wakeOutbound } from '../outbound/wake.ts';
import { deleteEndpoint, deliveryLog, utcStamp, resendDelivery, setPaused } from '../webhooks/endpoints.ts';
import { webhooksAllowPrivate } from '../webhooks/webhook-config.ts';
import { findConnection, latestErrors, listConnections, saveConnection } from './connections.ts';

type Outcome = ScreenOutcome & { form?: ConnectionFormState };

async function save(handle: DbHandle, form: FormData): Promise<Outcome> {
  const rawId = String(form.get('id') ?? '');
  const id = rawId === '' ? null : Number(rawId);
  const text = (name: string) => String(form.get(name) ?? '');
  const rules = Object.fromEntries([...form.keys()].filter((name) => name.startsWith('rule.')).map((name) => [name, text(name)]));
  const values = { provider: text('provider'), accountUrl: text('accountUrl'), edition: text('edition'), rules };
  const saved = await saveConnection(
    handle.db,
    {
      id: id !== null && Number.isInteger(id) && id > 0 ? id : null,
      provider: values.provider,
      apiKey: text('apiKey'),
      accountUrl: values.accountUrl,
      editionId: await editionIdOf(handle, values.edition),
      ruleValues: (name) => rules[name] ?? '',
    },
    { allowPrivate: webhooksAllowPrivate() },
  );
  if (!saved.ok) return { problem: 'The connection was not saved: see the fields below.', form: { id, values, errors: saved.errors } };
  return { message: id === null ? 'Connected. Registrants who consent from now on are added.' : 'Connection saved.' };
}

async function act({ handle, now }: { handle: DbHandle; now: Date }, action: IntegrationAction, form: FormData): Promise<Outcome> {
  if (action === 'save') return save(handle, form);
  const id = postedId(form);
  if (id === null) return { problem: 'Choose a connection first.' };
  if (action === 'resend') {
    return (await resendDelivery(handle.db, id, now))
      ? { message: 'It will be sent again.' }
      : { problem: 'That delivery is still waiting to be sent, or no longer exists.' };
  }
  if (!(await findConnection(handle.db, id))) return { problem: 'That connection no longer exists.' };
  switch (action) {
    case 'pause':
    case 'resume':
      await setPaused(handle.db, id, action === 'pause');
      return { message: action === 'pause' ? 'Paused: its changes wait until you resume it.' : 'Resumed.' };
    case 'delete':
      await deleteEndpoint(handle.db, id);
      return { message: 'Connection deleted. Nothing more is sent to that list.' };
  }
}

async function connectionsView(handle: DbHandle): Promise<ListConnectionView[]> {
  const rows = await listConnections(handle.db);
  const slugs = await editionSlugs(handle);
  return Promise.all(
    rows.map(async (row) => ({
      id: row.id,
      provider: row.kind as ListConnectionView['provider'],
      accountUrl: row.url,
      edition: row.editionId === null ? null : (slugs.get(row.editionId) ?? null),
      status: row.status,
      disabledReason: row.disabledReason,
      keyEnding: row.secret.slice(-4),
      rules: row.settings?.rules ?? [],
      errors: (await latestErrors(handle.db, row.id)).map((line) => ({ ...line, at: utcStamp(line.at) })),
      log: (await deliveryLog(handle.db, row.id, 20)).map((line) => ({ ...line, at: utcStamp(line.at) })),
    })),
  );
}

export async function integrationsScreen({ handle, request }: { handle: DbHandle; request: Request }) {
  return catalogueScreen(
    { handle, request },
    {
      actions: integrationActions,
      act: (action, form: FormData) => act({ handle, now: requestNow(request) }, action, form),
      // A resend goes at once, not at the worker's next tick.
      afterAction: wakeOutbound,
      state: async (outcome: Partial<Outcome>) => ({
        connections: await connectionsView(handle),
        form: outcome.form ?? emptyConnectionForm,
      }),
    },
  );
}
