/**
 * Receipts and refund notices (docs/decisions/0065), delivered through a real SMTP server: a sale
 * through the provider sends the edition's editable receipt with the pass, amount, tax, currency
 * and the provider's invoice or receipt page, fetched from a local server answering as Stripe's
 * API reference documents; without that page the receipt still goes and says the provider sends
 * its own. A refund sends a short notice with the amount and whether the pass stays.
 */
import Stripe from 'stripe';
import { and, eq } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { editionMessages, editions, mailOutbox, paymentEvents, purchases, registrants } from '../../../src/server/db/schema.ts';
import { ensureDefaultMessages } from '../../../src/server/editions/edition-messages.ts';
import { renderPreview } from '../../../src/server/mail/message-preview.ts';
import { deliverDueMail } from '../../../src/server/mail/outbox.ts';
import { smtpTransport } from '../../../src/server/mail/transport.ts';
import { configureCheckout } from '../../../src/server/payments/checkout-config.ts';
import { applyPaymentEvent, verifyEvent } from '../../../src/server/payments/incoming-events.ts';
import { registerAttendee } from '../../../src/server/registrants/register.ts';
import { registrantReference } from '../../../src/domain/access/checkout.ts';
import { describeEachDatabase, useTestDatabase } from '../../support/databases.ts';
import { stripeStandIn } from '../../support/stripe-stand-in/stripe-api.ts';
import { startSmtpSink, type SmtpSink } from '../../e2e/support/smtp-sink.ts';

const KEY = 'sk_test_receipts_0123456789';
const SECRET = 'whsec_test_secret_for_receipts';
const SITE = 'http://localhost:4321';

describeEachDatabase('receipts and refund notices', (database) => {
  const ctx = useTestDatabase(database, { seed: true });
  const stripe = stripeStandIn(KEY);
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink();
    configureCheckout({ secretKey: KEY, apiUrl: await stripe.listen() });
    await ensureDefaultMessages(ctx.db);
    stripe.state.invoices.set('in_1', { hostedInvoiceUrl: 'https://invoice.stripe.com/i/acct_1/test_in_1' });
    stripe.state.paymentIntents.set('pi_receipt', { chargeId: 'ch_2', receiptUrl: 'https://pay.stripe.com/receipts/payment/ch_2' });
  });
  afterAll(async () => {
    configureCheckout({ secretKey: undefined, apiUrl: 'https://api.stripe.com' });
    await stripe.close();
    await sink?.close();
  });
  beforeEach(async () => {
    await ctx.db.delete(paymentEvents);
    await ctx.db.delete(registrants);
    await ctx.db.delete(mailOutbox);
    stripe.state.retrievals.length = 0;
    stripe.state.violations.length = 0;
  });

  const send = (id: string, type: string, object: Record<string, unknown>) => {
    const payload = JSON.stringify({ id, object: 'event', type, data: { object } });
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET });
    return applyPaymentEvent(ctx.db, verifyEvent(Buffer.from(payload), header, SECRET), new Date());
  };
  const session = (registrantId: number, extra: Record<string, unknown> = {}) => ({
    id: 'cs_r',
    object: 'checkout.session',
    client_reference_id: registrantReference(registrantId),
    metadata: { pass: 'aap', edition: 'july' },
    payment_status: 'paid',
    amount_total: 21700,
    total_details: { amount_tax: 1973 },
    currency: 'usd',
    payment_intent: 'pi_receipt',
    invoice: null,
    ...extra,
  });
  async function register(email: string) {
    const outcome = await registerAttendee({ db: ctx.db, editionSlug: 'july', input: { firstName: 'Rae', email, consent: false } });
    if (outcome.status !== 'created') throw new Error('not created');
    return outcome.registrantId;
  }
  /** One worker round through the real SMTP server; what the address received in it. */
  async function deliveredTo(to: string): Promise<ParsedMail[]> {
    const before = sink.to(to).length;
    const transport = smtpTransport(sink.url);
    while (
      (await deliverDueMail({ db: ctx.db, transport, from: 'Summit <hello@summit.example.com>', options: { siteUrl: SITE } })).claimed
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    return sink.to(to).slice(before);
  }
  const receiptOf = (mails: ParsedMail[]) => mails.find((mail) => mail.subject?.startsWith('Your receipt'));

  it('a sale with an invoice: the receipt names the pass, amount, tax and currency and links the hosted invoice', async () => {
    const id = await register('rae@example.com');
    await send('evt_inv', 'checkout.session.completed', session(id, { invoice: 'in_1', id: 'cs_inv', payment_intent: 'pi_inv' }));
    expect(stripe.state.retrievals).toEqual(['GET /v1/invoices/in_1']);
    expect(stripe.state.violations).toEqual([]);
    const [purchase] = await ctx.db.select().from(purchases).where(eq(purchases.registrantId, id));
    expect(purchase?.receiptUrl).toBe('https://invoice.stripe.com/i/acct_1/test_in_1');
    const receipt = receiptOf(await deliveredTo('rae@example.com'));
    expect(receipt?.subject).toBe('Your receipt: Sovereign Pathway All Access Pass, The Sacred Business Audio Summit');
    expect(receipt?.text).toContain('Amount paid: $217.00 USD');
    expect(receipt?.text).toContain('Of which tax: $19.73 USD');
    expect(receipt?.html).toContain('href="https://invoice.stripe.com/i/acct_1/test_in_1"');
    expect(receipt?.text).toContain('Your invoice or receipt from the payment provider');
  });

  it('a sale without an invoice links the payment’s receipt; the same sale again asks the provider nothing more', async () => {
    const id = await register('rae@example.com');
    await send('evt_pi', 'checkout.session.completed', session(id));
    expect(stripe.state.retrievals).toEqual(['GET /v1/payment_intents/pi_receipt?expand[0]=latest_charge']);
    await send('evt_pi', 'checkout.session.completed', session(id));
    await send('evt_pi_again', 'checkout.session.completed', session(id));
    expect(stripe.state.retrievals).toHaveLength(1);
    const mails = await deliveredTo('rae@example.com');
    expect(mails.filter((mail) => mail.subject?.startsWith('Your receipt'))).toHaveLength(1);
    expect(receiptOf(mails)?.html).toContain('href="https://pay.stripe.com/receipts/payment/ch_2"');
  });

  it('when the provider has no page for it, the receipt still goes and says the provider sends its own', async () => {
    const id = await register('rae@example.com');
    await send('evt_none', 'checkout.session.completed', session(id, { id: 'cs_none', payment_intent: 'pi_unknown' }));
    const receipt = receiptOf(await deliveredTo('rae@example.com'));
    expect(receipt?.text).toContain('The payment provider e-mails you its own receipt');
    expect(receipt?.text).toContain('Amount paid: $217.00 USD');
  });

  it('a provider slower than the timeout holds nothing up: the pass is granted and the receipt goes without the link', async () => {
    const id = await register('rae@example.com');
    stripe.state.retrieveDelayMs = 5_000;
    try {
      const started = Date.now();
      expect(await send('evt_slow', 'checkout.session.completed', session(id, { id: 'cs_slow' }))).toMatchObject({ result: 'granted' });
      expect(Date.now() - started).toBeLessThan(4_500);
    } finally {
      stripe.state.retrieveDelayMs = 0;
    }
    const receipt = receiptOf(await deliveredTo('rae@example.com'));
    expect(receipt?.text).toContain('The payment provider e-mails you its own receipt');
  });

  it('the admin’s preview of the receipt shows a sample payment at the edition’s price and currency', async () => {
    const [message] = await ctx.db
      .select()
      .from(editionMessages)
      .innerJoin(editions, eq(editions.id, editionMessages.editionId))
      .where(and(eq(editions.slug, 'july'), eq(editionMessages.key, 'refund-notice')));
    const preview = await renderPreview({
      db: ctx.db,
      draft: { ...message!.edition_messages },
      recipient: { kind: 'sample', firstName: 'Sam', email: 'sam@example.com' },
      siteUrl: SITE,
      now: new Date(),
    });
    expect(preview?.skipped).toBeNull();
    expect(preview?.subject).toMatch(/^Your refund: \$\d+\.\d\d USD$/);
    expect(preview?.text).toContain('stays active');
  });

  it('a refund sends a short notice: the amount refunded and whether the pass stays', async () => {
    const id = await register('rae@example.com');
    await send('evt_buy', 'checkout.session.completed', session(id));
    await deliveredTo('rae@example.com');
    const charge = (refunded: number) => ({
      id: 'ch_2',
      object: 'charge',
      payment_intent: 'pi_receipt',
      amount: 21700,
      amount_refunded: refunded,
    });
    await send('evt_part', 'charge.refunded', charge(5000));
    const [partNotice] = await deliveredTo('rae@example.com');
    expect(partNotice?.subject).toBe('Your refund: $50.00 USD');
    expect(partNotice?.text).toContain('We have refunded $50.00 USD of your payment for the Sovereign Pathway All Access Pass.');
    expect(partNotice?.text).toContain('stays active');
    await send('evt_part_again', 'charge.refunded', charge(5000));
    await send('evt_rest', 'charge.refunded', { ...charge(21700), refunded: true });
    const notices = await deliveredTo('rae@example.com');
    expect(notices.map((mail) => mail.subject)).toEqual(['Your refund: $167.00 USD']);
    expect(notices[0]?.text).toContain('has ended with the refund');
  });

  it('the receipt is the edition’s own words: a host’s edit is what goes', async () => {
    const [july] = await ctx.db.select({ id: editions.id }).from(editions).where(eq(editions.slug, 'july'));
    await ctx.db
      .update(editionMessages)
      .set({ subject: 'Paid: {{receipt_amount}}', body: 'Tax {{receipt_tax}} on the {{receipt_pass}}.' })
      .where(and(eq(editionMessages.editionId, july!.id), eq(editionMessages.key, 'payment-receipt')));
    const id = await register('rae@example.com');
    await send('evt_edit', 'checkout.session.completed', session(id));
    const mails = await deliveredTo('rae@example.com');
    const paid = mails.find((mail) => mail.subject === 'Paid: $217.00 USD');
    expect(paid?.text).toContain('Tax $19.73 USD on the Sovereign Pathway All Access Pass.');
  });
});
