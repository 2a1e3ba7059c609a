/**
 * Checkout links that carry who is buying: Stripe Payment Links accept `client_reference_id`
 * (handed back in checkout.session.completed) and `prefilled_email`. The webhook matches the
 * buyer by that reference first, then by e-mail.
 */
const REFERENCE_PREFIX = 'registrant-';

export function registrantReference(registrantId: number): string {
  return `${REFERENCE_PREFIX}${registrantId}`;
}

/** The registrant id in a client_reference_id, or null when it is not one of ours. */
export function parseRegistrantReference(reference: unknown): number | null {
  if (typeof reference !== 'string') return null;
  const match = /^registrant-(\d{1,10})$/.exec(reference);
  const id = match ? Number(match[1]) : Number.NaN;
  return Number.isSafeInteger(id) && id >= 1 && id <= 2_147_483_647 ? id : null;
}

/** Who is buying: their client_reference_id (registrantReference) and e-mail. */
export interface Buyer {
  reference: string;
  email: string;
}

/** The checkout URL with the buyer's reference and e-mail; unchanged when it is not an http(s) URL. */
export function checkoutUrlFor(checkoutUrl: string, buyer: Buyer | null): string {
  if (!buyer) return checkoutUrl;
  let url: URL;
  try {
    url = new URL(checkoutUrl);
  } catch {
    return checkoutUrl;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return checkoutUrl;
  url.searchParams.set('client_reference_id', buyer.reference);
  url.searchParams.set('prefilled_email', buyer.email);
  return url.toString();
}
