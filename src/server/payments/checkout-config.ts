/**
 * The site's own checkout (docs/decisions/0063): a Stripe client when STRIPE_SECRET_KEY is set,
 * made by the official `stripe` SDK with its API address from STRIPE_API_URL (Stripe's own by
 * default; the tests point it at a local server that answers as Stripe's API reference documents).
 * Unset, there is no client and every buy button keeps the edition's static checkout link.
 */
import Stripe from 'stripe';
import type { CheckoutUrls } from '../../domain/offers.ts';
import { checkoutUrlsOf } from '../../domain/offers.ts';
import type { EditionSettings } from '../../domain/edition-settings/schema.ts';
import { linkOrigin } from '../http/request-origin.ts';

let client: Stripe | null = null;

export function configureCheckout(settings: { secretKey: string | undefined; apiUrl: string }): void {
  if (!settings.secretKey) {
    client = null;
    return;
  }
  const api = new URL(settings.apiUrl);
  client = new Stripe(settings.secretKey, {
    host: api.hostname,
    port: api.port || (api.protocol === 'http:' ? 80 : 443),
    protocol: api.protocol === 'http:' ? 'http' : 'https',
    // One attempt: a buyer waiting on the page is answered at once, and may press again.
    maxNetworkRetries: 0,
    timeout: 15_000,
    telemetry: false,
  });
}

export const checkoutClient = (): Stripe | null => client;

/** Each pass's buy link for an edition: the site's checkout route when Stripe is configured. */
export function passCheckoutUrls(edition: { slug: string; settings: Pick<EditionSettings, 'upgrade'> }): CheckoutUrls {
  return checkoutUrlsOf(edition.settings.upgrade, client ? { origin: linkOrigin(), slug: edition.slug } : null);
}
