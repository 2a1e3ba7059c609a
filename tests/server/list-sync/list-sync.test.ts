/**
 * E-mail list sync (docs/decisions/0059) against local servers that answer as Kit's, Mailchimp's
 * and ActiveCampaign's API references document: every request is checked (method, path, auth
 * header, body fields) and the state the calls leave is read back. Registrations, passes,
 * listens, unsubscribes and erasures go through the site's own code and the one worker.
 */
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { parseIdentifier } from '../../../src/domain/sign-in.ts';
import { upsertAdmin } from '../../../src/server/auth/accounts.ts';
import { editions, episodes, listContacts } from '../../../src/server/db/schema.ts';
import { latestErrors } from '../../../src/server/list-sync/connections.ts';
import { insertDownloads } from '../../../src/server/listening/listening-writes.ts';
import { optIn, setUnsubscribed } from '../../../src/server/mail/unsubscribe.ts';
import { grantPass } from '../../../src/server/payments/passes.ts';
import { deleteRegistrant } from '../../../src/server/registrants/registrant-admin.ts';
import { registerAttendee } from '../../../src/server/registrants/register.ts';
import { patchRegistrant } from '../../../src/server/api/registrant-writes.ts';
import { deliveryLog } from '../../../src/server/webhooks/endpoints.ts';
import { describeEachDatabase, useTestDatabase } from '../../support/databases.ts';
import { AC_KEY, KIT_KEY, MAILCHIMP_KEY, useListSyncSuite } from './support/list-sync-suite.ts';

const HOUR = 3600_000;

describeEachDatabase('e-mail list sync', (database) => {
  const ctx = useTestDatabase(database, { seed: true });
  const { kit, mailchimp, activecampaign, connect, drain, importCsv } = useListSyncSuite(ctx);
  const register = async (email: string, consent: boolean) => {
    const outcome = await registerAttendee({ db: ctx.db, editionSlug: 'august', input: { firstName: 'Ada', email, consent } });
    if (outcome.status !== 'created') throw new Error(outcome.status);
    return outcome.registrantId;
  };
  const erase = async (id: number) => {
    const [edition] = await ctx.db.select({ id: editions.id }).from(editions).where(eq(editions.slug, 'august'));
    const { id: adminId } = await upsertAdmin(ctx.db, parseIdentifier('lists@example.com')!, 'a long enough password');
    const erased = await deleteRegistrant({
      db: ctx.db,
      admin: { id: adminId, email: 'lists@example.com', phone: null },
      editionId: edition!.id,
      id,
    });
    expect(erased.ok).toBe(true);
  };
  const listen = async (registrantId: number) => {
    const [edition] = await ctx.db.select({ id: editions.id }).from(editions).where(eq(editions.slug, 'august'));
    const [episode] = await ctx.db
      .select({ id: episodes.id, day: episodes.day })
      .from(episodes)
      .where(eq(episodes.editionId, edition!.id))
      .orderBy(episodes.day)
      .limit(1);
    const heard = {
      episodeId: episode!.id,
      registrantId,
      listenerKey: `r${registrantId}`,
      earlierKey: `r${registrantId}`,
      route: 'feed' as const,
      countedAt: new Date(),
      addressHash: null,
    };
    expect(await insertDownloads(ctx.db, [heard])).toBe(1);
    return episode!.day;
  };

  it('Kit: a consenting registrant is added with the form, tag and field; a pass and a listen tag them; no consent, no call', async () => {
    const id = await connect(
      'kit',
      {
        'rule.registered.list': '501',
        'rule.registered.tag': '11',
        'rule.registered.field': 'summit',
        'rule.registered.value': 'august',
        'rule.pass:aap.tag': '22',
        'rule.listened:1.tag': '31',
      },
      { apiKey: KIT_KEY },
    );
    const ada = await register('ada@example.com', true);
    await register('bob@example.com', false);
    await drain();
    expect(kit.state.subscribers).toEqual([
      {
        id: 1,
        email_address: 'ada@example.com',
        first_name: 'Ada',
        state: 'active',
        fields: { summit: 'august' },
        tags: [11],
        forms: [501],
      },
    ]);
    const log = await deliveryLog(ctx.db, id);
    expect(log.filter((line) => line.skipped).map((line) => line.answer)).toEqual(['Not sent: no marketing consent, so not added.']);
    await ctx.db.transaction((tx) => grantPass(tx, ada, { pass: 'aap', source: 'provider', paymentRef: 'pi_kit' }));
    expect(await listen(ada)).toBe(1);
    await drain();
    // The pass and the listen are delivered side by side, in either order.
    expect([...(kit.state.subscribers[0]?.tags ?? [])].sort((a, b) => a - b)).toEqual([11, 22, 31]);
    await setUnsubscribed({ db: ctx.db, registrantId: ada, unsubscribed: true, now: new Date() });
    await drain();
    expect(kit.state.subscribers[0]?.state).toBe('cancelled');
    expect(kit.violations).toEqual([]);
  });

  it('Kit: someone who said no and opts in later is added then; one who withdraws before the delivery runs is not', async () => {
    await connect('kit', { 'rule.registered.tag': '11' }, { apiKey: KIT_KEY });
    const bob = await register('bob@example.com', false);
    const cy = await register('cy@example.com', true);
    await setUnsubscribed({ db: ctx.db, registrantId: cy, unsubscribed: true, now: new Date() });
    await optIn({ db: ctx.db, registrantId: bob, now: new Date() });
    await drain();
    expect(kit.state.subscribers.map((s) => [s.email_address, s.tags])).toEqual([['bob@example.com', [11]]]);
    expect(kit.violations).toEqual([]);
  });

  it('Kit: a consent withdrawn through the API unsubscribes them there; given again, they are added again', async () => {
    await connect('kit', { 'rule.registered.tag': '11' }, { apiKey: KIT_KEY });
    const ada = await register('ada@example.com', true);
    await drain();
    const token = { id: 1, name: 'script', scope: 'write' as const, editionId: null, editionSlug: null };
    const patch = (marketing_consent: boolean) =>
      patchRegistrant({ handle: ctx.handle, token, params: { id: ada }, query: {}, body: { marketing_consent }, now: new Date() });
    await patch(false);
    await drain();
    expect(kit.state.subscribers.map((s) => [s.email_address, s.state])).toEqual([['ada@example.com', 'cancelled']]);
    await patch(true);
    await drain();
    expect(kit.requests.filter((r) => r.method === 'POST' && r.path === '/v4/subscribers')).toHaveLength(2);
    expect(kit.violations).toEqual([]);
  });

  it('Mailchimp: added or updated in the audience by the address’s hash, tagged, unsubscribed, and deleted on erasure', async () => {
    await connect(
      'mailchimp',
      {
        'rule.registered.list': 'aud1',
        'rule.registered.tag': 'summit-2026',
        'rule.registered.field': 'SOURCE',
        'rule.registered.value': 'summit',
        'rule.pass:aap.list': 'aud1',
        'rule.pass:aap.tag': 'all-access',
      },
      { apiKey: MAILCHIMP_KEY },
    );
    const ada = await register('Ada@Example.com', true);
    const eve = await register('eve@example.com', true);
    await ctx.db.transaction((tx) => grantPass(tx, ada, { pass: 'aap', source: 'provider', paymentRef: 'pi_mc' }));
    await drain();
    const adaMember = mailchimp.state.members.find((m) => m.email_address.toLowerCase() === 'ada@example.com');
    expect(adaMember).toMatchObject({ list: 'aud1', status: 'subscribed', merge_fields: { FNAME: 'Ada', SOURCE: 'summit' } });
    expect(adaMember?.tags.sort()).toEqual(['all-access', 'summit-2026']);
    await setUnsubscribed({ db: ctx.db, registrantId: eve, unsubscribed: true, now: new Date() });
    await erase(ada);
    await drain();
    expect(mailchimp.state.members.map((m) => [m.email_address, m.status])).toEqual([['eve@example.com', 'unsubscribed']]);
    expect(mailchimp.violations).toEqual([]);
    expect(mailchimp.requests.every((r) => !JSON.stringify(r).includes(MAILCHIMP_KEY))).toBe(true);
  });

  it('ActiveCampaign: synced with the list, tag and field on its id; unsubscribed from the list; deleted on erasure', async () => {
    await connect(
      'activecampaign',
      { 'rule.registered.list': '3', 'rule.registered.tag': '7', 'rule.registered.field': '4', 'rule.registered.value': 'august' },
      { apiKey: AC_KEY, accountUrl: 'https://summit-host.api-us1.com/some/path' },
    );
    const ada = await register('ada@example.com', true);
    const eve = await register('eve@example.com', true);
    await drain();
    // The two registrations are delivered side by side: compared in the order of their addresses.
    const contacts = [...activecampaign.state.contacts].sort((a, b) => a.email.localeCompare(b.email));
    expect(contacts.map((c) => [c.email, c.firstName, c.lists, c.tags, c.fields])).toEqual([
      ['ada@example.com', 'Ada', { 3: 1 }, ['7'], { 4: 'august' }],
      ['eve@example.com', 'Ada', { 3: 1 }, ['7'], { 4: 'august' }],
    ]);
    await setUnsubscribed({ db: ctx.db, registrantId: eve, unsubscribed: true, now: new Date() });
    await erase(ada);
    await drain();
    expect(activecampaign.state.contacts.map((c) => [c.email, c.lists])).toEqual([['eve@example.com', { 3: 2 }]]);
    expect(activecampaign.violations).toEqual([]);
  });

  it('a provider that fails is retried through the queue until it answers, and its errors are shown', async () => {
    const id = await connect('kit', { 'rule.registered.tag': '11' }, { apiKey: KIT_KEY });
    kit.fail({ status: 500, json: { errors: ['Something went wrong'] } }, { status: 429, json: { errors: ['Too many requests'] } });
    await register('ada@example.com', true);
    let now = new Date();
    await drain(now);
    expect(kit.state.subscribers).toEqual([]);
    const errors = await latestErrors(ctx.db, id);
    expect(errors[0]).toMatchObject({ status: 500 });
    expect(errors[0]?.answer).toContain('POST /subscribers → 500');
    expect(errors[0]?.answer).toContain('Something went wrong');
    for (let round = 0; round < 3 && !kit.state.subscribers.length; round++) {
      now = new Date(now.getTime() + HOUR);
      await drain(now);
    }
    expect(kit.state.subscribers.map((s) => [s.email_address, s.tags])).toEqual([['ada@example.com', [11]]]);
    expect((await latestErrors(ctx.db, id)).map((line) => line.status)).toEqual([429, 500]);
    expect(kit.violations).toEqual([]);
  });

  // The consent guard (tests/support/list-stand-ins/stand-in.ts, `forbid`): any request naming a
  // person who has not consented, by address, Mailchimp's hash or the provider's id, fails the test.
  const token = { id: 1, name: 'script', scope: 'write' as const, editionId: null, editionSlug: null };
  const rename = (id: number, name: string) =>
    patchRegistrant({ handle: ctx.handle, token, params: { id }, query: {}, body: { name }, now: new Date() });
  const withdraw = (id: number) =>
    patchRegistrant({ handle: ctx.handle, token, params: { id }, query: {}, body: { marketing_consent: false }, now: new Date() });
  const providers = [
    {
      name: 'Kit',
      standIn: () => kit,
      connectIt: () =>
        connect('kit', { 'rule.registered.tag': '11', 'rule.pass:aap.tag': '22', 'rule.listened:1.tag': '31' }, { apiKey: KIT_KEY }),
    },
    {
      name: 'Mailchimp',
      standIn: () => mailchimp,
      connectIt: () =>
        connect(
          'mailchimp',
          {
            'rule.registered.list': 'aud1',
            'rule.pass:aap.list': 'aud1',
            'rule.pass:aap.tag': 'all-access',
            'rule.listened:1.list': 'aud1',
            'rule.listened:1.tag': 'day-1',
          },
          { apiKey: MAILCHIMP_KEY },
        ),
    },
    {
      name: 'ActiveCampaign',
      standIn: () => activecampaign,
      connectIt: () =>
        connect(
          'activecampaign',
          { 'rule.registered.list': '3', 'rule.pass:aap.tag': '7', 'rule.listened:1.tag': '8' },
          { apiKey: AC_KEY, accountUrl: 'https://summit-host.api-us1.com' },
        ),
    },
  ];

  for (const provider of providers) {
    it(`${provider.name}: no call of any kind names someone who has not consented, on every path that reports them`, async () => {
      const standIn = provider.standIn();
      await provider.connectIt();
      standIn.forbid('bob@example.com', 'cy@example.com', 'dee@example.com');
      const ada = await register('ada@example.com', true);
      // Registration without consent.
      const bob = await register('bob@example.com', false);
      await drain();
      // A name changed through the API (registrant.updated, consent false: not a withdrawal).
      await rename(bob, 'Robert');
      // A name changed by the CSV import, and a new registrant imported without consent.
      await importCsv(['email,name,consent', 'bob@example.com,Bobby,', 'cy@example.com,Cy,no'].join('\n'));
      // Through both again for someone imported without consent in the first place.
      await importCsv(['email,name', 'dee@example.com,Dee'].join('\n'));
      await importCsv(['email,name', 'dee@example.com,Deirdre'].join('\n'));
      // A pass granted, and a counted listen.
      await ctx.db.transaction((tx) => grantPass(tx, bob, { pass: 'aap', source: 'provider', paymentRef: `pi_${provider.name}` }));
      expect(await listen(bob)).toBe(1);
      // Unsubscribing and an erasure of someone never sent there: nothing to remove, so no call either.
      await setUnsubscribed({ db: ctx.db, registrantId: bob, unsubscribed: true, now: new Date() });
      await erase(bob);
      await drain();
      expect(standIn.violations).toEqual([]);
      // The connection works: the one who consented was sent.
      expect(standIn.requests.length).toBeGreaterThan(0);
      expect(await ctx.db.select({ registrantId: listContacts.registrantId }).from(listContacts)).toEqual([{ registrantId: ada }]);
    });
  }

  it('Kit: the removals PRODUCT.md promises still reach someone sent before, and only removals once they withdrew', async () => {
    await connect('kit', { 'rule.registered.tag': '11' }, { apiKey: KIT_KEY });
    const ada = await register('ada@example.com', true);
    await drain();
    expect(kit.state.subscribers.map((s) => [s.email_address, s.state])).toEqual([['ada@example.com', 'active']]);
    kit.requests.length = 0;
    // She was sent and withdraws: "unsubscribing here unsubscribes them there" (a removal, allowed).
    await withdraw(ada);
    await drain();
    expect(kit.requests.map((r) => `${r.method} ${r.path.split('?')[0]}`)).toEqual([
      'GET /v4/subscribers',
      'POST /v4/subscribers/1/unsubscribe',
    ]);
    kit.requests.length = 0;
    // Without consent now, a change of name sends nothing (she is unsubscribed there already).
    await rename(ada, 'Ada L.');
    await drain();
    expect(kit.requests).toEqual([]);
    // "An erasure removes them there" (Kit: unsubscribes): a removal, allowed; then the site forgets her.
    await erase(ada);
    await drain();
    expect(kit.requests.map((r) => `${r.method} ${r.path.split('?')[0]}`)).toEqual([
      'GET /v4/subscribers',
      'POST /v4/subscribers/1/unsubscribe',
    ]);
    expect(await ctx.db.select().from(listContacts)).toEqual([]);
    expect(kit.violations).toEqual([]);
  });
});
