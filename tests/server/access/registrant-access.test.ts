/**
 * Personal keys, registrant windows and the payment webhook against the real database (PGlite,
 * and Postgres when TEST_DATABASE_URL is set). Events are signed exactly as Stripe signs them.
 */
import Stripe from 'stripe';
import { and, count, eq, like } from 'drizzle-orm';
import { beforeEach, expect, it } from 'vitest';
import { auditLog, editionMessages, mailOutbox, paymentEvents, purchases, registrants } from '../../../src/server/db/schema.ts';
import { registerAttendee } from '../../../src/server/registrants/register.ts';
import { currentKey, forgetSignedInRegistrants, registrantByKey } from '../../../src/server/access/registrant-session.ts';
import { announceAccessChange } from '../../../src/server/access/access-events.ts';
import { handleRegistrantAccessAction } from '../../../src/server/registrants/registrant-access-screen.ts';
import { upsertAdmin } from '../../../src/server/auth/accounts.ts';
import { parseIdentifier } from '../../../src/domain/sign-in.ts';
import {
  registrantFirstVisit,
  resetRegistrantWindow,
  extendRegistrantWindow,
  forgetRememberedVisits,
} from '../../../src/server/access/visits.ts';
import { applyPaymentEvent, verifyEvent, SignatureError } from '../../../src/server/payments/incoming-events.ts';
import { registrantReference } from '../../../src/domain/access/checkout.ts';
import { composeBatch } from '../../../src/server/mail/compose.ts';
import { ensureDefaultMessages } from '../../../src/server/editions/edition-messages.ts';
import { describeEachDatabase, useTestDatabase } from '../../support/databases.ts';

const SITE = { siteUrl: 'http://localhost:4321' };
const SECRET = 'whsec_test_secret_for_the_summit';
const NOW = new Date('2025-07-15T10:00:00Z');

function signed(event: object, secret = SECRET) {
  const payload = JSON.stringify(event);
  return { raw: Buffer.from(payload), header: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
}

const checkout = (id: string, object: Record<string, unknown>) => ({
  id,
  object: 'event',
  type: 'checkout.session.completed',
  data: {
    object: {
      id: `cs_${id}`,
      object: 'checkout.session',
      payment_status: 'paid',
      amount_total: 19700,
      currency: 'usd',
      payment_intent: `pi_${id}`,
      ...object,
    },
  },
});

describeEachDatabase('registrant access', (database) => {
  const ctx = useTestDatabase(database, { seed: true });
  beforeEach(async () => {
    await ensureDefaultMessages(ctx.db);
    await ctx.db.delete(paymentEvents);
    await ctx.db.delete(registrants);
    await ctx.db.delete(mailOutbox);
    forgetRememberedVisits();
    forgetSignedInRegistrants();
  });

  async function register(email = 'ivy@example.com') {
    const outcome = await registerAttendee({
      db: ctx.db,
      editionSlug: 'july',
      input: { firstName: 'Ivy', email, consent: true },
    });
    if (outcome.status !== 'created') throw new Error('not created');
    return outcome;
  }
  const tierOf = async (id: number) =>
    (await ctx.db.select({ tier: registrants.tier }).from(registrants).where(eq(registrants.id, id)))[0]?.tier;

  it('a key carries the registrant’s own time zone, given by their browser at registration, so their pages write times in it', async () => {
    const inParis = await registerAttendee({
      db: ctx.db,
      editionSlug: 'july',
      input: { firstName: 'Ivy', email: 'ivy.paris@example.com', consent: true },
      moment: { now: new Date(), timeZone: 'Europe/Paris' },
    });
    const unknown = await register('ivy.nowhere@example.com');
    if (inParis.status !== 'created') throw new Error('not created');
    expect(await registrantByKey(ctx.db, inParis.key)).toMatchObject({ id: inParis.registrantId, timeZone: 'Europe/Paris' });
    expect(await registrantByKey(ctx.db, unknown.key)).toMatchObject({ id: unknown.registrantId, timeZone: null });
  });

  it('a key opens its registrant; a tampered, unknown, re-issued or revoked key opens nothing', async () => {
    const { registrantId, key } = await register();
    expect(await registrantByKey(ctx.db, key)).toMatchObject({ id: registrantId, editionSlug: 'july', tier: 'free' });
    const tampered = key.slice(0, -1) + (key.endsWith('A') ? 'B' : 'A');
    expect(await registrantByKey(ctx.db, tampered)).toBeNull();
    expect(await registrantByKey(ctx.db, `${registrantId + 999}-${key.split('-').slice(1).join('-')}`)).toBeNull();
    expect(await registrantByKey(ctx.db, 'not-a-key')).toBeNull();

    // Written straight to the database (as another process would), then announced as the admin's re-issue is.
    await ctx.db.update(registrants).set({ keyVersion: 2 }).where(eq(registrants.id, registrantId));
    await announceAccessChange(ctx.handle);
    expect(await registrantByKey(ctx.db, key)).toBeNull();
    const reissued = await currentKey(ctx.db, registrantId);
    expect(reissued).not.toBe(key);
    expect(await registrantByKey(ctx.db, reissued!)).toMatchObject({ id: registrantId });

    await ctx.db.update(registrants).set({ keyRevokedAt: NOW }).where(eq(registrants.id, registrantId));
    await announceAccessChange(ctx.handle);
    expect(await registrantByKey(ctx.db, reissued!)).toBeNull();
    expect(await currentKey(ctx.db, registrantId)).toBeNull();
  });

  it('a returning key is answered from memory until an access change is announced', async () => {
    const { registrantId, key } = await register();
    expect(await registrantByKey(ctx.db, key)).toMatchObject({ id: registrantId, tier: 'free' });
    // Another process grants a pass: until it is announced, this process answers what it remembers, reading no row.
    await ctx.db.update(registrants).set({ tier: 'aap' }).where(eq(registrants.id, registrantId));
    expect(await registrantByKey(ctx.db, key)).toMatchObject({ tier: 'free' });
    await announceAccessChange(ctx.handle);
    expect(await registrantByKey(ctx.db, key)).toMatchObject({ tier: 'aap' });
    // A signed payment event is announced by the webhook route; here the revoke by the admin's action.
    const form = new FormData();
    form.set('action', 'revoke');
    const { id: adminId } = await upsertAdmin(ctx.db, parseIdentifier('access.admin@example.com')!, 'a long enough password');
    const admin = { id: adminId, email: 'access.admin@example.com', phone: null };
    const edition = { id: (await registrantByKey(ctx.db, key))!.editionId, slug: 'july' };
    expect((await handleRegistrantAccessAction({ handle: ctx.handle, admin, edition, id: registrantId, form })).ok).toBe(true);
    expect(await registrantByKey(ctx.db, key)).toBeNull();
  });

  it('a registrant’s first visit is kept across devices; extend and reset move it', async () => {
    const { registrantId } = await register();
    const first = await registrantFirstVisit({ db: ctx.db, registrantId, pageType: 'july_day1', now: NOW });
    forgetRememberedVisits();
    const later = await registrantFirstVisit({ db: ctx.db, registrantId, pageType: 'july_day1', now: new Date(NOW.getTime() + 3600_000) });
    expect(later.getTime()).toBe(first.getTime());

    expect(await extendRegistrantWindow(ctx.db, { registrantId, pageType: 'july_day1' }, 24)).toBe(true);
    forgetRememberedVisits();
    expect((await registrantFirstVisit({ db: ctx.db, registrantId, pageType: 'july_day1', now: NOW })).getTime()).toBe(
      NOW.getTime() + 24 * 3600_000,
    );
    expect(await resetRegistrantWindow(ctx.db, { registrantId, pageType: 'july_day1' })).toBe(true);
    forgetRememberedVisits();
    const fresh = new Date(NOW.getTime() + 5 * 3600_000);
    expect((await registrantFirstVisit({ db: ctx.db, registrantId, pageType: 'july_day1', now: fresh })).getTime()).toBe(fresh.getTime());
  });

  it('verifies the signature over the exact bytes, and refuses a wrong or missing one', () => {
    const { raw, header } = signed(checkout('evt_1', {}));
    expect(verifyEvent(raw, header, SECRET)).toMatchObject({ id: 'evt_1', type: 'checkout.session.completed' });
    expect(() => verifyEvent(raw, header, 'whsec_another')).toThrow(SignatureError);
    expect(() => verifyEvent(Buffer.from(raw.toString().replace('19700', '1')), header, SECRET)).toThrow(SignatureError);
    expect(() => verifyEvent(raw, null, SECRET)).toThrow(SignatureError);
    expect(() => verifyEvent(raw, 't=1,v1=deadbeef', SECRET)).toThrow(SignatureError);
  });

  it('a checkout grants the pass by reference once; the refund takes it back', async () => {
    const { registrantId } = await register();
    const event = verifyEvent(
      ...(Object.values(
        signed(checkout('evt_buy', { client_reference_id: registrantReference(registrantId), metadata: { pass: 'aap' } })),
      ) as [Buffer, string]),
      SECRET,
    );
    expect(await applyPaymentEvent(ctx.db, event, NOW)).toEqual({ result: 'granted', registrantId, tier: 'aap' });
    expect(await applyPaymentEvent(ctx.db, event, NOW)).toEqual({ result: 'duplicate' });
    expect(await tierOf(registrantId)).toBe('aap');
    const rows = await ctx.db.select().from(purchases).where(eq(purchases.registrantId, registrantId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      pass: 'aap',
      amount: 19700,
      currency: 'usd',
      providerEventId: 'evt_buy',
      paymentRef: 'pi_evt_buy',
      status: 'active',
    });
    // The edition's pass confirmation is queued once (beside the receipt), and rendered when sent with the pass and the personal links.
    const forPurchase = await ctx.db
      .select({ outbox: mailOutbox, key: editionMessages.key })
      .from(mailOutbox)
      .innerJoin(editionMessages, eq(editionMessages.id, mailOutbox.editionMessageId))
      .where(and(eq(mailOutbox.to, 'ivy@example.com'), like(mailOutbox.dedupeKey, '%:purchase:%')));
    expect(forPurchase.map((row) => row.key).sort()).toEqual(['pass-confirmation', 'payment-receipt']);
    const queued = forPurchase.filter((row) => row.key === 'pass-confirmation').map((row) => row.outbox);
    const composed = (await composeBatch({ db: ctx.db, rows: queued, siteUrl: SITE.siteUrl, now: NOW })).get(queued[0]!.id);
    expect(composed?.kind).toBe('mail');
    const mail = composed?.kind === 'mail' ? composed.mail : null;
    expect(mail?.subject).toContain('Your pass for');
    expect(mail?.text).toContain('your Sovereign Pathway All Access Pass is active');
    expect(mail?.text).toContain(`${SITE.siteUrl}/access/`);
    expect(mail?.text).toContain(`${SITE.siteUrl}/feed/`);
    const [audit] = await ctx.db.select({ n: count() }).from(auditLog).where(eq(auditLog.actorLabel, 'Payment provider'));
    expect(audit?.n).toBeGreaterThan(0);

    const refund = {
      id: 'evt_refund',
      object: 'event',
      type: 'charge.refunded',
      data: { object: { id: 'ch_1', object: 'charge', payment_intent: 'pi_evt_buy', refunded: true } },
    };
    const { raw, header } = signed(refund);
    expect(await applyPaymentEvent(ctx.db, verifyEvent(raw, header, SECRET), NOW)).toEqual({
      result: 'taken-back',
      registrants: [registrantId],
    });
    expect(await tierOf(registrantId)).toBe('free');
    expect((await ctx.db.select().from(purchases).where(eq(purchases.registrantId, registrantId)))[0]?.status).toBe('refunded');
  });

  it('a dispute takes back only that payment’s pass; another pass stays', async () => {
    const { registrantId } = await register();
    const buy = (id: string, pass: string) => {
      const { raw, header } = signed(checkout(id, { client_reference_id: registrantReference(registrantId), metadata: { pass } }));
      return applyPaymentEvent(ctx.db, verifyEvent(raw, header, SECRET), NOW);
    };
    await buy('evt_replay', 'replay');
    await buy('evt_aap', 'aap');
    const dispute = {
      id: 'evt_dispute',
      object: 'event',
      type: 'charge.dispute.created',
      data: { object: { id: 'dp_1', object: 'dispute', charge: 'ch_9', payment_intent: 'pi_evt_aap' } },
    };
    const { raw, header } = signed(dispute);
    await applyPaymentEvent(ctx.db, verifyEvent(raw, header, SECRET), NOW);
    expect(await tierOf(registrantId)).toBe('replay');
  });

  it('matches an unknown reference by e-mail, and creates the registrant for an unknown buyer', async () => {
    const { registrantId } = await register('known@example.com');
    const byEmail = signed(checkout('evt_mail', { customer_details: { email: 'Known@Example.com' }, metadata: { pass: 'replay' } }));
    expect(await applyPaymentEvent(ctx.db, verifyEvent(byEmail.raw, byEmail.header, SECRET), NOW)).toMatchObject({
      result: 'granted',
      registrantId,
      tier: 'replay',
    });

    const stranger = signed(
      checkout('evt_new', { customer_details: { email: 'new@example.com', name: 'Rowan Ash' }, metadata: { pass: 'aap' } }),
    );
    const outcome = await applyPaymentEvent(ctx.db, verifyEvent(stranger.raw, stranger.header, SECRET), NOW);
    expect(outcome).toMatchObject({ result: 'granted', tier: 'aap' });
    const [created] = await ctx.db.select().from(registrants).where(eq(registrants.email, 'new@example.com'));
    expect(created).toMatchObject({ firstName: 'Rowan', tier: 'aap' });
  });

  it('acknowledges and ignores other event types and checkouts without a pass', async () => {
    const other = signed({ id: 'evt_other', object: 'event', type: 'customer.created', data: { object: { id: 'cus_1' } } });
    expect(await applyPaymentEvent(ctx.db, verifyEvent(other.raw, other.header, SECRET), NOW)).toMatchObject({ result: 'ignored' });
    const noPass = signed(checkout('evt_nopass', { customer_details: { email: 'x@example.com' } }));
    expect(await applyPaymentEvent(ctx.db, verifyEvent(noPass.raw, noPass.header, SECRET), NOW)).toMatchObject({ result: 'ignored' });
    const [n] = await ctx.db.select({ n: count() }).from(purchases);
    expect(n?.n).toBe(0);
  });
});
