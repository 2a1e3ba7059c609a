/**
 * The payment lifecycle as the provider really sends it, signed as Stripe
 * signs, against the real database: partial refunds, a refund before its checkout, delayed
 * payment methods, a dispute won, a paid checkout that matches no edition, and the same checkout
 * session sent again under a new event id.
 */
import Stripe from 'stripe';
import { and, eq } from 'drizzle-orm';
import { beforeEach, expect, it } from 'vitest';
import {
  adminUsers,
  auditLog,
  editionMessages,
  editions,
  heldPayments,
  mailOutbox,
  paymentEvents,
  paymentReversals,
  purchases,
  registrants,
} from '../../../src/server/db/schema.ts';
import { assignHeldPayment, countHeldPayments, listHeldPayments } from '../../../src/server/payments/held-payments.ts';
import { registerAttendee } from '../../../src/server/registrants/register.ts';
import { applyPaymentEvent, verifyEvent } from '../../../src/server/payments/incoming-events.ts';
import { registrantReference } from '../../../src/domain/access/checkout.ts';
import type { EditionSettings } from '../../../src/domain/edition-settings/schema.ts';
import { ensureDefaultMessages } from '../../../src/server/editions/edition-messages.ts';
import { composeBatch } from '../../../src/server/mail/compose.ts';
import { describeEachDatabase, useTestDatabase } from '../../support/databases.ts';

const SECRET = 'whsec_test_secret_for_the_summit';
const NOW = new Date('2025-07-15T10:00:00Z');

describeEachDatabase('payment lifecycle', (database) => {
  const ctx = useTestDatabase(database, { seed: true });
  beforeEach(async () => {
    await ensureDefaultMessages(ctx.db);
    await ctx.db.delete(paymentEvents);
    await ctx.db.delete(paymentReversals);
    await ctx.db.delete(registrants);
    await ctx.db.delete(mailOutbox);
  });

  const send = (id: string, type: string, object: Record<string, unknown>) => {
    const payload = JSON.stringify({ id, object: 'event', type, data: { object } });
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET });
    return applyPaymentEvent(ctx.db, verifyEvent(Buffer.from(payload), header, SECRET), NOW);
  };
  const session = (registrantId: number, extra: Record<string, unknown> = {}) => ({
    id: 'cs_1',
    object: 'checkout.session',
    client_reference_id: registrantReference(registrantId),
    metadata: { pass: 'aap' },
    payment_status: 'paid',
    amount_total: 19700,
    currency: 'usd',
    payment_intent: 'pi_1',
    ...extra,
  });
  const charge = (extra: Record<string, unknown>) => ({ id: 'ch_1', object: 'charge', payment_intent: 'pi_1', amount: 19700, ...extra });
  async function register(email = 'ivy@example.com') {
    const outcome = await registerAttendee({
      db: ctx.db,
      editionSlug: 'july',
      input: { firstName: 'Ivy', email, consent: true },
    });
    if (outcome.status !== 'created') throw new Error('not created');
    return outcome.registrantId;
  }
  const tierOf = async (id: number) =>
    (await ctx.db.select({ tier: registrants.tier }).from(registrants).where(eq(registrants.id, id)))[0]?.tier;
  const purchasesOf = (id: number) => ctx.db.select().from(purchases).where(eq(purchases.registrantId, id));
  const confirmationsTo = async (email: string) =>
    // The pass confirmations: queued per purchase ("m{message}:r{registrant}:purchase:{id}"), unlike the registration's, beside the receipt.
    (
      await ctx.db
        .select({ outbox: mailOutbox })
        .from(mailOutbox)
        .innerJoin(editionMessages, eq(editionMessages.id, mailOutbox.editionMessageId))
        .where(and(eq(mailOutbox.to, email), eq(editionMessages.key, 'pass-confirmation')))
    ).map((row) => row.outbox);

  it('a partial refund keeps the pass; the full refund takes it back', async () => {
    const id = await register();
    await send('evt_buy', 'checkout.session.completed', session(id));
    expect(await send('evt_partial', 'charge.refunded', charge({ amount_refunded: 100, refunded: false }))).toMatchObject({
      result: 'refunded-in-part',
    });
    expect(await tierOf(id)).toBe('aap');
    await send('evt_full', 'charge.refunded', charge({ amount_refunded: 19700, refunded: true }));
    expect(await tierOf(id)).toBe('free');
  });

  it('a refund that arrives before its checkout leaves no active pass', async () => {
    const id = await register();
    await send('evt_refund_first', 'charge.refunded', charge({ amount_refunded: 19700, refunded: true }));
    await send('evt_buy_late', 'checkout.session.completed', session(id));
    expect(await tierOf(id)).toBe('free');
    expect((await purchasesOf(id)).map((row) => row.status)).toEqual(['refunded']);
  });

  it('a delayed payment method grants the pass when its payment succeeds, once', async () => {
    const id = await register();
    expect(await send('evt_pending', 'checkout.session.completed', session(id, { payment_status: 'unpaid' }))).toMatchObject({
      result: 'ignored',
    });
    expect(await tierOf(id)).toBe('free');
    expect(await send('evt_async_ok', 'checkout.session.async_payment_succeeded', session(id))).toMatchObject({ result: 'granted' });
    expect(await tierOf(id)).toBe('aap');
  });

  it('a dispute that is won gives the pass back', async () => {
    const id = await register();
    await send('evt_buy', 'checkout.session.completed', session(id));
    const dispute = (status: string) => ({ id: 'dp_1', object: 'dispute', charge: 'ch_1', payment_intent: 'pi_1', status });
    await send('evt_dispute', 'charge.dispute.created', dispute('needs_response'));
    expect(await tierOf(id)).toBe('free');
    await send('evt_won', 'charge.dispute.closed', dispute('won'));
    expect(await tierOf(id)).toBe('aap');
    expect((await purchasesOf(id)).map((row) => row.status)).toEqual(['active']);
  });

  it('a paid checkout that matches no edition and no registrant is held for the admin, who sees it', async () => {
    const outcome = await send(
      'evt_nowhere',
      'checkout.session.completed',
      session(0, {
        client_reference_id: null,
        customer_details: { email: 'buyer@example.com' },
        metadata: { pass: 'aap', edition: 'nope' },
      }),
    );
    expect(outcome).toMatchObject({ result: 'held' });
    const [held] = await ctx.db.select().from(auditLog).where(eq(auditLog.entityType, 'held-payments'));
    expect(held?.summary).toContain('buyer@example.com');
    expect(held?.summary).toContain('nope');

    // Held, not only logged: the admin lists it and assigns it to a registration, which gets the pass.
    const [row] = await listHeldPayments(ctx.db);
    expect(row).toMatchObject({ email: 'buyer@example.com', edition: 'nope', pass: 'aap', paymentRef: 'pi_1', assignedAt: null });
    expect(await countHeldPayments(ctx.db)).toBe(1);
    const [admin] = await ctx.db.insert(adminUsers).values({ email: 'held@example.com', passwordHash: 'x' }).returning();
    const form = new FormData();
    form.set('id', String(row!.id));
    form.set('edition', 'july');
    form.set('email', 'Buyer@Example.com');
    const assigned = await assignHeldPayment({
      handle: ctx.handle,
      admin: { id: admin!.id, email: admin!.email, phone: null },
      form,
      now: NOW,
    });
    expect(assigned).toMatchObject({ ok: true });
    const [buyer] = await ctx.db.select().from(registrants).where(eq(registrants.email, 'buyer@example.com'));
    expect(buyer).toMatchObject({ tier: 'aap' });
    expect(await confirmationsTo('buyer@example.com')).toHaveLength(1);
    expect(await countHeldPayments(ctx.db)).toBe(0);
    expect(
      await assignHeldPayment({ handle: ctx.handle, admin: { id: admin!.id, email: admin!.email, phone: null }, form, now: NOW }),
    ).toEqual({
      ok: false,
      message: 'That payment was assigned already.',
    });
    await ctx.db.delete(heldPayments);
  });

  it('the same checkout session under a new event id grants one pass and sends one confirmation', async () => {
    const id = await register();
    await send('evt_first', 'checkout.session.completed', session(id));
    expect(await send('evt_again', 'checkout.session.completed', session(id))).toMatchObject({ result: 'duplicate' });
    expect(await purchasesOf(id)).toHaveLength(1);
    expect(await confirmationsTo('ivy@example.com')).toHaveLength(1);
  });

  it('names the pass as the buyer’s edition does: in the audit log and in the pass confirmation', async () => {
    const [july] = await ctx.db.select().from(editions).where(eq(editions.slug, 'july'));
    const settings = july!.settings as EditionSettings;
    const named = {
      ...settings.upgrade,
      aap: { name: 'Harbour Light All Access', price: 14900, earlyPrice: null, earlyPriceUntil: null, benefits: [] },
    };
    await ctx.db
      .update(editions)
      .set({ settings: { ...settings, upgrade: named } })
      .where(eq(editions.id, july!.id));
    try {
      const id = await register();
      await send('evt_named', 'checkout.session.completed', session(id, { id: 'cs_named', payment_intent: 'pi_named' }));
      const summaries = (await ctx.db.select().from(auditLog).where(eq(auditLog.entityType, 'purchases'))).map((row) => row.summary);
      expect(summaries).toContain(`Registrant #${id} bought the Harbour Light All Access`);
      const [row] = await confirmationsTo('ivy@example.com');
      const composed = (await composeBatch({ db: ctx.db, rows: [row!], siteUrl: 'http://localhost:4321', now: new Date() })).get(row!.id);
      if (composed?.kind !== 'mail') throw new Error(`not composed: ${JSON.stringify(composed)}`);
      expect(composed.mail.text).toContain('your Harbour Light All Access is active');
      expect(composed.mail.text).not.toContain('Sovereign Pathway');
    } finally {
      await ctx.db.update(editions).set({ settings: july!.settings }).where(eq(editions.id, july!.id));
    }
  });
});
