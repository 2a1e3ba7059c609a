import { startFresh } from './support/fresh-state.ts';
import { eq, sql } from 'drizzle-orm';
import { beforeEach, expect, it } from 'vitest';
import { editions, webhookAttempts, webhookDeliveries, webhookEndpoints, webhookEvents } from '../../../src/server/db/schema.ts';
import { registerAttendee } from '../../../src/server/registrants/register.ts';
import { deliverDueWebhooks } from '../../../src/server/webhooks/deliver.ts';
import { createEndpoint, deliveryLog, rotateSecret, setPaused } from '../../../src/server/webhooks/endpoints.ts';
import { describeEachDatabase, useTestDatabase } from '../../support/databases.ts';
import { status, useReceiver } from './receiver.ts';

const HOUR = 3600_000;

describeEachDatabase('webhooks out', (database) => {
  const ctx = useTestDatabase(database, { seed: true });
  const receiver = useReceiver();
  beforeEach(async () => {
    await startFresh(ctx.db, receiver);
  });

  const endpoint = async (path: string, events = ['registration.created'], editionId = '') => {
    const made = await createEndpoint(ctx.db, { url: receiver.url(path), events, editionId }, { allowPrivate: true });
    if (!made.ok) throw new Error(JSON.stringify(made.errors));
    receiver.state.secrets.push(made.secret);
    return made;
  };
  const register = (email: string, consent = false) =>
    registerAttendee({ db: ctx.db, editionSlug: 'august', input: { firstName: 'Ivy', email, consent } });
  const deliver = (now = new Date()) => deliverDueWebhooks({ db: ctx.db, allowPrivate: true, now });

  it('sends registration.created signed so that standardwebhooks verifies it, with what a receiver needs and no key', async () => {
    await endpoint('/hook');
    const outcome = await register('ivy@example.com', true);
    expect(await deliver()).toEqual({ claimed: 1, delivered: 1 });
    expect(await deliver()).toEqual({ claimed: 0, delivered: 0 });
    const [got] = receiver.state.received;
    expect(got?.verified).toEqual([true]);
    expect(got?.id).toMatch(/^msg_\d+$/);
    expect(got?.body).toMatchObject({
      type: 'registration.created',
      data: {
        registrantId: (outcome as { registrantId: number }).registrantId,
        editionSlug: 'august',
        email: 'ivy@example.com',
        firstName: 'Ivy',
        consent: { marketing: true },
        source: { shareLinkCode: null, utmSource: null },
      },
    });
    expect(JSON.stringify(got?.body)).not.toContain((outcome as { key: string }).key);
    const [delivery] = await ctx.db.select().from(webhookDeliveries);
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 1 });
  });

  it('writes nothing when no endpoint wants the event, and sends an endpoint only its own edition’s', async () => {
    await register('nobody@example.com');
    expect(await ctx.db.select().from(webhookEvents)).toEqual([]);
    const [august] = await ctx.db.select({ id: editions.id }).from(editions).where(eq(editions.slug, 'august'));
    const other = await ctx.db.execute(sql`
      insert into editions (slug, name, summit_start_date, summit_end_date, timezone, settings)
      select 'webhook-other', name, summit_start_date, summit_end_date, timezone, settings from editions where slug = 'august'
      returning id`);
    const otherId = (other as unknown as { rows: { id: number }[] }).rows[0]!.id;
    await endpoint('/other', ['registration.created'], String(otherId));
    await endpoint('/august', ['registration.created'], String(august!.id));
    await endpoint('/unsubscribed-only', ['registrant.unsubscribed']);
    await register('ada@example.com');
    await deliver();
    expect(receiver.state.received.map((r) => r.path)).toEqual(['/august']);
    await ctx.db.execute(sql`delete from editions where slug = 'webhook-other'`);
  });

  it('retries a receiver that fails, then recovers, with the same webhook-id, until it has every event', async () => {
    await endpoint('/flaky');
    receiver.answer('/flaky', status(500), status(503), status(500), status(500));
    for (let i = 0; i < 3; i++) await register(`r${i}@example.com`);
    let now = new Date();
    for (let round = 0; round < 6; round++) {
      await deliver(now);
      now = new Date(now.getTime() + HOUR);
    }
    const ids = receiver.state.received.map((r) => r.id);
    expect(new Set(ids).size).toBe(3);
    expect(ids.length).toBe(7);
    expect(receiver.state.received.every((r) => r.verified[0])).toBe(true);
    const deliveries = await ctx.db.select().from(webhookDeliveries);
    expect(deliveries.every((d) => d.status === 'delivered')).toBe(true);
    const [row] = await ctx.db.select().from(webhookEndpoints);
    expect(row?.failuresInARow).toBe(0);
  });

  it('gives up a delivery only after three days of retries', async () => {
    await endpoint('/down');
    receiver.answer('/down', ...Array.from({ length: 40 }, () => status(500)));
    await register('late@example.com');
    let now = new Date();
    await deliver(now);
    now = new Date(now.getTime() + 71 * HOUR);
    await deliver(now);
    expect((await ctx.db.select().from(webhookDeliveries))[0]?.status).toBe('pending');
    now = new Date(now.getTime() + 2 * HOUR);
    await deliver(now);
    expect((await ctx.db.select().from(webhookDeliveries))[0]?.status).toBe('failed');
  });

  it('delivers each event once when two workers claim at the same time', async () => {
    await endpoint('/a');
    await endpoint('/b');
    for (let i = 0; i < 40; i++) await register(`p${i}@example.com`);
    const worker = async () => {
      while ((await deliver()).claimed > 0);
    };
    await Promise.all([worker(), worker()]);
    const seen = receiver.state.received.map((r) => `${r.path} ${r.id}`);
    expect(seen.length).toBe(80);
    expect(new Set(seen).size).toBe(80);
  });

  it('follows no redirect, and switches the endpoint off on a 410 with a reason for the admin', async () => {
    await endpoint('/moved');
    receiver.answer('/moved', status(302, { location: '/elsewhere' }), status(410));
    await register('moved@example.com');
    await deliver();
    expect(receiver.state.received.map((r) => r.path)).toEqual(['/moved']);
    const [logLine] = await deliveryLog(ctx.db, (await ctx.db.select().from(webhookEndpoints))[0]!.id);
    expect(logLine).toMatchObject({ status: 302, type: 'registration.created', answer: 'answered 302' });
    await deliver(new Date(Date.now() + HOUR));
    const [row] = await ctx.db.select().from(webhookEndpoints);
    expect(row).toMatchObject({ status: 'disabled', disabledReason: 'The receiver answered 410 Gone.' });
    await register('after@example.com');
    await deliver(new Date(Date.now() + 2 * HOUR));
    expect(receiver.state.received.length).toBe(2);
  });

  it('switches an endpoint off after 50 failures in a row', async () => {
    const made = await endpoint('/dead');
    await ctx.db.update(webhookEndpoints).set({ failuresInARow: 49 }).where(eq(webhookEndpoints.id, made.id));
    receiver.answer('/dead', status(500));
    await register('dead@example.com');
    await deliver();
    const [row] = await ctx.db.select().from(webhookEndpoints);
    expect(row).toMatchObject({ status: 'disabled', disabledReason: '50 deliveries in a row failed.' });
  });

  it('keeps events for a paused endpoint and sends them on resume', async () => {
    const made = await endpoint('/paused');
    await setPaused(ctx.db, made.id, true);
    await register('wait@example.com');
    expect(await deliver()).toEqual({ claimed: 0, delivered: 0 });
    await setPaused(ctx.db, made.id, false);
    expect(await deliver()).toEqual({ claimed: 1, delivered: 1 });
  });

  it('signs with the old and the new secret for 24 h after a rotation', async () => {
    const made = await endpoint('/rotated');
    const next = await rotateSecret(ctx.db, made.id, new Date());
    receiver.state.secrets.push(next!);
    await register('rot@example.com');
    await deliver();
    expect(receiver.state.received[0]?.verified).toEqual([true, true]);
    await ctx.db
      .update(webhookEndpoints)
      .set({ previousSecretUntil: new Date(Date.now() - 1000) })
      .where(eq(webhookEndpoints.id, made.id));
    await register('rot2@example.com');
    await deliver();
    expect(receiver.state.received[1]?.verified).toEqual([false, true]);
    expect((await ctx.db.select().from(webhookAttempts)).length).toBe(2);
  });

  it('sends again, with the same webhook-id, a delivery whose process died after claiming it, once its lease runs out', async () => {
    await endpoint('/crash');
    await register('crash@example.com');
    const now = new Date();
    // What a process killed mid-send leaves behind: the row claimed (one attempt, leased for 120 s), never settled.
    await ctx.db.update(webhookDeliveries).set({ attempts: 1, nextAttemptAt: new Date(now.getTime() + 120_000) });
    expect(await deliver(now)).toEqual({ claimed: 0, delivered: 0 });
    expect(await deliver(new Date(now.getTime() + 121_000))).toEqual({ claimed: 1, delivered: 1 });
    expect(receiver.state.received.map((r) => r.verified[0])).toEqual([true]);
    const [event] = await ctx.db.select({ id: webhookEvents.id }).from(webhookEvents);
    expect(receiver.state.received[0]?.id).toBe(`msg_${event!.id}`);
  });
});
