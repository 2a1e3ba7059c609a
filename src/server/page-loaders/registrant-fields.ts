/**
 * A signed-in registrant's own values in their day page and dashboard (domain/personal-page.ts
 * REGISTRANT_FIELD_NAMES): their feed key, its QR code, and the reference and e-mail their
 * checkout links carry. The page is rendered once per shape with markers in their place
 * (markedOwnValues) and each request writes the values (registrantFields).
 */
import { registrantReference, type Buyer } from '../../domain/access/checkout.ts';
import type { RegistrantFields } from '../../domain/personal-page.ts';
import { subscribeLinks, type SubscribeOptions } from '../../domain/podcast/subscribe.ts';
import type { SignedInRegistrant } from '../access/registrant-session.ts';
import { feedUrl } from '../../domain/podcast/feed-links.ts';
import { drawnQrSvg, qrSvgFor } from '../feed/subscribe-options.ts';
import { REGISTRANT_MARKERS } from './cached-personal-pages.ts';

type Registrant = Pick<SignedInRegistrant, 'id' | 'email' | 'key'>;

/** A value as URLSearchParams writes it (checkoutUrlFor sets prefilled_email so). */
const formEncoded = (value: string) => new URLSearchParams([['', value]]).toString().slice(1);

function registrantFields(registrant: Registrant, qrSvg: string): RegistrantFields {
  return {
    feedKey: registrant.key,
    qrSvg,
    buyerReference: registrantReference(registrant.id),
    buyerEmail: formEncoded(registrant.email),
  };
}

/** The values, drawing the QR code if this process has not yet (the Astro page, which may wait). */
export async function drawRegistrantFields(registrant: Registrant, siteOrigin: string): Promise<RegistrantFields> {
  return registrantFields(registrant, await qrSvgFor(feedUrl(siteOrigin, registrant.key)));
}

/** The values when the QR code is drawn already (the cached-page route never waits), else null. */
export function registrantFieldsNow(registrant: Registrant, siteOrigin: string): RegistrantFields | null {
  const known = fieldsOf.get(registrant);
  if (known?.siteOrigin === siteOrigin) return known.fields;
  const qrSvg = drawnQrSvg(feedUrl(siteOrigin, registrant.key));
  if (qrSvg === undefined) return null;
  const fields = registrantFields(registrant, qrSvg);
  fieldsOf.set(registrant, { siteOrigin, fields });
  return fields;
}
/**
 * The values made once per remembered registrant (the object this process keeps for their key,
 * replaced when anything of theirs changes): the fast path asks for them on every request.
 */
const fieldsOf = new WeakMap<Registrant, { siteOrigin: string; fields: RegistrantFields }>();

/** What a registrant's shell is rendered with where their own values go: the markers. */
export function markedOwnValues(siteOrigin: string): { buyer: Buyer; subscribe: SubscribeOptions } {
  const url = feedUrl(siteOrigin, REGISTRANT_MARKERS.feedKey);
  return {
    buyer: { reference: REGISTRANT_MARKERS.buyerReference, email: REGISTRANT_MARKERS.buyerEmail },
    subscribe: { feedUrl: url, links: subscribeLinks(url), qrSvg: REGISTRANT_MARKERS.qrSvg },
  };
}
