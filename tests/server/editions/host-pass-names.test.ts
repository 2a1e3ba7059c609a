/**
 * The host's pass names and currency in the admin (docs/PRODUCT.md "Passes and prices"): on an
 * edition made from scratch (tests/support/tidewater.ts: EUR, "Studio Pass" and "Workshop
 * Bundle") the edition form, the insights and a held payment name its passes and its currency,
 * never the demo's names, a dollar or the product's price presets, which the demo editions keep;
 * a payment link's `metadata.pass` may be the pass's own slug; a name whose slug clashes is
 * refused at its field and nothing is saved.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import Stripe from 'stripe';
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { registrantReference } from '../../../src/domain/access/checkout.ts';
import type { AdminUser } from '../../../src/server/auth/accounts.ts';
import { purchases, registrants } from '../../../src/server/db/schema.ts';
import { editionScreen } from '../../../src/server/editions/edition-form.ts';
import { readEdition } from '../../../src/server/editions/read-edition.ts';
import { loadEditionInsights } from '../../../src/server/insights/insights-queries.ts';
import { heldPaymentRows, listHeldPayments } from '../../../src/server/payments/held-payments.ts';
import { heldPaymentsScreen } from '../../../src/server/payments/held-payments-screen.ts';
import { messagesPage, newMessagePage } from '../../../src/server/mail/messages-admin.ts';
import { registrantsScreen } from '../../../src/server/registrants/registrants-screens.ts';
import { HeldPaymentsView } from '../../../src/views/admin/HeldPaymentsView.tsx';
import { RegistrantsView } from '../../../src/views/admin/RegistrantsView.tsx';
import { MessagesView } from '../../../src/views/admin/messages/MessagesView.tsx';
import { NewMessageView } from '../../../src/views/admin/messages/NewMessageView.tsx';
import { applyPaymentEvent, verifyEvent } from '../../../src/server/payments/incoming-events.ts';
import { EditionView } from '../../../src/views/admin/EditionView.tsx';
import { InsightsView } from '../../../src/views/admin/InsightsView.tsx';
import { describeEachDatabase, useTestDatabase } from '../../support/databases.ts';
import { BUNDLE, createTidewater, STUDIO, TIDEWATER, tidewaterAdmin } from '../../support/tidewater.ts';

const SECRET = 'whsec_host_pass_names';
const NOW = new Date('2026-12-01T10:00:00Z');
/** What a new host must not read on their own edition's screens. */
const DEMO_WORDS = [/Replay Pass/, /All Access/, /\$/, /USD/, /Reading [AB]/, /data-price-preset/];
/** Each of those words found, with the markup around it (so a failure says where). */
const demoWordsIn = (html: string) => DEMO_WORDS.flatMap((word) => html.match(new RegExp(`.{0,120}${word.source}.{0,60}`)) ?? []);

describeEachDatabase('the host’s pass names and currency in the admin', (database) => {
  const ctx = useTestDatabase(database, { seed: true });
  let admin: AdminUser;

  beforeAll(async () => {
    admin = await tidewaterAdmin(ctx.handle);
    await createTidewater(ctx.handle, admin);
  });

  const editionPage = async (slug: string, form?: URLSearchParams) => {
    const url = `http://localhost/admin/editions/${slug}`;
    const request = form ? new Request(url, { method: 'POST', body: form }) : new Request(url);
    const outcome = await editionScreen({ handle: ctx.handle, admin, slug, request });
    if (outcome.kind !== 'show') throw new Error(outcome.kind);
    return { state: outcome.state, html: renderToStaticMarkup(createElement(EditionView, outcome.state)) };
  };
  const send = (id: string, object: Record<string, unknown>) => {
    const payload = JSON.stringify({ id, object: 'event', type: 'checkout.session.completed', data: { object } });
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET });
    return applyPaymentEvent(ctx.db, verifyEvent(Buffer.from(payload), header, SECRET), NOW);
  };

  it('labels the edition form by the edition’s passes, in euros, with no presets or demo names', async () => {
    const { html } = await editionPage(TIDEWATER.slug);
    expect(html).toContain(`${STUDIO.name}: name`);
    expect(html).toContain(`${BUNDLE.name}: price (EUR)`);
    expect(html).toContain('pass=studio-pass (or pass=replay)');
    expect(html).toContain(`{{pass_name}} (“${BUNDLE.name}”)`);
    expect(demoWordsIn(html)).toEqual([]);
  });

  it('still offers a demo edition the price presets', async () => {
    const { html } = await editionPage('july');
    expect(html).toContain('data-price-presets');
    expect(html).toContain('There are two price readings');
  });

  it('names the passes in the insights as the edition does', async () => {
    const edition = (await readEdition(ctx.db, TIDEWATER.slug, { fresh: true }))!;
    const insights = await loadEditionInsights(ctx.db, edition);
    const html = renderToStaticMarkup(createElement(InsightsView, { insights, editions: [] }));
    expect(html).toContain(STUDIO.name);
    expect(html).toContain(BUNDLE.name);
    expect(demoWordsIn(html)).toEqual([]);
  });

  it('grants the pass a payment names by its own slug, and holds one in its own currency by the edition’s name', async () => {
    const edition = (await readEdition(ctx.db, TIDEWATER.slug, { fresh: true }))!;
    const [elske] = await ctx.db
      .insert(registrants)
      .values({ editionId: edition.id, firstName: 'Elske', email: 'elske@tidewater.example' })
      .returning({ id: registrants.id });
    const outcome = await send('evt_studio', {
      id: 'cs_studio',
      client_reference_id: registrantReference(elske!.id),
      metadata: { pass: 'studio-pass', edition: TIDEWATER.slug },
      payment_status: 'paid',
      amount_total: STUDIO.price,
      currency: 'eur',
      payment_intent: 'pi_studio',
    });
    expect(outcome).toMatchObject({ result: 'granted', tier: 'replay' });
    const [bought] = await ctx.db.select().from(purchases).where(eq(purchases.registrantId, elske!.id));
    expect(bought).toMatchObject({ pass: 'replay', amount: STUDIO.price, currency: 'eur' });

    // Paid in another currency: held, in the payment's own currency, named as the edition names the pass its slug names.
    const held = await send('evt_bundle', {
      id: 'cs_bundle',
      customer_details: { email: 'stranger@tidewater.example' },
      metadata: { pass: 'Workshop-Bundle', edition: TIDEWATER.slug },
      payment_status: 'paid',
      amount_total: 14000,
      currency: 'gbp',
      payment_intent: 'pi_bundle',
    });
    expect(held.result).toBe('held');
    const [row] = await heldPaymentRows(ctx.db, await listHeldPayments(ctx.db));
    expect(row).toMatchObject({ pass: BUNDLE.name, amount: '£140.00', reason: 'paid in GBP but the edition sells in EUR' });

    // A slug no pass of the edition has is no pass: ignored, as before.
    expect(await send('evt_other', { id: 'cs_other', metadata: { pass: 'gift-card' }, payment_status: 'paid' })).toMatchObject({
      result: 'ignored',
    });
  });

  it('names the edition’s passes and currency on its registrants, e-mails and held payments screens', async () => {
    const edition = (await readEdition(ctx.db, TIDEWATER.slug, { fresh: true }))!;
    const url = new URL(`http://localhost/admin/registrants?edition=${TIDEWATER.slug}`);
    const registrantsOutcome = await registrantsScreen(ctx.handle, { request: new Request(url), url, admin });
    if (registrantsOutcome.kind !== 'show') throw new Error(registrantsOutcome.kind);
    const { editionName: _name, ...registrantsState } = registrantsOutcome.state;
    const screen = { handle: ctx.handle, admin, edition, now: NOW, siteUrl: 'http://localhost' };
    const request = new Request(`http://localhost/admin/editions/${TIDEWATER.slug}/messages`);
    const list = await messagesPage({ ...screen, request });
    const added = await newMessagePage({ ...screen, request });
    const held = await heldPaymentsScreen({ handle: ctx.handle, admin, request: new Request('http://localhost/admin/payments') });
    if (list.kind !== 'show' || added.kind !== 'show' || held.kind !== 'show') throw new Error('not shown');
    const html = [
      renderToStaticMarkup(createElement(RegistrantsView, registrantsState)),
      renderToStaticMarkup(createElement(MessagesView, { slug: edition.slug, editionName: edition.name, ...list.state })),
      renderToStaticMarkup(createElement(NewMessageView, { slug: edition.slug, ...added.state })),
      renderToStaticMarkup(createElement(HeldPaymentsView, held.state)),
    ].join('\n');
    expect(html).toContain(STUDIO.name);
    expect(html).toContain('€197.00 EUR');
    expect(demoWordsIn(html)).toEqual([]);
  });

  it('refuses a pass name whose slug clashes, at its field, and saves nothing', async () => {
    const before = await editionPage(TIDEWATER.slug);
    const post = (names: { replay: string; aap: string }) =>
      editionPage(
        TIDEWATER.slug,
        new URLSearchParams({
          ...before.state.values,
          'settings.upgrade.replay.name': names.replay,
          'settings.upgrade.aap.name': names.aap,
          action: 'save',
        }),
      );
    const same = await post({ replay: STUDIO.name, aap: 'studio  PASS!' });
    expect(same.state.errors['settings.upgrade.aap.name']).toEqual([
      'Both passes would have the slug “studio-pass”: give this pass a name of its own.',
    ]);
    // The typed values stay in the form; the labels keep the saved names.
    expect(same.state.values['settings.upgrade.aap.name']).toBe('studio  PASS!');
    expect(same.html).toContain(`${BUNDLE.name}: name`);
    const kind = await post({ replay: 'AAP', aap: BUNDLE.name });
    expect(kind.state.errors['settings.upgrade.replay.name']).toEqual([
      'This name’s slug is “aap”, which payments use for the other pass: choose another name.',
    ]);
    const stored = (await readEdition(ctx.db, TIDEWATER.slug, { fresh: true }))!.settings.upgrade;
    expect([stored.replay.name, stored.aap.name]).toEqual([STUDIO.name, BUNDLE.name]);
  });
});
