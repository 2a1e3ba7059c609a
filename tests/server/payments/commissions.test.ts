/**
 * Commissions from the provider's payment events (docs/decisions/0065), signed as Stripe signs
 * them, against the real database: a sale credited by the checkout's affiliate or by the
 * registration's source at the affiliate's or the edition's rate, refunds in part and in whole,
 * events repeated and out of order, a refund after a payout, disputes won and lost, a payment in
 * another currency, and the ledger refusing to be rewritten.
 */
import Stripe from 'stripe';
import { and, desc, eq, sql } from 'drizzle-orm';
import { beforeEach, expect, it } from 'vitest';
import {
  adminUsers,
  auditLog,
  commissionEntries,
  editions,
  heldPayments,
  paymentEvents,
  paymentReversals,
  purchases,
  registrants,
  registrationSources,
  shareLinks,
} from '../../../src/server/db/schema.ts';
import { registerAttendee } from '../../../src/server/registrants/register.ts';
import { assignHeldPayment } from '../../../src/server/payments/held-payments.ts';
import { payoutsCsv } from '../../../src/server/affiliates/payouts-csv.ts';
import { readEdition } from '../../../src/server/editions/read-edition.ts';
import { applyPaymentChange, applyPaymentEvent, verifyEvent } from '../../../src/server/payments/incoming-events.ts';
import type { PaymentChange } from '../../../src/domain/payments/provider-event.ts';
import { registrantReference } from '../../../src/domain/access/checkout.ts';
import { describeEachDatabase, useTestDatabase } from '../../support/databases.ts';

const SECRET = 'whsec_test_secret_for_the_commissions';
const NOW = new Date('2025-07-15T10:00:00Z');
const HOLD_ENDS = new Date('2025-08-14T10:00:00Z');

describeEachDatabase('commissions from payment events', (database) => {
  const ctx = useTestDatabase(database, { seed: true });
  let editionId = 0;
  let linkId = 0;
  beforeEach(async () => {
    await ctx.db.delete(paymentEvents);
    await ctx.db.delete(paymentReversals);
    await ctx.db.delete(heldPayments);
    await ctx.db.delete(registrants);
    // The ledger refuses deletes except when its share link goes: a fresh link each test.
    await ctx.db.delete(shareLinks).where(sql`${shareLinks.code} like 'test-%'`);
    const [july] = await ctx.db.update(editions).set({ commissionRateBp: 1000 }).where(eq(editions.slug, 'july')).returning();
    editionId = july!.id;
    const [link] = await ctx.db.insert(shareLinks).values({ editionId, name: 'Pat Partner', code: 'test-pat', partner: true }).returning();
    linkId = link!.id;
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
    metadata: { pass: 'aap', edition: 'july', affiliate: 'test-pat' },
    payment_status: 'paid',
    amount_total: 20000,
    total_details: { amount_tax: 2000 },
    currency: 'usd',
    payment_intent: 'pi_1',
    ...extra,
  });
  const refund = (amountRefunded: number) => ({
    id: 'ch_1',
    object: 'charge',
    payment_intent: 'pi_1',
    amount: 20000,
    amount_refunded: amountRefunded,
    refunded: amountRefunded >= 20000,
  });
  const dispute = (status: string) => ({ id: 'dp_1', object: 'dispute', charge: 'ch_1', payment_intent: 'pi_1', status });
  async function register(email = 'ivy@example.com') {
    const outcome = await registerAttendee({ db: ctx.db, editionSlug: 'july', input: { firstName: 'Ivy', email, consent: true } });
    if (outcome.status !== 'created') throw new Error('not created');
    return outcome.registrantId;
  }
  const ledger = () =>
    ctx.db
      .select({ cause: commissionEntries.cause, amount: commissionEntries.amount, shareLinkId: commissionEntries.shareLinkId })
      .from(commissionEntries)
      .where(eq(commissionEntries.shareLinkId, linkId))
      .orderBy(commissionEntries.id);
  const tierOf = async (id: number) => (await ctx.db.select().from(registrants).where(eq(registrants.id, id)))[0]?.tier;
  const sum = (rows: { amount: number }[]) => rows.reduce((total, row) => total + row.amount, 0);

  it('credits the checkout’s affiliate at the edition’s rate on the amount less tax, pending for the hold', async () => {
    const id = await register();
    expect(await send('evt_buy', 'checkout.session.completed', session(id))).toMatchObject({ result: 'granted' });
    const [row] = await ctx.db.select().from(commissionEntries).where(eq(commissionEntries.shareLinkId, linkId));
    // 10% of (200.00 − 20.00 tax).
    expect(row).toMatchObject({
      cause: 'purchase',
      amount: 1800,
      currency: 'usd',
      editionId,
      causeKey: expect.stringMatching(/^purchase:\d+$/),
    });
    expect(row!.approvesAt?.toISOString()).toBe(HOLD_ENDS.toISOString());
    const [purchase] = await ctx.db.select().from(purchases).where(eq(purchases.registrantId, id));
    expect(purchase).toMatchObject({ affiliateLinkId: linkId, tax: 2000, refunded: 0, amount: 20000 });
  });

  it('credits the registration’s source when the checkout names no affiliate, at the affiliate’s own rate', async () => {
    const id = await register();
    await ctx.db.insert(registrationSources).values({ registrantId: id, shareLinkId: linkId });
    await ctx.db.update(shareLinks).set({ commissionRateBp: 2500 }).where(eq(shareLinks.id, linkId));
    await send('evt_buy', 'checkout.session.completed', session(id, { metadata: { pass: 'aap', edition: 'july' } }));
    expect(await ledger()).toEqual([{ cause: 'purchase', amount: 4500, shareLinkId: linkId }]);
  });

  it('an unknown affiliate code still grants the pass, credits the registration’s source and says so', async () => {
    const id = await register();
    await ctx.db.insert(registrationSources).values({ registrantId: id, shareLinkId: linkId });
    const outcome = await send('evt_buy', 'checkout.session.completed', session(id, { metadata: { pass: 'aap', affiliate: 'nobody' } }));
    expect(outcome).toMatchObject({ result: 'granted' });
    expect(await ledger()).toEqual([{ cause: 'purchase', amount: 1800, shareLinkId: linkId }]);
    const [line] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'purchases'), eq(auditLog.action, 'create')))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(line?.summary).toContain('affiliate code "nobody" is no share link of the edition');
  });

  it('no affiliate, or a rate of 0: the pass is granted and nothing is booked', async () => {
    const id = await register();
    await ctx.db.update(editions).set({ commissionRateBp: 0 }).where(eq(editions.id, editionId));
    await send('evt_buy', 'checkout.session.completed', session(id));
    expect(await ledger()).toEqual([]);
    expect(await tierOf(id)).toBe('aap');
  });

  it('refunds 30% then 100%: two cumulative rows, the pass taken back only at 100%', async () => {
    const id = await register();
    await send('evt_buy', 'checkout.session.completed', session(id));
    expect(await send('evt_r30', 'charge.refunded', refund(6000))).toMatchObject({ result: 'refunded-in-part' });
    expect(await tierOf(id)).toBe('aap');
    expect(await send('evt_r100', 'charge.refunded', refund(20000))).toMatchObject({ result: 'taken-back', registrants: [id] });
    expect(await tierOf(id)).toBe('free');
    expect((await ledger()).map((row) => [row.cause, row.amount])).toEqual([
      ['purchase', 1800],
      ['refund', -540],
      ['refund', -1260],
    ]);
    const [purchase] = await ctx.db.select().from(purchases).where(eq(purchases.registrantId, id));
    expect(purchase).toMatchObject({ refunded: 20000, status: 'refunded' });
  });

  it('the same refund twice, again under a new event id, and a smaller total late: one row', async () => {
    const id = await register();
    await send('evt_buy', 'checkout.session.completed', session(id));
    await send('evt_r50', 'charge.refunded', refund(10000));
    expect(await send('evt_r50', 'charge.refunded', refund(10000))).toEqual({ result: 'duplicate' });
    await send('evt_r50_again', 'charge.refunded', refund(10000));
    await send('evt_r30_late', 'charge.refunded', refund(6000));
    expect((await ledger()).map((row) => [row.cause, row.amount])).toEqual([
      ['purchase', 1800],
      ['refund', -900],
    ]);
  });

  it('a refund before its checkout: the pass is granted and the commission comes out reversed as far', async () => {
    const id = await register();
    await send('evt_r30_first', 'charge.refunded', refund(6000));
    expect(await send('evt_buy_late', 'checkout.session.completed', session(id))).toMatchObject({ result: 'granted' });
    expect(await tierOf(id)).toBe('aap');
    expect((await ledger()).map((row) => [row.cause, row.amount])).toEqual([
      ['purchase', 1800],
      ['refund', -540],
    ]);
    // The same total when the charge's event is delivered again after the checkout: nothing more.
    await send('evt_r30_again', 'charge.refunded', refund(6000));
    expect(await ledger()).toHaveLength(2);
  });

  it('a whole refund before its checkout: recorded as refunded, the commission reversed in whole', async () => {
    const id = await register();
    await send('evt_r100_first', 'charge.refunded', refund(20000));
    expect(await send('evt_buy_late', 'checkout.session.completed', session(id))).toMatchObject({ result: 'already-taken-back' });
    expect(await tierOf(id)).toBe('free');
    expect(sum(await ledger())).toBe(0);
  });

  it('a refund after a payout leaves the affiliate owing it back', async () => {
    const id = await register();
    await send('evt_buy', 'checkout.session.completed', session(id));
    await ctx.db.insert(commissionEntries).values({
      editionId,
      shareLinkId: linkId,
      cause: 'payout',
      amount: 1800,
      currency: 'usd',
      causeKey: `payout:test:${linkId}`,
      reference: 'bank transfer 42',
      occurredAt: HOLD_ENDS,
    });
    await send('evt_r100', 'charge.refunded', refund(20000));
    const rows = await ledger();
    const earned = sum(rows.filter((row) => row.cause !== 'payout'));
    const paid = sum(rows.filter((row) => row.cause === 'payout'));
    expect(earned).toBe(0);
    // Net of what was earned and what was paid: negative, the amount owed back.
    expect(earned - paid).toBe(-1800);
  });

  it('a dispute reverses what remains; won, it is given back with the pass', async () => {
    const id = await register();
    await send('evt_buy', 'checkout.session.completed', session(id));
    await send('evt_r30', 'charge.refunded', refund(6000));
    await send('evt_dispute', 'charge.dispute.created', dispute('needs_response'));
    expect(await tierOf(id)).toBe('free');
    expect(await send('evt_won', 'charge.dispute.closed', dispute('won'))).toMatchObject({ result: 'restored' });
    expect(await tierOf(id)).toBe('aap');
    expect((await ledger()).map((row) => [row.cause, row.amount])).toEqual([
      ['purchase', 1800],
      ['refund', -540],
      ['dispute', -1260],
      ['dispute-won', 1260],
    ]);
    // A late "created" under a new id books nothing more.
    await send('evt_dispute_again', 'charge.dispute.created', dispute('needs_response'));
    expect(await ledger()).toHaveLength(4);
  });

  it('a dispute lost changes nothing more: the commission stays reversed and the pass taken back', async () => {
    const id = await register();
    await send('evt_buy', 'checkout.session.completed', session(id));
    await send('evt_dispute', 'charge.dispute.created', dispute('needs_response'));
    expect(await send('evt_lost', 'charge.dispute.closed', dispute('lost'))).toMatchObject({ result: 'dispute-lost' });
    expect(await tierOf(id)).toBe('free');
    expect((await ledger()).map((row) => [row.cause, row.amount])).toEqual([
      ['purchase', 1800],
      ['dispute', -1800],
    ]);
  });

  it('a dispute won before we heard it open: one reversal and its return, however late "created" comes', async () => {
    const id = await register();
    await send('evt_buy', 'checkout.session.completed', session(id));
    await send('evt_won_first', 'charge.dispute.closed', dispute('won'));
    await send('evt_created_late', 'charge.dispute.created', dispute('needs_response'));
    expect((await ledger()).map((row) => [row.cause, row.amount])).toEqual([
      ['purchase', 1800],
      ['dispute', -1800],
      ['dispute-won', 1800],
    ]);
  });

  it('a payment in another currency is held: no pass, no registration, nothing booked, and the audit says why', async () => {
    const outcome = await send(
      'evt_eur',
      'checkout.session.completed',
      session(0, { client_reference_id: null, customer_details: { email: 'euro@example.com' }, currency: 'eur' }),
    );
    expect(outcome).toEqual({ result: 'held', why: 'paid in EUR but the edition sells in USD' });
    expect(await ctx.db.select().from(registrants).where(eq(registrants.email, 'euro@example.com'))).toEqual([]);
    expect(await ctx.db.select().from(purchases).where(eq(purchases.paymentRef, 'pi_1'))).toEqual([]);
    expect(await ledger()).toEqual([]);
    const [held] = await ctx.db.select().from(heldPayments);
    expect(held).toMatchObject({ currency: 'eur', amount: 20000, paymentRef: 'pi_1' });
    const [line] = await ctx.db.select().from(auditLog).where(eq(auditLog.entityType, 'held-payments')).orderBy(desc(auditLog.id)).limit(1);
    expect(line?.summary).toContain('€200.00');
    expect(line?.summary).toContain('paid in EUR but the edition sells in USD');
  });

  it('a held payment in another currency, assigned by the admin, grants the pass but books no commission', async () => {
    const id = await register();
    await send('evt_eur', 'checkout.session.completed', session(id, { currency: 'eur' }));
    const [held] = await ctx.db.select().from(heldPayments);
    const [admin] = await ctx.db
      .insert(adminUsers)
      .values({ email: `held-${Date.now()}@example.com`, passwordHash: 'x' })
      .returning();
    const form = new FormData();
    form.set('id', String(held!.id));
    form.set('edition', 'july');
    form.set('email', 'ivy@example.com');
    const who = { id: admin!.id, email: admin!.email, phone: null };
    expect(await assignHeldPayment({ handle: ctx.handle, admin: who, form, now: NOW })).toMatchObject({ ok: true });
    expect(await tierOf(id)).toBe('aap');
    expect(await ledger()).toEqual([]);
  });

  it('a sale reported through the API is credited by the registration’s source, and its revoke reverses it', async () => {
    const id = await register();
    await ctx.db.insert(registrationSources).values({ registrantId: id, shareLinkId: linkId });
    const report = (type: string, change: PaymentChange) =>
      applyPaymentChange({ db: ctx.db, event: { id: `api:1:${type}`, type, object: null }, change, now: NOW, actor: 'API token #1' });
    const sale = { registrantId: id, email: null, name: null, edition: null, amount: 10000, currency: 'usd', paymentRef: 'ext_1' };
    expect(await report('api.pass.granted', { kind: 'grant', pass: 'replay', ...sale })).toMatchObject({ result: 'granted' });
    expect(await report('api.pass.revoked', { kind: 'take-back', reason: 'refunded', paymentRefs: ['ext_1'] })).toMatchObject({
      result: 'taken-back',
      registrants: [id],
    });
    expect((await ledger()).map((row) => [row.cause, row.amount])).toEqual([
      ['purchase', 1000],
      ['refund', -1000],
    ]);
  });

  it('an unknown pass in the metadata grants and books nothing', async () => {
    const id = await register();
    const outcome = await send(
      'evt_gold',
      'checkout.session.completed',
      session(id, { metadata: { pass: 'gold', affiliate: 'test-pat' } }),
    );
    expect(outcome).toEqual({ result: 'ignored', why: 'the checkout is not for a pass (metadata.pass)' });
    expect(await tierOf(id)).toBe('free');
    expect(await ledger()).toEqual([]);
  });

  it('the Affiliates screen’s payouts CSV sums what the webhook booked: pending in the hold, approved after', async () => {
    const id = await register();
    await send('evt_buy', 'checkout.session.completed', session(id));
    await send('evt_r30', 'charge.refunded', refund(6000));
    const edition = await readEdition(ctx.db, 'july', { fresh: true });
    const line = async (now: Date) => {
      const csv = await payoutsCsv(ctx.db, { edition: edition!, now });
      return csv.split(/\r?\n/).find((row) => row.startsWith('test-pat,'));
    };
    expect(await line(NOW)).toMatch(/^test-pat,Pat Partner,,1,[\d.]+,12\.60,0\.00,0\.00,0\.00,USD$/);
    expect(await line(new Date(HOLD_ENDS.getTime() + 1000))).toMatch(/,0\.00,12\.60,0\.00,0\.00,USD$/);
  });

  it('the ledger refuses to be rewritten: an update of a row fails and the row stays', async () => {
    const id = await register();
    await send('evt_buy', 'checkout.session.completed', session(id));
    await expect(
      ctx.db.update(commissionEntries).set({ amount: 999_999 }).where(eq(commissionEntries.shareLinkId, linkId)),
    ).rejects.toThrow();
    await expect(ctx.db.delete(commissionEntries).where(eq(commissionEntries.shareLinkId, linkId))).rejects.toThrow();
    expect(await ledger()).toEqual([{ cause: 'purchase', amount: 1800, shareLinkId: linkId }]);
  });
});
