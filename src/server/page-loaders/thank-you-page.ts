/**
 * What the thank-you page shows (docs/PRODUCT.md "Thank-you and upgrade offer"): a signed-in
 * registrant sees their own edition, their personal links, and checkout links that carry their
 * reference and e-mail (so the payment finds them); anyone else, the home page's edition.
 */
import type { AstroCookies } from 'astro';
import { checkoutUrlFor } from '../../domain/access/checkout.ts';
import { upgradePlans } from '../../domain/offers.ts';
import { passCheckoutUrls } from '../payments/checkout-config.ts';
import { passesAbove } from '../../domain/offered-pass.ts';
import { personalLink } from '../access/links.ts';
import { buyerOf, signedInRegistrant } from '../access/registrant-session.ts';
import { getDatabase } from '../db/index.ts';
import { readHomeEditionSlug } from '../editions/home-edition.ts';
import { readEdition } from '../editions/read-edition.ts';
import { registeredName } from '../registrants/thank-you-cookie.ts';
import { loadSiteBrand } from '../brand/site-brand.ts';
import { fillText } from '../../domain/edition-texts/fill.ts';
import { textValuesOf } from '../../domain/text-values.ts';
import { pageMeta } from '../../domain/page-meta.ts';
import type { Edition } from '../../domain/edition.ts';
import type { Pricing } from '../../domain/offers.ts';
import { requestNow } from '../clock.ts';
import { pricingFor } from '../payments/pricing.ts';

type SignedIn = Awaited<ReturnType<typeof signedInRegistrant>>;

/**
 * The view's props, and the signed-in registrant's edition for the header's links (null for anyone
 * else). The page is never cached (it greets by name), so its prices are always those of `now`.
 */
export async function loadThankYouPage(cookies: AstroCookies, request: Request) {
  const { db } = await getDatabase();
  const registrant = await signedInRegistrant(db, cookies);
  const homeSlug = await readHomeEditionSlug(db);
  const edition = (registrant && (await readEdition(db, registrant.editionSlug))) || (await readEdition(db, homeSlug));
  if (!edition) throw new Error(`The home page's edition "${homeSlug}" is missing`);
  const brand = await loadSiteBrand();
  return {
    signedIn: registrant ? { editionSlug: registrant.editionSlug } : null,
    meta: pageMeta(edition.settings.texts, brand),
    props: thankYouProps(edition, {
      registrant,
      firstName: registeredName(cookies) ?? registrant?.firstName ?? null,
      pricing: await pricingFor(db, edition, { now: requestNow(request), registrant }),
    }),
  };
}

/** The page for one edition and visitor (the edition form's preview shows it for a visitor who just registered). */
export function thankYouProps(
  edition: Edition,
  { registrant, firstName, pricing }: { registrant: SignedIn; firstName: string | null; pricing: Pricing },
) {
  const { upgrade, links, offer, texts } = edition.settings;
  const buyer = buyerOf(registrant);
  const values = textValuesOf(edition);
  return {
    firstName,
    // No one is offered a pass they hold (decision 0057): a holder of the top pass is offered none.
    plans: upgradePlans(upgrade, passCheckoutUrls(edition), pricing)
      .filter((plan) => passesAbove(registrant?.tier ?? 'free').includes(plan.id))
      .map((plan) => ({ ...plan, checkoutUrl: checkoutUrlFor(plan.checkoutUrl, buyer) })),
    communityUrl: links.communityUrl,
    offerMinutes: offer.minutes,
    retreatOpensInDays: offer.retreatOpensInDays,
    retreatDays: offer.retreatDays,
    personalLinks: registrant
      ? { day1: personalLink('', registrant.key, 'day-1'), dashboard: personalLink('', registrant.key, 'dashboard') }
      : null,
    texts: {
      videoPlaceholder: texts.thankYou.videoPlaceholder,
      intro: fillText(texts.thankYou.intro, values),
      offer: { ...texts.thankYou.offer, subheading: fillText(texts.thankYou.offer.subheading, values) },
      notReady: texts.thankYou.notReady,
      disclaimer: texts.disclaimer,
    },
  };
}
