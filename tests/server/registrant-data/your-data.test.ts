/**
 * "Your data" (docs/decisions/0084), on the real database: a registrant of two editions sees and
 * downloads everything held about their address (registrations, consent, passes, listening, mail)
 * and nothing of anyone else's; "Erase me" sends a link that erases every registration once, through
 * the admin's erasure (registrant.erased queued for a webhook and a list tool, their key opens
 * nothing); a forged, expired or used link changes nothing and says why.
 */
import { and, eq } from 'drizzle-orm';
import { beforeEach, expect, it } from 'vitest';
import { announceAccessChange } from '../../../src/server/access/access-events.ts';
import { currentKey, REGISTRANT_COOKIE, registrantByKey } from '../../../src/server/access/registrant-session.ts';
import { openPersonalLink } from '../../../src/server/access/personal-link-page.ts';
import {
  dataRequests,
  editions,
  episodes,
  mailOutbox,
  rateLimits,
  registrants,
  webhookDeliveries,
  webhookEndpoints,
  webhookEvents,
} from '../../../src/server/db/schema.ts';
import { resolveFeedKey } from '../../../src/server/feed/feed-access.ts';
import { insertDownloads } from '../../../src/server/listening/listening-writes.ts';
import { grantPass } from '../../../src/server/payments/passes.ts';
import { listDataRequests } from '../../../src/server/registrant-data/data-requests.ts';
import { answerDataDownload, answerErasureLink, answerYourData } from '../../../src/server/registrant-data/your-data-pages.ts';
import { registerAttendee } from '../../../src/server/registrants/register.ts';
import { deleteRegistrant } from '../../../src/server/registrants/registrant-admin.ts';
import { consentRecordsOf } from '../../../src/server/consents/consent-records.ts';
import { optIn, setUnsubscribed } from '../../../src/server/mail/unsubscribe.ts';
import { REGISTRATION_NOTICE } from '../../../src/domain/registrant-data/consent.ts';
import { dataRequestsScreen } from '../../../src/server/registrant-data/data-requests-screen.ts';
import { upsertAdmin } from '../../../src/server/auth/accounts.ts';
import { parseIdentifier } from '../../../src/domain/sign-in.ts';
import { auditLog, consentRecords, emailSuppressions } from '../../../src/server/db/schema.ts';
import { suppressAddress } from '../../../src/server/suppression/suppression-list.ts';
import type { RegistrantData } from '../../../src/domain/registrant-data/registrant-data.ts';
import { describeEachDatabase, useTestDatabase } from '../../support/databases.ts';

const SITE = 'https://data.example.com';

describeEachDatabase('a registrant’s own data', (database) => {
  const ctx = useTestDatabase(database, { seed: true });
  let ivy: { july: number; august: number };
  let key: string;
  let otherKey: string;

  const register = async (editionSlug: string, email: string, consent: boolean) => {
    const outcome = await registerAttendee({
      db: ctx.db,
      editionSlug,
      input: { firstName: email.split('@')[0]!, email, consent },
      moment: { now: new Date(), timeZone: 'Europe/Berlin' },
    });
    if (outcome.status !== 'created') throw new Error(outcome.status);
    return outcome.registrantId;
  };
  const listen = async (registrantId: number) => {
    const [edition] = await ctx.db.select({ id: editions.id }).from(editions).where(eq(editions.slug, 'august'));
    const [episode] = await ctx.db.select({ id: episodes.id }).from(episodes).where(eq(episodes.editionId, edition!.id)).limit(1);
    const key = `r${registrantId}`;
    const heard = {
      episodeId: episode!.id,
      registrantId,
      listenerKey: key,
      earlierKey: key,
      route: 'feed' as const,
      countedAt: new Date(),
      addressHash: null,
    };
    expect(await insertDownloads(ctx.db, [heard])).toBe(1);
  };

  beforeEach(async () => {
    await ctx.db.delete(mailOutbox);
    await ctx.db.delete(registrants);
    await ctx.db.delete(dataRequests);
    await ctx.db.delete(rateLimits);
    await ctx.db.delete(webhookEndpoints);
    await ctx.db.delete(webhookEvents);
    ivy = { july: await register('july', 'ivy@example.com', true), august: await register('august', 'ivy@example.com', false) };
    const other = await register('august', 'otto@example.com', true);
    await ctx.db.transaction((tx) =>
      grantPass(tx, ivy.august, { pass: 'aap', source: 'provider', paymentRef: 'pi_ivy', amount: 19700, currency: 'usd' }),
    );
    await ctx.db.transaction((tx) =>
      grantPass(tx, other, { pass: 'replay', source: 'provider', paymentRef: 'pi_otto', amount: 4700, currency: 'usd' }),
    );
    await listen(ivy.august);
    await listen(other);
    key = (await currentKey(ctx.db, ivy.august))!;
    otherKey = (await currentKey(ctx.db, other))!;
    await announceAccessChange(ctx.handle);
  });

  const cookiesOf = (value: string | null) => ({ get: (name: string) => (value && name === REGISTRANT_COOKIE ? { value } : undefined) });
  const page = async (signedInAs: string | null, form?: Record<string, string>) => {
    const request = form
      ? new Request(`${SITE}/your-data`, {
          method: 'POST',
          body: new URLSearchParams(form),
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        })
      : new Request(`${SITE}/your-data`);
    const outcome = await answerYourData(ctx.handle, { request, cookies: cookiesOf(signedInAs), siteUrl: SITE });
    if (outcome.kind !== 'show') throw new Error(outcome.kind);
    return outcome;
  };
  const link = async (token: string, method: 'GET' | 'POST') => {
    const outcome = await answerErasureLink(ctx.handle, { request: new Request(`${SITE}/your-data/erase/${token}`, { method }), token });
    if (outcome.kind !== 'show') throw new Error(outcome.kind);
    return outcome;
  };
  const sentToken = async () => {
    const mails = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.subject, 'Confirm erasing your summit data'));
    return new RegExp(`${SITE}/your-data/erase/([\\w-]{43})`).exec(mails.at(-1)?.text ?? '')?.[1] ?? '';
  };
  const ivyRows = async () => ctx.db.select({ id: registrants.id }).from(registrants).where(eq(registrants.email, 'ivy@example.com'));

  it('shows and downloads every registration, consent, pass, listen and e-mail of theirs, and nothing of anyone else’s', async () => {
    expect((await page(null)).status).toBe(401);
    const shown = await page(key);
    expect(shown.status).toBe(200);
    expect(shown.headers?.['cache-control']).toBe('private, no-store');

    const download = await answerDataDownload(ctx.handle, { cookies: cookiesOf(key) });
    expect(download.headers.get('content-disposition')).toMatch(/^attachment; filename="summit-data-\d{4}-\d{2}-\d{2}\.json"$/);
    const data = (await download.json()) as RegistrantData;
    expect(shown.state).toMatchObject({ kind: 'data', data: { ...data, collectedAt: expect.any(String) } });
    expect(data.email).toBe('ivy@example.com');
    expect(data.registrations.map((r) => [r.edition.slug, r.registrantId])).toEqual([
      ['july', ivy.july],
      ['august', ivy.august],
    ]);
    const [july, august] = data.registrations;
    expect(july!.marketingConsent).toMatchObject({ givenAt: expect.any(String), wording: expect.stringMatching(/\w/) });
    expect(august!.marketingConsent).toBeNull();
    expect(july!.consents).toEqual([
      { topic: 'registration', choice: 'given', wording: REGISTRATION_NOTICE, source: 'form', at: july!.registeredAt },
      { topic: 'marketing', choice: 'given', wording: july!.marketingConsent!.wording, source: 'form', at: july!.registeredAt },
    ]);
    expect(august!.consents.map((c) => c.topic)).toEqual(['registration']);
    expect(august!.timeZone).toBe('Europe/Berlin');
    expect(august!.passes).toEqual([expect.objectContaining({ pass: 'aap', amount: 19700, currency: 'usd', status: 'active' })]);
    expect(august!.listening).toHaveLength(1);
    expect(july!.passes).toEqual([]);
    // The confirmations of both registrations, and no one else's.
    expect(data.emails.length).toBeGreaterThanOrEqual(2);
    const text = JSON.stringify(data);
    for (const foreign of ['otto', 'pi_otto', 'replay', 'pi_ivy']) expect(text).not.toContain(foreign);

    const [request] = await listDataRequests(ctx.db, new Date());
    expect(request).toMatchObject({ kind: 'export', source: 'registrant', email: 'ivy@example.com', state: 'answered' });
    expect((await answerDataDownload(ctx.handle, { cookies: cookiesOf('forged-key') })).status).toBe(401);
  });

  it('a personal link with to=your-data signs in and opens the data page', async () => {
    const cookies = { get: () => undefined, set: () => {} } as unknown as Parameters<typeof openPersonalLink>[1]['cookies'];
    const url = new URL(`${SITE}/access/${key}?to=your-data`);
    expect(await openPersonalLink(ctx.db, { request: new Request(url), url, cookies, key })).toEqual({
      kind: 'redirect',
      location: '/your-data',
    });
  });

  it('erases every registration of the address through the confirmed link, once, and tells the webhooks and the list tool', async () => {
    const [hook] = await ctx.db
      .insert(webhookEndpoints)
      .values({ url: 'https://hooks.example.org/in', secret: 'whsec_test', events: ['registrant.erased'] })
      .returning();
    const [list] = await ctx.db
      .insert(webhookEndpoints)
      .values({ kind: 'kit', url: 'https://api.kit.example/v4', secret: 'kit_key', events: ['registrant.erased'] })
      .returning();

    expect((await page(key, { action: 'nonsense' })).status).toBe(400);
    const asked = await page(key, { action: 'erase' });
    expect(asked.state).toMatchObject({ kind: 'data', erasure: { sent: true, problem: null } });
    const token = await sentToken();
    expect(token).toMatch(/^[\w-]{43}$/);

    // A GET (a link checker) and a forged link change nothing.
    expect((await link(token, 'GET')).state).toEqual({
      kind: 'confirm-erasure',
      email: 'ivy@example.com',
      action: `/your-data/erase/${token}`,
    });
    expect(await link('A'.repeat(43), 'POST')).toMatchObject({ status: 404, state: { kind: 'invalid' } });
    expect(await link('../../etc', 'POST')).toMatchObject({ status: 404, state: { kind: 'invalid' } });
    expect(await ivyRows()).toHaveLength(2);
    // Their feed is remembered as open (podcast apps poll): the erasure must end that too.
    expect((await resolveFeedKey(ctx.db, key)).kind).toBe('active');

    expect(await link(token, 'POST')).toMatchObject({ status: 200, state: { kind: 'erased', registrations: 2 } });
    expect(await ivyRows()).toEqual([]);
    expect(await registrantByKey(ctx.db, key)).toBeNull();
    // Their feed answers 410: the key was issued and is over.
    expect((await resolveFeedKey(ctx.db, key)).kind).toBe('gone');
    expect(await registrantByKey(ctx.db, otherKey)).not.toBeNull();
    const events = await ctx.db.select().from(webhookEvents).where(eq(webhookEvents.type, 'registrant.erased'));
    expect(events.map((event) => JSON.parse(event.payload).data.registrantId).sort()).toEqual([ivy.july, ivy.august].sort());
    for (const endpoint of [hook!, list!]) {
      const queued = await ctx.db
        .select()
        .from(webhookDeliveries)
        .where(and(eq(webhookDeliveries.endpointId, endpoint.id), eq(webhookDeliveries.status, 'pending')));
      expect(queued).toHaveLength(2);
    }

    // A second erasure with the same link changes nothing and says why.
    expect(await link(token, 'POST')).toMatchObject({ status: 404, state: { kind: 'invalid' } });
    const requests = await listDataRequests(ctx.db, new Date());
    expect(requests).toEqual([
      expect.objectContaining({ kind: 'erasure', state: 'answered', email: null, outcome: 'Erased 2 registrations' }),
    ]);
    expect(await page(key)).toMatchObject({ status: 401, state: { kind: 'signed-out' } });
  });

  it('an expired link erases nothing; someone else’s key asks only for their own erasure', async () => {
    await page(otherKey, { action: 'erase' });
    const othersToken = await sentToken();
    await ctx.db.update(dataRequests).set({ expiresAt: new Date(Date.now() - 1000) });
    expect(await link(othersToken, 'GET')).toMatchObject({ status: 404, state: { kind: 'invalid' } });
    expect(await link(othersToken, 'POST')).toMatchObject({ status: 404, state: { kind: 'invalid' } });
    expect(await ctx.db.select().from(registrants)).toHaveLength(3);
    expect((await listDataRequests(ctx.db, new Date()))[0]).toMatchObject({ state: 'expired', email: 'otto@example.com' });
    // The link went to the signed-in person's own address only.
    const sent = await ctx.db
      .select({ to: mailOutbox.to })
      .from(mailOutbox)
      .where(eq(mailOutbox.subject, 'Confirm erasing your summit data'));
    expect(sent).toEqual([{ to: 'otto@example.com' }]);
  });

  it('does not send the erasure link to an address that bounced, and says why', async () => {
    await suppressAddress(ctx.db, { address: 'ivy@example.com', reason: 'hard-bounce', detail: '550', now: new Date() });
    await announceAccessChange(ctx.handle);
    const refused = await page(key, { action: 'erase' });
    expect(refused).toMatchObject({
      status: 409,
      state: { erasure: { sent: false, problem: expect.stringMatching(/^Your address bounced/) } },
    });
    expect(await sentToken()).toBe('');
    await ctx.db.delete(emailSuppressions);
    await announceAccessChange(ctx.handle);
  });

  it('limits how many erasure links one address is sent', async () => {
    for (let i = 0; i < 3; i += 1) expect((await page(key, { action: 'erase' })).status).toBe(200);
    const limited = await page(key, { action: 'erase' });
    expect(limited.status).toBe(429);
    expect(limited.state).toMatchObject({ erasure: { sent: false, problem: expect.stringMatching(/several links already/) } });
  });

  it('the admin exports the data of someone who asked by e-mail, and lists every request with its dates', async () => {
    const { id: adminId } = await upsertAdmin(ctx.db, parseIdentifier('host@data.example.com')!, 'a long enough password');
    const admin = { id: adminId, email: 'host@data.example.com', phone: null };
    const post = (fields: Record<string, string>) =>
      dataRequestsScreen({
        handle: ctx.handle,
        admin,
        request: new Request(`${SITE}/admin/data-requests`, {
          method: 'POST',
          body: new URLSearchParams(fields),
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        }),
      });
    for (const [fields, problem] of [
      [{ action: 'export', email: 'not an address' }, /Enter the e-mail address/],
      [{ action: 'export', email: 'nobody@example.com' }, /No registration has the address nobody@example.com/],
      [{ action: 'delete', email: 'ivy@example.com' }, /Unknown action/],
    ] as const) {
      const refused = await post(fields);
      expect(refused).toMatchObject({ kind: 'show', status: 422, state: { problem: expect.stringMatching(problem) } });
    }
    expect(await listDataRequests(ctx.db, new Date())).toEqual([]);

    const exported = await post({ action: 'export', email: ' IVY@example.com ' });
    if (exported.kind !== 'respond') throw new Error(exported.kind);
    const data = (await exported.response.json()) as RegistrantData;
    expect(data.registrations.map((r) => r.registrantId)).toEqual([ivy.july, ivy.august]);
    expect(JSON.stringify(data)).not.toContain('otto');
    const listed = await dataRequestsScreen({ handle: ctx.handle, admin, request: new Request(`${SITE}/admin/data-requests`) });
    expect(listed).toMatchObject({
      kind: 'show',
      state: { requests: [{ kind: 'export', source: 'admin', email: 'ivy@example.com', state: 'answered' }] },
    });
    const [entry] = await ctx.db.select().from(auditLog).where(eq(auditLog.entityType, 'data_requests'));
    expect(entry?.summary).toBe("Exported the data of 2 registration(s) for a person's request");
  });

  it('lists an erasure the admin makes from a registrant’s screen as a request answered at once, without the address', async () => {
    const { id: adminId } = await upsertAdmin(ctx.db, parseIdentifier('host@data.example.com')!, 'a long enough password');
    const [{ editionId }] = (await ctx.db
      .select({ editionId: registrants.editionId })
      .from(registrants)
      .where(eq(registrants.id, ivy.july))) as [{ editionId: number }];
    const admin = { id: adminId, email: 'host@data.example.com', phone: null };
    const erased = await deleteRegistrant({ db: ctx.db, admin, editionId, id: ivy.july });
    expect(erased.ok).toBe(true);
    const [request] = await listDataRequests(ctx.db, new Date());
    expect(request).toMatchObject({
      kind: 'erasure',
      source: 'admin',
      email: null,
      state: 'answered',
      outcome: expect.stringMatching(/^Erased 1 registration/),
    });
  });

  it('keeps every consent with its words, edition, time and source: the form, the API, a later opt-in and opt-out', async () => {
    const viaApi = await registerAttendee({
      db: ctx.db,
      editionSlug: 'july',
      input: { firstName: 'Api', email: 'api@example.com', consent: true },
      consentSource: 'api',
      sendEmail: false,
    });
    if (viaApi.status !== 'created') throw new Error(viaApi.status);
    await setUnsubscribed({ db: ctx.db, registrantId: ivy.july, unsubscribed: true, now: new Date('2030-01-01T00:00:00Z') });
    await optIn({ db: ctx.db, registrantId: ivy.august, now: new Date('2030-01-02T00:00:00Z') });
    const records = await consentRecordsOf(ctx.db, [viaApi.registrantId, ivy.july, ivy.august]);
    expect(records.get(viaApi.registrantId)!.map((r) => [r.topic, r.source, r.wording === null])).toEqual([
      ['registration', 'api', true],
      ['marketing', 'api', false],
    ]);
    expect(records.get(ivy.july)!.at(-1)).toEqual({
      topic: 'marketing',
      choice: 'withdrawn',
      wording: null,
      source: 'preferences',
      at: '2030-01-01T00:00:00.000Z',
    });
    expect(records.get(ivy.august)!.at(-1)).toMatchObject({
      topic: 'marketing',
      choice: 'given',
      source: 'preferences',
      wording: expect.stringMatching(/\w/),
    });
    const [august] = await ctx.db
      .select({ editionId: consentRecords.editionId })
      .from(consentRecords)
      .where(eq(consentRecords.registrantId, ivy.august));
    const [edition] = await ctx.db.select({ id: editions.id }).from(editions).where(eq(editions.slug, 'august'));
    expect(august!.editionId).toBe(edition!.id);
    const shown = await page(key);
    expect(JSON.stringify(shown.state)).toContain('"source":"preferences"');
  });
});
