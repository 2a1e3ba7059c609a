/**
 * The site's own checkout (docs/decisions/0063) through the official `stripe` SDK, pointed at a
 * local server that answers as Stripe's API reference documents "Create a Checkout Session" and
 * refuses anything it does not list: each request's parameters are checked.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { editions, purchases, registrants, shareLinks } from '../../../src/server/db/schema.ts';
import { configureTestClock, TEST_NOW_HEADER } from '../../../src/server/clock.ts';
import { checkoutUrlsOf, upgradePlans } from '../../../src/domain/offers.ts';
import { readEdition } from '../../../src/server/editions/read-edition.ts';
import { pricingFor } from '../../../src/server/payments/pricing.ts';
import { configureCheckout } from '../../../src/server/payments/checkout-config.ts';
import { openCheckout } from '../../../src/server/payments/open-checkout.ts';
import { registerAttendee } from '../../../src/server/registrants/register.ts';
import { linkOrigin } from '../../../src/server/http/request-origin.ts';
import { NO_UTM } from '../../../src/domain/attribution/utm.ts';
import { describeEachDatabase, useTestDatabase } from '../../support/databases.ts';
import { stripeStandIn } from '../../support/stripe-stand-in/stripe-api.ts';

const KEY = 'sk_test_checkout_0123456789';

describeEachDatabase('the site’s own checkout', (database) => {
  const ctx = useTestDatabase(database, { seed: true });
  const stripe = stripeStandIn(KEY);
  let address = 0;
  beforeAll(async () => {
    configureCheckout({ secretKey: KEY, apiUrl: await stripe.listen() });
  });
  afterAll(async () => {
    configureCheckout({ secretKey: undefined, apiUrl: 'https://api.stripe.com' });
    await stripe.close();
  });
  beforeEach(async () => {
    await ctx.db.delete(registrants);
    stripe.state.sessions.length = 0;
    stripe.state.violations.length = 0;
  });

  const open = (path: string, now?: string) =>
    openCheckout({
      db: ctx.db,
      request: new Request(`http://localhost${path}`, { headers: now ? { [TEST_NOW_HEADER]: now } : {} }),
      slug: path.split('/')[2]!.split('?')[0]!,
      pass: path.split('/')[3]!.split('?')[0]!,
      // Each call from its own address, so the per-address limit is not what is tested here.
      clientAddress: `198.51.100.${++address % 250}`,
    });

  it('makes a session for the pass at the edition’s price, with the registrant, edition, pass and share link, and redirects to it', async () => {
    const [august] = await ctx.db
      .select({ id: editions.id, settings: editions.settings })
      .from(editions)
      .where(eq(editions.slug, 'august'));
    const [link] = await ctx.db
      .insert(shareLinks)
      .values({ editionId: august!.id, name: 'Jane Doe', code: 'jane-doe-checkout' })
      .returning();
    const outcome = await registerAttendee({
      db: ctx.db,
      editionSlug: 'august',
      input: { firstName: 'Buyer', email: 'buyer@example.com', consent: false },
      source: { shareLinkId: link!.id, campaign: NO_UTM },
    });
    if (outcome.status !== 'created') throw new Error(outcome.status);
    const answer = await open(
      `/checkout/august/aap?client_reference_id=registrant-${outcome.registrantId}&prefilled_email=buyer%40example.com`,
    );
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe(`${stripe.url}/pay/cs_test_1`);
    expect(stripe.state.violations).toEqual([]);
    expect(stripe.state.sessions[0]?.params).toEqual({
      mode: 'payment',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '19700',
      'line_items[0][price_data][product_data][name]': (august!.settings as { upgrade: { aap: { name: string } } }).upgrade.aap.name,
      client_reference_id: `registrant-${outcome.registrantId}`,
      customer_email: 'buyer@example.com',
      'metadata[edition]': 'august',
      'metadata[pass]': 'aap',
      'metadata[affiliate]': 'jane-doe-checkout',
      success_url: `${linkOrigin()}/august/dashboard?purchase=complete`,
      cancel_url: `${linkOrigin()}/thank-you`,
      allow_promotion_codes: 'false',
      'automatic_tax[enabled]': 'false',
      'tax_id_collection[enabled]': 'false',
      'invoice_creation[enabled]': 'false',
    });
  });

  it('follows the edition’s checkout settings: its currency, promotion codes, tax and invoices', async () => {
    const [august] = await ctx.db.select({ settings: editions.settings }).from(editions).where(eq(editions.slug, 'august'));
    const original = august!.settings;
    const checkout = { currency: 'eur', allowPromotionCodes: true, automaticTax: true, collectTaxIds: true, createInvoices: true };
    await ctx.db
      .update(editions)
      .set({ settings: { ...(original as object), checkout } as never })
      .where(eq(editions.slug, 'august'));
    try {
      expect((await open('/checkout/august/replay')).status).toBe(303);
      expect(stripe.state.sessions[0]?.params).toMatchObject({
        'line_items[0][price_data][currency]': 'eur',
        'line_items[0][price_data][unit_amount]': '7700',
        allow_promotion_codes: 'true',
        'automatic_tax[enabled]': 'true',
        'tax_id_collection[enabled]': 'true',
        'invoice_creation[enabled]': 'true',
      });
    } finally {
      await ctx.db.update(editions).set({ settings: original }).where(eq(editions.slug, 'august'));
    }
  });

  it('names no registrant when the link’s reference and e-mail do not agree; refuses an unknown pass or edition, takes a pass’s slug', async () => {
    const outcome = await registerAttendee({
      db: ctx.db,
      editionSlug: 'august',
      input: { firstName: 'Ivy', email: 'ivy@example.com', consent: false },
    });
    if (outcome.status !== 'created') throw new Error(outcome.status);
    expect(
      (await open(`/checkout/august/aap?client_reference_id=registrant-${outcome.registrantId}&prefilled_email=other%40example.com`))
        .status,
    ).toBe(303);
    expect(stripe.state.sessions[0]?.params).not.toHaveProperty('client_reference_id');
    expect(stripe.state.sessions[0]?.params).not.toHaveProperty('customer_email');
    expect((await open('/checkout/august/platinum')).status).toBe(404);
    expect((await open('/checkout/no-such-edition/aap')).status).toBe(404);
    expect(stripe.state.sessions).toHaveLength(1);
    // The pass's own slug, as a payment link may name it, opens that pass's checkout.
    expect((await open('/checkout/august/replay-pass')).status).toBe(303);
    expect(stripe.state.sessions[1]?.params).toMatchObject({ 'metadata[pass]': 'replay' });
  });

  it('answers a failure at Stripe with a clear 502 and no stack trace; without a key, the static link', async () => {
    stripe.state.failNext = 1;
    const failed = await open('/checkout/august/aap');
    expect(failed.status).toBe(502);
    expect(await failed.text()).toBe('The checkout could not be opened just now. Please try again in a moment; nothing was charged.');
    configureCheckout({ secretKey: undefined, apiUrl: 'https://api.stripe.com' });
    try {
      const fallback = await open('/checkout/august/aap');
      expect(fallback.status).toBe(303);
      expect(fallback.headers.get('location')).toBe('https://pay.sacred-business.example.com/august/all-access-pass');
    } finally {
      configureCheckout({ secretKey: KEY, apiUrl: stripe.url });
    }
  });

  describe('prices that change (decision 0064)', () => {
    const DEADLINE = '2026-12-04T23:59:00+01:00';
    let original: unknown;
    beforeAll(async () => {
      configureTestClock(true);
      const [august] = await ctx.db.select({ settings: editions.settings }).from(editions).where(eq(editions.slug, 'august'));
      original = august!.settings;
      const settings = structuredClone(original) as { upgrade: Record<'replay' | 'aap', Record<string, unknown>> };
      Object.assign(settings.upgrade.aap, { price: 19700, earlyPrice: 9700, earlyPriceUntil: DEADLINE });
      Object.assign(settings.upgrade.replay, { price: 7700, earlyPrice: null, earlyPriceUntil: null });
      await ctx.db.update(editions).set({ settings }).where(eq(editions.slug, 'august'));
    });
    afterAll(async () => {
      configureTestClock(false);
      await ctx.db.update(editions).set({ settings: original }).where(eq(editions.slug, 'august'));
    });

    const buyer = async (email: string, tier: 'free' | 'replay') => {
      const outcome = await registerAttendee({ db: ctx.db, editionSlug: 'august', input: { firstName: 'Rae', email, consent: false } });
      if (outcome.status !== 'created') throw new Error(outcome.status);
      await ctx.db.update(registrants).set({ tier }).where(eq(registrants.id, outcome.registrantId));
      return {
        id: outcome.registrantId,
        query: `client_reference_id=registrant-${outcome.registrantId}&prefilled_email=${encodeURIComponent(email)}`,
      };
    };
    const charged = (index: number) => stripe.state.sessions[index]?.params['line_items[0][price_data][unit_amount]'];

    it('charges the early price before its deadline and the full price from the deadline on', async () => {
      expect((await open('/checkout/august/aap', '2026-12-04T22:58:59.999Z')).status).toBe(303);
      expect((await open('/checkout/august/aap', '2026-12-04T22:59:00.000Z')).status).toBe(303);
      expect((await open('/checkout/august/replay', '2026-12-01T00:00:00Z')).status).toBe(303);
      expect([charged(0), charged(1), charged(2)]).toEqual(['9700', '19700', '7700']);
      expect(stripe.state.violations).toEqual([]);
    });

    it('charges a Replay holder the difference and names the Replay purchase in the metadata', async () => {
      const rae = await buyer('rae@example.com', 'replay');
      const [bought] = await ctx.db
        .insert(purchases)
        .values({ registrantId: rae.id, pass: 'replay', source: 'provider', amount: 7700, currency: 'usd', paymentRef: 'pi_replay_rae' })
        .returning();
      expect((await open(`/checkout/august/aap?${rae.query}`, '2026-12-10T00:00:00Z')).status).toBe(303);
      expect(stripe.state.sessions[0]?.params).toMatchObject({
        'line_items[0][price_data][unit_amount]': '12000',
        'metadata[edition]': 'august',
        'metadata[pass]': 'aap',
        'metadata[upgrade_from]': String(bought!.id),
      });
      // Before the deadline: the early All Access price (97.00) less the 77.00 paid.
      await open(`/checkout/august/aap?${rae.query}`, '2026-12-01T00:00:00Z');
      expect(charged(1)).toBe('2000');
      expect(stripe.state.violations).toEqual([]);
    });

    it('offers a Replay holder All Access for the difference, and anyone else at the price now', async () => {
      const holder = await buyer('offer@example.com', 'replay');
      await ctx.db
        .insert(purchases)
        .values({ registrantId: holder.id, pass: 'replay', source: 'provider', amount: 7700, currency: 'usd', paymentRef: 'pi_offer' });
      const edition = (await readEdition(ctx.db, 'august', { fresh: true }))!;
      const { upgrade } = edition.settings;
      const plansAt = async (now: string, registrant: { id: number; tier: 'free' | 'replay' } | null) =>
        upgradePlans(upgrade, checkoutUrlsOf(upgrade, null), await pricingFor(ctx.db, edition, { now: new Date(now), registrant }));
      const upgradeOffer = (await plansAt('2026-12-10T00:00:00Z', { id: holder.id, tier: 'replay' })).find((plan) => plan.id === 'aap');
      expect(upgradeOffer).toMatchObject({ price: 12000, priceText: '$120.00', priceNote: 'Upgrade for $120.00' });
      const early = (await plansAt('2026-12-01T00:00:00Z', null)).find((plan) => plan.id === 'aap');
      expect(early).toMatchObject({
        price: 9700,
        priceText: '$97.00',
        priceNote: '$97.00 until Sat Dec 5, 09:59 (Australia/Sydney), then $197.00',
      });
    });

    it('counts what was refunded of the Replay purchase; without one, the Replay price (and no upgrade_from); a free registrant pays in full', async () => {
      const partly = await buyer('partly@example.com', 'replay');
      await ctx.db.insert(purchases).values({
        registrantId: partly.id,
        pass: 'replay',
        source: 'provider',
        amount: 7700,
        refunded: 2700,
        currency: 'usd',
        paymentRef: 'pi_replay_partly',
      });
      const granted = await buyer('granted@example.com', 'replay');
      const free = await buyer('free@example.com', 'free');
      await open(`/checkout/august/aap?${partly.query}`, '2026-12-10T00:00:00Z');
      await open(`/checkout/august/aap?${granted.query}`, '2026-12-10T00:00:00Z');
      await open(`/checkout/august/aap?${free.query}`, '2026-12-10T00:00:00Z');
      expect([charged(0), charged(1), charged(2)]).toEqual(['14700', '12000', '19700']);
      expect(stripe.state.sessions[0]?.params).toHaveProperty('metadata[upgrade_from]');
      for (const session of stripe.state.sessions.slice(1)) expect(session.params).not.toHaveProperty('metadata[upgrade_from]');
    });
  });
});
