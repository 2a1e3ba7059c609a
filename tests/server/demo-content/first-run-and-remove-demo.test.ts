/**
 * The first-run checklist and "Remove the demo" over real rows (docs/PRODUCT.md "Admin"): each
 * step is done or not from the data; the demo goes in one step, with its registrants erased as the
 * admin erases one, only once the home page shows the host's own edition and the host typed the
 * confirmation; the host's edition is untouched.
 */
import { desc, eq, inArray } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { parseIdentifier } from '../../../src/domain/sign-in.ts';
import { firstRunSteps, type FirstRunStepKey } from '../../../src/domain/admin-home/first-run.ts';
import { upsertAdmin, type AdminUser } from '../../../src/server/auth/accounts.ts';
import {
  auditLog,
  editionMessages,
  editions,
  episodes,
  registrants,
  speakers,
  webhookEndpoints,
  webhookEvents,
} from '../../../src/server/db/schema.ts';
import { createEdition } from '../../../src/server/editions/new-edition.ts';
import { showOnHomePage } from '../../../src/server/editions/home-edition.ts';
import { invalidateContent } from '../../../src/server/caching/content-cache.ts';
import { readFirstRunFacts } from '../../../src/server/admin-home/first-run-facts.ts';
import { loadAdminHome } from '../../../src/server/admin-home/admin-home.ts';
import { removeDemo } from '../../../src/server/demo-content/remove-demo.ts';
import { registerAttendee } from '../../../src/server/registrants/register.ts';
import { describeEachDatabase, useTestDatabase } from '../../support/databases.ts';

const pottery = {
  name: 'Tidewater Makers Summit 2026',
  slug: 'tidewater',
  summitStartDate: '2026-12-15',
  summitEndDate: '2026-12-17',
  timezone: 'Europe/Berlin',
  supportEmail: 'hello@tidewater.example.org',
  accessMode: 'registrants',
};
const UNCONFIGURED = { PAYMENT_WEBHOOK_SECRET: undefined, SMTP_URL: undefined };

describeEachDatabase('the first-run checklist and removing the demo', (database) => {
  const ctx = useTestDatabase(database, { seed: true });
  let admin: AdminUser;
  const done = async (config: Parameters<typeof readFirstRunFacts>[1] = UNCONFIGURED) =>
    Object.fromEntries(firstRunSteps(await readFirstRunFacts(ctx.db, config)).map((step) => [step.key, step.done])) as Record<
      FirstRunStepKey,
      boolean
    >;

  beforeAll(async () => {
    invalidateContent();
    const { id } = await upsertAdmin(ctx.db, parseIdentifier('host@tidewater.example')!, 'a long enough password');
    admin = { id, email: 'host@tidewater.example', phone: null };
  });

  it('starts with every step open on the demo, and the server’s steps follow its configuration', async () => {
    expect(Object.values(await done()).every((value) => !value)).toBe(true);
    const configured = await done({ PAYMENT_WEBHOOK_SECRET: 'whsec_x', SMTP_URL: 'smtp://127.0.0.1:2525' });
    expect(configured).toMatchObject({ payments: true, 'mail-server': true, edition: false });
  });

  it('ticks each step of the host’s edition as the data holds it', async () => {
    expect(await createEdition(ctx.handle, admin, pottery)).toEqual({ ok: true, slug: 'tidewater' });
    expect(await done()).toMatchObject({
      edition: true,
      passes: false,
      speakers: false,
      episodes: false,
      emails: false,
      'home-page': false,
    });
    const [edition] = await ctx.db.select().from(editions).where(eq(editions.slug, 'tidewater'));
    const settings = edition!.settings as { upgrade: { replay: { name: string } } };
    settings.upgrade.replay.name = 'Studio Pass';
    await ctx.db.update(editions).set({ settings }).where(eq(editions.id, edition!.id));
    await ctx.db.insert(speakers).values({ editionId: edition!.id, day: 1, firstName: 'Elske', lastName: 'Vos', bio: 'Throws.' });
    await ctx.db.insert(episodes).values({
      editionId: edition!.id,
      day: 1,
      title: 'Clay',
      externalUrl: 'https://cdn.example.org/clay.mp3',
      contentType: 'audio/mpeg',
    });
    const [message] = await ctx.db.select().from(editionMessages).where(eq(editionMessages.editionId, edition!.id)).limit(1);
    await ctx.db
      .update(editionMessages)
      .set({ subject: 'Welcome to the studio', updatedAt: new Date(message!.createdAt.getTime() + 60_000) })
      .where(eq(editionMessages.id, message!.id));
    expect(await done()).toMatchObject({
      passes: true,
      speakers: true,
      episodes: true,
      emails: true,
      'home-page': false,
      'go-live': false,
    });
  });

  it('refuses to remove the demo while the home page shows it, and changes nothing', async () => {
    const refused = await removeDemo({ handle: ctx.handle, admin, confirmation: 'remove the demo' });
    expect(refused).toEqual({
      ok: false,
      status: 409,
      message: expect.stringContaining('a demo edition. Show your own edition on the home page first'),
    });
    expect(
      await ctx.db
        .select({ slug: editions.slug })
        .from(editions)
        .where(inArray(editions.slug, ['july', 'august', 'september'])),
    ).toHaveLength(3);
  });

  it('asks for the confirmation, then removes the three demo editions and erases their registrants, leaving the host’s', async () => {
    expect(await showOnHomePage({ handle: ctx.handle, admin, slug: 'tidewater' })).toMatchObject({ ok: true });
    // A receiver of erasures: what leaves the site for the host's tools.
    await ctx.db
      .insert(webhookEndpoints)
      .values({ url: 'https://hooks.example.org/in', secret: 'whsec_test', events: ['registrant.erased'] });
    const registered = await registerAttendee({
      db: ctx.db,
      editionSlug: 'august',
      input: { firstName: 'Tester', email: 'tester@tidewater.example', consent: false },
      moment: { now: new Date(), timeZone: null },
    });
    expect(registered.status).toBe('created');
    const own = await registerAttendee({
      db: ctx.db,
      editionSlug: 'tidewater',
      input: { firstName: 'Elske', email: 'elske@tidewater.example', consent: true },
      moment: { now: new Date(), timeZone: null },
    });
    expect(own.status).toBe('created');

    expect(await removeDemo({ handle: ctx.handle, admin, confirmation: 'yes' })).toEqual({
      ok: false,
      status: 422,
      message: 'Type “remove the demo” to confirm.',
    });
    expect(await ctx.db.select().from(editions)).toHaveLength(4);

    const removed = await removeDemo({ handle: ctx.handle, admin, confirmation: '  Remove the demo ' });
    expect(removed).toMatchObject({
      ok: true,
      message: expect.stringMatching(/^Removed the demo: .+, with 1 registrant and \d+ episodes\.$/),
    });
    expect((await ctx.db.select({ slug: editions.slug }).from(editions)).map((row) => row.slug)).toEqual(['tidewater']);
    expect((await ctx.db.select({ email: registrants.email }).from(registrants)).map((row) => row.email)).toEqual([
      'elske@tidewater.example',
    ]);
    const erased = await ctx.db
      .select({ payload: webhookEvents.payload })
      .from(webhookEvents)
      .where(eq(webhookEvents.type, 'registrant.erased'));
    expect(erased.map((row) => JSON.parse(row.payload).data)).toEqual([
      expect.objectContaining({ editionSlug: 'august', email: 'tester@tidewater.example' }),
    ]);
    const [entry] = await ctx.db.select({ summary: auditLog.summary }).from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(entry!.summary).toMatch(/^Removed the demo: /);
    expect(await done()).toMatchObject({ 'home-page': true, 'go-live': true });

    expect(await removeDemo({ handle: ctx.handle, admin, confirmation: 'remove the demo' })).toEqual({
      ok: false,
      status: 409,
      message: 'The demo editions are already gone.',
    });
  });
});

describeEachDatabase('a site started without the demo', (database) => {
  const ctx = useTestDatabase(database);

  it('opens the admin’s home on the checklist, with no edition and no figures', async () => {
    invalidateContent();
    const home = await loadAdminHome(ctx.db, { requested: null, now: new Date(), config: UNCONFIGURED });
    expect(home).toMatchObject({ kind: 'no-editions', editions: [] });
    expect(home.firstRun?.map((step) => [step.key, step.done, step.href])).toEqual([
      ['brand', false, '/admin/brand'],
      ['edition', false, '/admin/editions/new'],
      ['passes', false, '/admin/editions/new'],
      ['speakers', false, '/admin/editions/new'],
      ['episodes', false, '/admin/editions/new'],
      ['emails', false, '/admin/editions/new'],
      ['payments', false, '/admin/payments'],
      ['mail-server', false, '/admin/editions/new'],
      ['home-page', false, '/admin/editions'],
      // Nothing of the demo to remove, but no edition of the host's on the home page either.
      ['go-live', false, '/admin/remove-demo'],
    ]);
  });
});
