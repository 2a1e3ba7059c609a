import { startFresh } from './support/fresh-state.ts';
import { eq } from 'drizzle-orm';
import { beforeEach, expect, it } from 'vitest';
import { parseIdentifier } from '../../../src/domain/sign-in.ts';
import { upsertAdmin } from '../../../src/server/auth/accounts.ts';
import { editions, webhookEvents } from '../../../src/server/db/schema.ts';
import { optIn, setUnsubscribed } from '../../../src/server/mail/unsubscribe.ts';
import { grantPass, removePass, takeBackPayments } from '../../../src/server/payments/passes.ts';
import { deleteRegistrant } from '../../../src/server/registrants/registrant-admin.ts';
import { registerAttendee } from '../../../src/server/registrants/register.ts';
import { deliverDueWebhooks } from '../../../src/server/webhooks/deliver.ts';
import { createEndpoint } from '../../../src/server/webhooks/endpoints.ts';
import { eventTypes } from '../../../src/domain/events/catalogue.ts';
import { describeEachDatabase, useTestDatabase } from '../../support/databases.ts';
import { useReceiver } from './receiver.ts';
import { episodes } from '../../../src/server/db/schema.ts';
import { insertDownloads, recordSightings } from '../../../src/server/listening/listening-writes.ts';
import { handleRegistrantAccessAction } from '../../../src/server/registrants/registrant-access-screen.ts';

describeEachDatabase('webhook events from the changes they report', (database) => {
  const ctx = useTestDatabase(database, { seed: true });
  const receiver = useReceiver();
  beforeEach(async () => {
    await startFresh(ctx.db, receiver);
    const made = await createEndpoint(ctx.db, { url: receiver.url('/all'), events: eventTypes, editionId: '' }, { allowPrivate: true });
    if (!made.ok) throw new Error('endpoint refused');
    receiver.state.secrets.push(made.secret);
  });

  const registered = async (email: string) => {
    const outcome = await registerAttendee({ db: ctx.db, editionSlug: 'august', input: { firstName: 'Ivy', email, consent: false } });
    if (outcome.status !== 'created') throw new Error(outcome.status);
    return outcome.registrantId;
  };
  const sent = async () => {
    while ((await deliverDueWebhooks({ db: ctx.db, allowPrivate: true })).claimed > 0);
    expect(receiver.state.received.every((r) => r.verified[0])).toBe(true);
    // Deliveries run side by side and may arrive in any order: read them in the order of the events.
    const byEvent = [...receiver.state.received].sort((a, b) => Number(a.id.slice(4)) - Number(b.id.slice(4)));
    return byEvent.map((r) => ({ type: r.body.type, ...r.body.data }) as Record<string, unknown> & { type: string });
  };

  it('reports passes granted, refunded, disputed and removed, with the pass and the cause', async () => {
    const id = await registered('buyer@example.com');
    await ctx.db.transaction(async (tx) => {
      await grantPass(tx, id, { pass: 'aap', source: 'provider', paymentRef: 'pi_1' });
      await grantPass(tx, id, { pass: 'replay', source: 'provider', paymentRef: 'pi_2' });
    });
    const admin = await ctx.db.transaction((tx) => grantPass(tx, id, { pass: 'replay', source: 'admin' }));
    await ctx.db.transaction((tx) => takeBackPayments({ tx, paymentRefs: ['pi_1'], status: 'refunded', at: new Date() }));
    await ctx.db.transaction((tx) => takeBackPayments({ tx, paymentRefs: ['pi_2'], status: 'disputed', at: new Date() }));
    await ctx.db.transaction((tx) => removePass({ tx, registrantId: id, purchaseId: admin.purchaseId, at: new Date() }));
    const passes = (await sent()).filter((e) => e.type.startsWith('pass.')).map((e) => [e.type, e.pass, e.cause]);
    expect(passes).toEqual([
      ['pass.granted', 'aap', 'payment'],
      ['pass.granted', 'replay', 'payment'],
      ['pass.granted', 'replay', 'admin'],
      ['pass.revoked', 'aap', 'refund'],
      ['pass.revoked', 'replay', 'dispute'],
      ['pass.revoked', 'replay', 'admin'],
    ]);
  });

  it('reports an unsubscribe and an opt-in with the consent', async () => {
    const id = await registered('list@example.com');
    await setUnsubscribed({ db: ctx.db, registrantId: id, unsubscribed: true, now: new Date() });
    await optIn({ db: ctx.db, registrantId: id, now: new Date() });
    const events = await sent();
    expect(events.map((e) => e.type)).toEqual(['registration.created', 'registrant.unsubscribed', 'registrant.updated']);
    expect(events[1]).toMatchObject({ registrantId: id, email: 'list@example.com', editionSlug: 'august' });
    expect(events[2]).toMatchObject({ consent: { marketing: true } });
  });

  it('reports an erasure and keeps no earlier body that names the registrant', async () => {
    const id = await registered('gone@example.com');
    await sent();
    const [edition] = await ctx.db.select({ id: editions.id }).from(editions).where(eq(editions.slug, 'august'));
    const { id: adminId } = await upsertAdmin(ctx.db, parseIdentifier('erase.hooks@example.com')!, 'a long enough password');
    const erased = await deleteRegistrant({
      db: ctx.db,
      admin: { id: adminId, email: 'erase.hooks@example.com', phone: null },
      editionId: edition!.id,
      id,
    });
    expect(erased.ok).toBe(true);
    const stored = await ctx.db.select({ type: webhookEvents.type }).from(webhookEvents);
    expect(stored.map((row) => row.type)).toEqual(['registrant.erased']);
    expect((await sent()).at(-1)).toEqual({
      type: 'registrant.erased',
      registrantId: id,
      editionSlug: 'august',
      email: 'gone@example.com',
    });
  });

  it('reports a re-issued access, a counted listen with its day, and the first shared-feed flag, never the key', async () => {
    const id = await registered('listener@example.com');
    const [edition] = await ctx.db.select({ id: editions.id }).from(editions).where(eq(editions.slug, 'august'));
    const { id: adminId } = await upsertAdmin(ctx.db, parseIdentifier('access.hooks@example.com')!, 'a long enough password');
    const form = new FormData();
    form.set('action', 'reissue');
    const admin = { id: adminId, email: 'access.hooks@example.com', phone: null };
    expect(
      (await handleRegistrantAccessAction({ handle: ctx.handle, admin, edition: { id: edition!.id, slug: 'august' }, id, form })).ok,
    ).toBe(true);
    const [episode] = await ctx.db
      .select({ id: episodes.id, day: episodes.day })
      .from(episodes)
      .where(eq(episodes.editionId, edition!.id))
      .limit(1);
    const listen = {
      episodeId: episode!.id,
      registrantId: id,
      listenerKey: `r${id}`,
      earlierKey: `r${id}`,
      route: 'feed' as const,
      countedAt: new Date(),
      addressHash: null,
    };
    expect(await insertDownloads(ctx.db, [listen])).toBe(1);
    const day = new Date().toISOString().slice(0, 10);
    const sightings = Array.from({ length: 7 }, (_, n) => ({ registrantId: id, editionId: edition!.id, day, networkHash: `net${n}` }));
    await recordSightings(ctx.db, sightings.slice(0, 6), 5);
    await recordSightings(ctx.db, sightings, 5);
    const events = (await sent()).slice(1);
    expect(events.map((e) => e.type)).toEqual(['access.reissued', 'listen.qualified', 'feed.flagged_shared']);
    expect(events[1]).toMatchObject({ registrantId: id, episodeId: episode!.id, day: episode!.day });
    expect(events[2]).toMatchObject({ registrantId: id, networks: 6 });
    expect(Object.keys(events[0]!).sort()).toEqual(['editionSlug', 'email', 'firstName', 'registrantId', 'type']);
  });
});
