/**
 * A connection's provider and a session at its API address (docs/decisions/0059): the one place
 * that turns an endpoint row into the adapter and the guarded session its calls go through.
 */
import { MAILCHIMP_KEY } from '../../domain/list-sync/connection-input.ts';
import type { ListProvider } from '../../domain/list-sync/providers.ts';
import type { webhookEndpoints } from '../db/schema.ts';
import { providerBase } from './list-sync-config.ts';
import { openSession, type ProviderSession } from './provider-session.ts';
import { activecampaign } from './providers/activecampaign.ts';
import type { ProviderAdapter } from './providers/adapter.ts';
import { kit } from './providers/kit.ts';
import { mailchimp } from './providers/mailchimp.ts';

const ADAPTERS: Record<ListProvider, ProviderAdapter> = { kit, mailchimp, activecampaign };

export type ListEndpoint = typeof webhookEndpoints.$inferSelect & { kind: ListProvider };

export function connect(endpoint: ListEndpoint, allowPrivate: boolean): { adapter: ProviderAdapter; session: ProviderSession } {
  const dataCentre = endpoint.kind === 'mailchimp' ? (MAILCHIMP_KEY.exec(endpoint.secret)?.[1] ?? '') : '';
  const { base, trusted } = providerBase(endpoint.kind, { dataCentre, accountUrl: endpoint.url });
  const adapter = ADAPTERS[endpoint.kind];
  return { adapter, session: openSession({ base, headers: adapter.headers(endpoint.secret), allowPrivate: allowPrivate || trusted }) };
}
