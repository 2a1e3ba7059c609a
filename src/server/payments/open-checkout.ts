/**
 * GET /checkout/{edition}/{pass} (docs/decisions/0063): the buy buttons' destination when Stripe
 * is configured. It makes a Stripe Checkout Session for the pass at the edition's price and
 * currency, carrying the registrant (`client_reference_id`, when the link's reference and e-mail
 * name one of the edition's registrants), the edition and pass and the share link that brought
 * them (`metadata`), and sends the browser to it. The payment webhook grants the pass as before.
 * Without Stripe, an old link leads to the edition's static checkout link. A GET, because the
 * buttons are links in pages and e-mails; each address may open a few a minute.
 */
import { and, eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { parseRegistrantReference, registrantReference } from '../../domain/access/checkout.ts';
import type { Edition } from '../../domain/edition.ts';
import { passOfMetadata, type PassKind } from '../../domain/passes.ts';
import { priceNow, upgradeAmount } from '../../domain/pass-price.ts';
import { requestNow } from '../clock.ts';
import type { Database } from '../db/client.ts';
import { registrants, registrationSources, shareLinks } from '../db/schema.ts';
import { readEdition } from '../editions/read-edition.ts';
import { clientAddress, linkOrigin } from '../http/request-origin.ts';
import { NO_STORE } from '../http/responses.ts';
import { log } from '../log.ts';
import { rateLimiter } from '../rate-limits/rate-limit.ts';
import { checkoutClient } from './checkout-config.ts';
import { replayHeld, type ReplayHeld } from './pricing.ts';

const OPENS_PER_MINUTE = 20;

const plain = (status: number, text: string, headers: Record<string, string> = {}) =>
  new Response(text, { status, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': NO_STORE, ...headers } });
const goTo = (location: string) => new Response(null, { status: 303, headers: { location, 'cache-control': NO_STORE } });

export interface Buyer {
  registrantId: number;
  email: string;
  affiliate: string | null;
  /** Set when they hold Replay: All Access then costs the difference (docs/decisions/0064). */
  replay: ReplayHeld | null;
}

/** The registrant the link names, when its reference and e-mail agree and they belong to the edition. */
async function buyerOf(db: Database, edition: Edition, url: URL): Promise<Buyer | null> {
  const id = parseRegistrantReference(url.searchParams.get('client_reference_id'));
  const email = (url.searchParams.get('prefilled_email') ?? '').trim().toLowerCase();
  if (id === null || !email) return null;
  const [row] = await db
    .select({ email: registrants.email, tier: registrants.tier, affiliate: shareLinks.code })
    .from(registrants)
    .leftJoin(registrationSources, eq(registrationSources.registrantId, registrants.id))
    .leftJoin(shareLinks, eq(shareLinks.id, registrationSources.shareLinkId))
    .where(and(eq(registrants.id, id), eq(registrants.editionId, edition.id)));
  if (!row || row.email.toLowerCase() !== email) return null;
  const replay = row.tier === 'replay' ? await replayHeld(db, id, edition.settings.upgrade.replay.price) : null;
  return { registrantId: id, email: row.email, affiliate: row.affiliate, replay };
}

/** What the session charges: the pass's price now (its early price before the deadline), for a Replay holder's All Access the difference. */
export function chargedAmount(edition: Edition, pass: PassKind, { buyer, now }: { buyer: Buyer | null; now: Date }): number {
  const price = priceNow(edition.settings.upgrade[pass], now).amount;
  if (pass !== 'aap' || !buyer?.replay) return price;
  return upgradeAmount({ priceNow: price, paid: buyer.replay.paid, currency: edition.settings.checkout.currency });
}

/** The session's metadata: edition, pass, the share link and, for an upgrade, the Replay purchase it upgrades. */
function sessionMetadata(edition: Edition, pass: PassKind, buyer: Buyer | null): Record<string, string> {
  const upgradeFrom = pass === 'aap' ? buyer?.replay?.purchaseId : null;
  return {
    edition: edition.slug,
    pass,
    ...(buyer?.affiliate ? { affiliate: buyer.affiliate } : {}),
    ...(upgradeFrom ? { upgrade_from: String(upgradeFrom) } : {}),
  };
}

/** The Checkout Session's parameters, as Stripe's API reference names them. */
export function sessionParams(
  edition: Edition,
  pass: PassKind,
  { buyer, now }: { buyer: Buyer | null; now: Date },
): Stripe.Checkout.SessionCreateParams {
  const { upgrade, checkout } = edition.settings;
  const back = `${linkOrigin()}/${encodeURIComponent(edition.slug)}`;
  return {
    mode: 'payment',
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: checkout.currency,
          unit_amount: chargedAmount(edition, pass, { buyer, now }),
          product_data: { name: upgrade[pass].name },
        },
      },
    ],
    ...(buyer ? { client_reference_id: registrantReference(buyer.registrantId), customer_email: buyer.email } : {}),
    metadata: sessionMetadata(edition, pass, buyer),
    success_url: `${back}/dashboard?purchase=complete`,
    cancel_url: `${linkOrigin()}/thank-you`,
    allow_promotion_codes: checkout.allowPromotionCodes,
    automatic_tax: { enabled: checkout.automaticTax },
    tax_id_collection: { enabled: checkout.collectTaxIds },
    invoice_creation: { enabled: checkout.createInvoices },
  };
}

export async function openCheckout(call: {
  db: Database;
  request: Request;
  slug: string;
  pass: string;
  clientAddress: string | undefined;
}): Promise<Response> {
  const { db, request, slug } = call;
  // Read fresh: the price charged is the one the edition has now.
  const edition = await readEdition(db, slug, { fresh: true });
  // The pass by its kind or its own slug (/checkout/{edition}/studio-pass), as payment links name it.
  const upgrade = edition?.settings.upgrade;
  const pass = upgrade ? passOfMetadata(call.pass, { replay: upgrade.replay.name, aap: upgrade.aap.name }) : null;
  if (!edition || !pass) return plain(404, 'There is no such pass to buy.');
  const client = checkoutClient();
  const staticLink = edition.settings.upgrade[`${pass}CheckoutUrl`];
  if (!client || edition.settings.upgrade[pass].price <= 0) {
    return staticLink ? goTo(staticLink) : plain(404, 'This pass is not on sale here.');
  }
  const verdict = await rateLimiter(db, { name: 'checkout-open', limit: OPENS_PER_MINUTE, windowSeconds: 60 }).take(
    clientAddress(request, call.clientAddress),
  );
  if (!verdict.allowed)
    return plain(429, 'Too many checkouts opened from here. Please wait a minute and try again.', {
      'retry-after': String(verdict.retryAfterSeconds),
    });
  try {
    const buyer = await buyerOf(db, edition, new URL(request.url));
    const session = await client.checkout.sessions.create(sessionParams(edition, pass, { buyer, now: requestNow(request) }));
    if (!session.url) throw new Error('Stripe answered a session without a URL');
    return goTo(session.url);
  } catch (error) {
    log.warn(
      { err: error instanceof Error ? error.message : String(error), edition: edition.slug, pass },
      'checkout: the session could not be made',
    );
    return plain(502, 'The checkout could not be opened just now. Please try again in a moment; nothing was charged.');
  }
}
