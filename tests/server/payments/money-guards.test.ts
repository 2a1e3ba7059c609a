/**
 * Payments that must not grant or pay as they came (docs/decisions/0069), each sent as the
 * provider signs it through the real webhook handler, against the real database:
 * - a checkout for one edition naming (client_reference_id) a registrant of another is held;
 * - a paid checkout for a negative amount, or 0 while "paid", is held; a 100% discount
 *   (no_payment_required at 0) grants the pass and books nothing;
 * - a partner buying through their own share link earns no commission on it ("own purchase").
 */
import Stripe from 'stripe';
import { and, desc, eq, sql } from 'drizzle-orm';
import { beforeEach, expect, it } from 'vitest';
import {
  auditLog,
  commissionEntries,
  editions,
  heldPayments,
  paymentEvents,
  paymentReversals,
  purchases,
  registrants,
  shareLinks,
} from '../../../src/server/db/schema.ts';
import { registerAttendee } from '../../../src/server/registrants/register.ts';
import { heldPaymentRows, listHeldPayments } from '../../../src/server/payments/held-payments.ts';
import { applyPaymentEvent, verifyEvent } from '../../../src/server/payments/incoming-events.ts';
import { editionAffiliates } from '../../../src/server/affiliates/affiliate-figures.ts';
import { readEdition } from '../../../src/server/editions/read-edition.ts';
import { registrantReference } from '../../../src/domain/access/checkout.ts';
import { describeEachDatabase, useTestDatabase } from '../../support/databases.ts';

const SECRET = 'whsec_test_secret_for_the_money_guards';
const NOW = new Date('2025-07-15T10:00:00Z');

describeEachDatabase('payments held or unpaid as they came', (database) => {
  const ctx = useTestDatabase(database, { seed: true });
  let linkId = 0;
  beforeEach(async () => {
    await ctx.db.delete(paymentEvents);
    await ctx.db.delete(paymentReversals);
    await ctx.db.delete(heldPayments);
    await ctx.db.delete(registrants);
    // The ledger refuses deletes except when its share link goes: a fresh link each test.
    await ctx.db.delete(shareLinks).where(sql`${shareLinks.code} like 'test-%'`);
    const [july] = await ctx.db.update(editions).set({ commissionRateBp: 2000 }).where(eq(editions.slug, 'july')).returning();
    const [link] = await ctx.db
      .insert(shareLinks)
      .values({ editionId: july!.id, name: 'Pat Partner', code: 'test-pat', partner: true, email: 'Pat.Partner@Example.com ' })
      .returning();
    linkId = link!.id;
  });

  const send = (id: string, object: Record<string, unknown>) => {
    const payload = JSON.stringify({ id, object: 'event', type: 'checkout.session.completed', data: { object } });
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET });
    return applyPaymentEvent(ctx.db, verifyEvent(Buffer.from(payload), header, SECRET), NOW);
  };
  const session = (extra: Record<string, unknown> = {}) => ({
    id: 'cs_1',
    object: 'checkout.session',
    metadata: { pass: 'aap', edition: 'july' },
    payment_status: 'paid',
    amount_total: 19700,
    currency: 'usd',
    payment_intent: 'pi_1',
    ...extra,
  });
  async function register(edition: string, email: string) {
    const outcome = await registerAttendee({ db: ctx.db, editionSlug: edition, input: { firstName: 'Ivy', email, consent: true } });
    if (outcome.status !== 'created') throw new Error('not created');
    return outcome.registrantId;
  }
  const tierOf = async (id: number) => (await ctx.db.select().from(registrants).where(eq(registrants.id, id)))[0]?.tier;
  const commissions = () => ctx.db.select().from(commissionEntries).where(eq(commissionEntries.shareLinkId, linkId));
  const heldReasons = async () => (await heldPaymentRows(ctx.db, await listHeldPayments(ctx.db))).map((row) => row.reason);

  it('a July checkout naming an August registrant is held with its reason, never granted', async () => {
    const august = await register('august', 'aug@example.com');
    const outcome = await send('evt_cross', session({ client_reference_id: registrantReference(august) }));
    expect(outcome).toMatchObject({ result: 'held', why: expect.stringContaining('edition "july"') });
    expect(await tierOf(august)).toBe('free');
    expect(await ctx.db.select().from(purchases).where(eq(purchases.registrantId, august))).toEqual([]);
    expect(await heldReasons()).toEqual([expect.stringContaining('registered in "august"')]);
  });

  it('a checkout naming an edition the e-mail’s registrant is not in is held, never granted to that registrant', async () => {
    const august = await register('august', 'aug@example.com');
    // "october" is no edition here: before, the address was then looked up in every edition and found in August.
    const outcome = await send(
      'evt_cross_mail',
      session({ metadata: { pass: 'aap', edition: 'october' }, customer_details: { email: 'AUG@example.com' } }),
    );
    expect(outcome).toMatchObject({ result: 'held' });
    expect(await tierOf(august)).toBe('free');
    expect(await heldReasons()).toEqual([expect.stringContaining('registered in "august"')]);
  });

  it('a paid checkout for a negative amount is held with its reason: no pass, no purchase stored', async () => {
    const id = await register('july', 'ivy@example.com');
    const outcome = await send('evt_negative', session({ client_reference_id: registrantReference(id), amount_total: -19700 }));
    expect(outcome).toMatchObject({ result: 'held', why: expect.stringContaining('not above zero') });
    expect(await tierOf(id)).toBe('free');
    expect(await ctx.db.select().from(purchases)).toEqual([]);
    expect(await heldReasons()).toEqual([expect.stringContaining('not above zero')]);
  });

  it('a checkout "paid" at 0 is held; a 100% discount (no payment required) grants the pass and books nothing', async () => {
    const id = await register('july', 'ivy@example.com');
    const ref = registrantReference(id);
    expect(await send('evt_zero', session({ client_reference_id: ref, amount_total: 0 }))).toMatchObject({ result: 'held' });
    expect(await tierOf(id)).toBe('free');
    const free = await send(
      'evt_coupon',
      session({
        client_reference_id: ref,
        amount_total: 0,
        payment_status: 'no_payment_required',
        payment_intent: null,
        id: 'cs_2',
        metadata: { pass: 'aap', edition: 'july', affiliate: 'test-pat' },
      }),
    );
    expect(free).toMatchObject({ result: 'granted' });
    expect(await tierOf(id)).toBe('aap');
    expect(await commissions()).toEqual([]);
  });

  it('a partner buying with their own share code books no commission, and the Affiliates figures say "own purchase"', async () => {
    const own = await register('july', 'pat.partner@example.com');
    const outcome = await send(
      'evt_self',
      session({ client_reference_id: registrantReference(own), metadata: { pass: 'aap', edition: 'july', affiliate: 'test-pat' } }),
    );
    expect(outcome).toMatchObject({ result: 'granted' });
    expect(await tierOf(own)).toBe('aap');
    // Before: 39.40 pending on 197 at 20%.
    expect(await commissions()).toEqual([]);
    const [purchase] = await ctx.db.select().from(purchases).where(eq(purchases.registrantId, own));
    expect(purchase).toMatchObject({ commissionWithheld: 'own-purchase' });
    const edition = (await readEdition(ctx.db, 'july', { fresh: true }))!;
    const figures = (await editionAffiliates(ctx.db, { edition, now: NOW })).affiliates.find((row) => row.linkId === linkId);
    expect(figures).toMatchObject({ ownPurchases: 1, balances: expect.objectContaining({ pending: 0 }) });
    const [line] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'purchases')))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(line?.summary).toContain('own purchase');
  });

  it('own purchase by another address: the checkout names the partner’s own registration; and by the address alone', async () => {
    const own = await register('july', 'pat.partner@example.com');
    await send(
      'evt_self_ref',
      session({
        client_reference_id: registrantReference(own),
        customer_details: { email: 'someone.else@example.com' },
        metadata: { pass: 'aap', edition: 'july', affiliate: 'test-pat' },
      }),
    );
    expect(await commissions()).toEqual([]);
    await send(
      'evt_self_mail',
      session({
        payment_intent: 'pi_2',
        customer_details: { email: ' PAT.PARTNER@EXAMPLE.COM' },
        metadata: { pass: 'replay', edition: 'july', affiliate: 'test-pat' },
      }),
    );
    expect(await commissions()).toEqual([]);
    // Someone else buying through the same link still earns the partner 20% of 197.
    const friend = await register('july', 'friend@example.com');
    await send(
      'evt_friend',
      session({
        payment_intent: 'pi_3',
        client_reference_id: registrantReference(friend),
        metadata: { pass: 'aap', edition: 'july', affiliate: 'test-pat' },
      }),
    );
    expect((await commissions()).map((row) => row.amount)).toEqual([3940]);
  });
});
