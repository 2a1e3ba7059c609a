/**
 * The admin's home figures over real rows (docs/PRODUCT.md "Admin"): registrations (through
 * registerAttendee, which also queues their confirmation e-mails), first visits, counted
 * downloads, passes and outbox statuses; each figure equals what the insights screen shows for
 * the same edition, and "today" is the edition's time zone's day.
 */
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { dayIn } from '../../../src/domain/admin-home/dashboard.ts';
import type { Edition } from '../../../src/domain/edition.ts';
import { zonedTimeToInstant } from '../../../src/domain/timer.ts';
import { loadAdminHome } from '../../../src/server/admin-home/admin-home.ts';
import {
  episodeDownloads,
  episodes,
  mailOutbox,
  purchases,
  registrantVisits,
  webhookDeliveries,
  webhookEndpoints,
  webhookEvents,
} from '../../../src/server/db/schema.ts';
import { readEdition } from '../../../src/server/editions/read-edition.ts';
import { loadEditionInsights } from '../../../src/server/insights/insights-queries.ts';
import { registerAttendee } from '../../../src/server/registrants/register.ts';
import { describeEachDatabase, useTestDatabase } from '../../support/databases.ts';

describeEachDatabase('the admin’s home figures', (database) => {
  const ctx = useTestDatabase(database, { seed: true });
  let july: Edition;
  /** July 2nd 09:30 in july's own time zone (Sydney: still July 1st in UTC), the moment the home is looked at. */
  let now: Date;
  const ids: Record<string, number> = {};

  const register = async (name: string, localTime: string, editionSlug = 'july') => {
    const edition = (await readEdition(ctx.db, editionSlug, { fresh: true }))!;
    const outcome = await registerAttendee({
      db: ctx.db,
      editionSlug,
      input: { firstName: name, email: `${name.toLowerCase()}@example.com`, consent: false },
      moment: { now: new Date(zonedTimeToInstant(localTime, edition.timezone)), timeZone: null },
    });
    if (outcome.status !== 'created') throw new Error(outcome.status);
    ids[name] = outcome.registrantId;
  };

  const figuresOf = async (requested: string | null) => {
    const home = await loadAdminHome(ctx.db, { requested, now, config: { PAYMENT_WEBHOOK_SECRET: undefined, SMTP_URL: undefined } });
    if (home.kind !== 'figures') throw new Error(`no figures for ${requested}`);
    return { home, value: (key: string) => home.figures.find((figure) => figure.key === key) };
  };

  beforeAll(async () => {
    july = (await readEdition(ctx.db, 'july', { fresh: true }))!;
    now = new Date(zonedTimeToInstant('2025-07-02T09:30', july.timezone));
    // The zone's day and UTC's differ at that moment, so "today" read in UTC would show yesterday's figure.
    expect(dayIn(now, 'UTC')).toBe('2025-07-01');
    // Today in july's zone: half past midnight (the day before in UTC when the zone is east of it) and the morning.
    await register('Ann', '2025-07-02T00:30');
    await register('Ben', '2025-07-02T09:15');
    // Yesterday in july's zone, half an hour before its midnight.
    await register('Cat', '2025-07-01T23:30');
    await register('Dan', '2025-06-28T10:00');
    await register('Eve', '2025-07-02T09:00', 'august');

    await ctx.db.insert(registrantVisits).values([
      { registrantId: ids.Ann!, pageType: 'july_day1' },
      { registrantId: ids.Ann!, pageType: 'july_day2' },
      { registrantId: ids.Ben!, pageType: 'july_day1' },
      { registrantId: ids.Cat!, pageType: 'july_dashboard' },
    ]);
    const [episode] = await ctx.db.select().from(episodes).where(eq(episodes.editionId, july.id)).limit(1);
    const download = (name: string) => ({
      editionId: july.id,
      episodeId: episode!.id,
      listenerKey: `r:${ids[name]}`,
      registrantId: ids[name]!,
      route: 'feed' as const,
    });
    await ctx.db.insert(episodeDownloads).values([download('Ann'), download('Ann'), download('Dan')]);
    await ctx.db.insert(purchases).values([
      { registrantId: ids.Ann!, pass: 'aap', source: 'provider', amount: 19_700, currency: 'usd', paymentRef: 'pi_1' },
      { registrantId: ids.Ben!, pass: 'aap', source: 'provider', amount: 15_000, currency: 'EUR', paymentRef: 'pi_2' },
      { registrantId: ids.Cat!, pass: 'replay', source: 'provider', amount: 7_700, currency: 'usd', paymentRef: 'pi_3' },
      // Refunded, granted by an admin, or another edition's: not sold here.
      {
        registrantId: ids.Dan!,
        pass: 'replay',
        source: 'provider',
        amount: 7_700,
        currency: 'usd',
        paymentRef: 'pi_4',
        status: 'refunded',
      },
      { registrantId: ids.Dan!, pass: 'aap', source: 'admin' },
      { registrantId: ids.Eve!, pass: 'aap', source: 'provider', amount: 19_700, currency: 'usd', paymentRef: 'pi_5' },
    ]);
    // Registering queued each one's confirmation: Ann's was sent, Ben's and Eve's failed, the rest wait.
    await ctx.db.update(mailOutbox).set({ status: 'sent' }).where(eq(mailOutbox.registrantId, ids.Ann!));
    await ctx.db
      .update(mailOutbox)
      .set({ status: 'failed' })
      .where(inArray(mailOutbox.registrantId, [ids.Ben!, ids.Eve!]));
  });

  it('shows the home page’s edition by default, each figure equal to the insights’ and linked to its screen', async () => {
    const { home, value } = await figuresOf(null);
    expect(home.edition.slug).toBe(home.homeSlug);
    const insights = await loadEditionInsights(ctx.db, july);
    const funnel = (key: string) => insights.funnel.find((step) => step.key === key)?.count;
    const today = insights.registrationsPerDay.find((row) => row.day === '2025-07-02')?.count;

    expect(value('registrations-today')).toMatchObject({ value: '2', note: `2025-07-02, ${july.timezone}` });
    expect(value('registrations-today')?.value).toBe(String(today));
    expect(value('registrations')?.value).toBe('4');
    expect(value('registrations')?.value).toBe(String(insights.registrations));
    expect(value('opened-day-1')?.value).toBe('2');
    expect(value('opened-day-1')?.value).toBe(String(insights.openedPages.day1));
    expect(value('listeners')?.value).toBe('2');
    expect(value('listeners')?.value).toBe(String(funnel('listened')));
    // Each pass by the edition's own name for it.
    expect(value('pass-aap')).toMatchObject({
      label: `${july.settings.upgrade.aap.name} sold`,
      value: '2',
      note: 'revenue 197.00 USD + 150.00 EUR',
    });
    expect(value('pass-replay')).toMatchObject({ value: '1', note: 'revenue 77.00 USD' });
    expect(insights.passes).toEqual([
      { pass: 'replay', sold: 1, revenue: [{ currency: 'usd', amount: 7_700 }] },
      {
        pass: 'aap',
        sold: 2,
        revenue: [
          { currency: 'usd', amount: 19_700 },
          { currency: 'eur', amount: 15_000 },
        ],
      },
    ]);
    expect(insights.mail.failed).toBeGreaterThanOrEqual(1);
    expect(insights.mail.pending).toBeGreaterThanOrEqual(2);
    expect(value('mail-failed')?.value).toBe(String(insights.mail.failed));
    expect(value('mail-waiting')?.value).toBe(String(insights.mail.pending));

    expect(home.figures.map((figure) => [figure.key, figure.href])).toEqual([
      ['registrations-today', '/admin/insights?edition=july#per-day-heading'],
      ['registrations', '/admin/registrants?edition=july'],
      ['opened-day-1', '/admin/insights?edition=july#opened-heading'],
      ['listeners', '/admin/insights?edition=july#funnel-heading'],
      ['pass-replay', '/admin/insights?edition=july#passes-heading'],
      ['pass-aap', '/admin/insights?edition=july#passes-heading'],
      ['mail-waiting', '/admin/editions/july/messages'],
      ['mail-failed', '/admin/editions/july/messages'],
      ['bounce-rate', '/admin/editions/july/messages'],
      ['complaint-rate', '/admin/editions/july/messages'],
      ['webhooks-failing', '/admin/webhooks'],
    ]);
    // One copy accepted, none bounced or marked as spam (docs/decisions/0089).
    expect(value('bounce-rate')).toMatchObject({ value: '0.00%', note: 'Limit 5.0%, from few e-mails yet' });
    expect(value('complaint-rate')).toMatchObject({ value: '0.00%', note: 'Limit 0.30%, from few e-mails yet' });
  });

  it('counts the edition’s failing webhook deliveries: given up on, or waiting again after a failed attempt', async () => {
    const august = (await readEdition(ctx.db, 'august'))!;
    const [endpoint] = await ctx.db
      .insert(webhookEndpoints)
      .values({ url: 'https://hooks.example.org/in', secret: 'whsec_dGVzdA==', events: ['registration.created'] })
      .returning({ id: webhookEndpoints.id });
    const event = async (editionId: number) =>
      (await ctx.db.insert(webhookEvents).values({ type: 'registration.created', editionId, payload: '{}' }).returning())[0]!.id;
    const deliveries = [
      { eventId: await event(july.id), status: 'failed' as const, attempts: 40 },
      { eventId: await event(july.id), status: 'pending' as const, attempts: 2 },
      { eventId: await event(july.id), status: 'pending' as const, attempts: 0 },
      { eventId: await event(july.id), status: 'delivered' as const, attempts: 1 },
      { eventId: await event(august.id), status: 'failed' as const, attempts: 40 },
    ];
    await ctx.db.insert(webhookDeliveries).values(deliveries.map((delivery) => ({ ...delivery, endpointId: endpoint!.id })));
    expect((await figuresOf(null)).value('webhooks-failing')).toMatchObject({ value: '2', href: '/admin/webhooks' });
    expect((await figuresOf('august')).value('webhooks-failing')?.value).toBe('1');
  });

  it('switches to another edition by its slug, with that edition’s figures', async () => {
    const { home, value } = await figuresOf('august');
    expect(home.edition).toEqual({ slug: 'august', name: expect.any(String) });
    expect(home.editions.map((edition) => edition.slug)).toEqual(expect.arrayContaining(['july', 'august']));
    expect(value('registrations')?.value).toBe('1');
    expect(value('registrations-today')?.value).toBe('1');
    expect(value('pass-aap')).toMatchObject({ value: '1', note: 'revenue 197.00 USD' });
    expect(value('mail-failed')?.value).toBe(
      String((await loadEditionInsights(ctx.db, (await readEdition(ctx.db, 'august'))!)).mail.failed),
    );
  });

  it('says plainly that an unknown or malformed slug names no edition, and still offers the others', async () => {
    for (const requested of ['no-such-edition', '../../etc', 'x'.repeat(500)]) {
      const home = await loadAdminHome(ctx.db, { requested, now, config: { PAYMENT_WEBHOOK_SECRET: undefined, SMTP_URL: undefined } });
      expect(home).toMatchObject({ kind: 'unknown-edition', slug: requested.slice(0, 80) });
      expect(home.editions.length).toBeGreaterThan(1);
    }
  });
});
