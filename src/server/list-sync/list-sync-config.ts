/**
 * The e-mail list services' API addresses (docs/decisions/0059), from KIT_API_URL,
 * MAILCHIMP_API_URL and ACTIVECAMPAIGN_API_URL, handed over by configureProcess. Each defaults to
 * the provider's own: Mailchimp's names the key's data centre (`{dc}`), ActiveCampaign's the
 * account's address (`{account}`). An address the operator set is trusted to be on a private
 * network (a stand-in for tests, a proxy); one made from the address an admin typed is checked
 * like a webhook's.
 */
import type { ListProvider } from '../../domain/list-sync/providers.ts';

export const DEFAULT_LIST_API_URLS: Record<ListProvider, string> = {
  kit: 'https://api.kit.com/v4',
  mailchimp: 'https://{dc}.api.mailchimp.com/3.0',
  activecampaign: '{account}/api/3',
};

let apiUrls: Record<ListProvider, string> = DEFAULT_LIST_API_URLS;

export function configureListSync(urls: Record<ListProvider, string>): void {
  apiUrls = urls;
}

export interface ProviderBase {
  base: string;
  /** The operator chose this address: private addresses are allowed for it. */
  trusted: boolean;
}

/** The API address for one connection: its data centre or account put into the template. */
export function providerBase(provider: ListProvider, parts: { dataCentre: string; accountUrl: string }): ProviderBase {
  const template = apiUrls[provider];
  const base = template.replace('{dc}', parts.dataCentre).replace('{account}', parts.accountUrl).replace(/\/+$/, '');
  return { base, trusted: template !== DEFAULT_LIST_API_URLS[provider] && !template.includes('{account}') };
}
