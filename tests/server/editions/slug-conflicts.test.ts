/**
 * Where an edition gets its slug (New edition, Duplicate, the JSON import and its "Import as"),
 * on both databases: a slug a route of the site owns is refused with a message; a support address
 * the template's schema would refuse is refused at its field; and several requests creating one
 * slug at once make it once, each other one refused with a message, never a failure (on Postgres
 * they really run together: the slug's unique index refuses the later rows).
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { isEmailAddress } from '../../../src/domain/email-address.ts';
import { RESERVED_SLUG_MESSAGE } from '../../../src/domain/reserved-slugs.ts';
import { parseIdentifier } from '../../../src/domain/sign-in.ts';
import { upsertAdmin, type AdminUser } from '../../../src/server/auth/accounts.ts';
import { auditLog, editions } from '../../../src/server/db/schema.ts';
import { duplicateEdition } from '../../../src/server/editions/duplicate-edition.ts';
import { importEditionDocument } from '../../../src/server/editions/edition-import.ts';
import { readEditionDocument, serializeEditionDocument } from '../../../src/server/editions/edition-transfer.ts';
import { createEdition, slugTakenMeanwhileMessage, slugTakenMessage } from '../../../src/server/editions/new-edition.ts';
import { describeEachDatabase, useTestDatabase } from '../../support/databases.ts';

const ROUTE_SLUGS = ['access', 'unsubscribe', 'feed', 'listen', 'archive'];

const newEdition = {
  name: 'Spring Gathering',
  slug: 'spring-gathering',
  summitStartDate: '2027-03-02',
  summitEndDate: '2027-03-04',
  timezone: 'Europe/Berlin',
  supportEmail: 'hello@spring.example.org',
  accessMode: 'registrants',
};

describeEachDatabase('edition slugs: the site’s own addresses, odd addresses, one slug at once', (database) => {
  const ctx = useTestDatabase(database, { seed: true });
  let admin: AdminUser;

  beforeAll(async () => {
    const { id } = await upsertAdmin(ctx.db, parseIdentifier('host@example.com')!, 'a long enough password');
    admin = { id, email: 'host@example.com', phone: null };
  });

  /** august's document without episodes and e-mails (nothing of it needs audio), under another slug. */
  async function documentAs(slug: string): Promise<string> {
    const { episodes: _episodes, messages: _messages, ...august } = (await readEditionDocument(ctx.db, 'august'))!;
    return serializeEditionDocument({ ...august, edition: { ...august.edition, slug, name: `Copy ${slug}` } });
  }

  const rowsWithSlug = async (slug: string) => ctx.db.select({ id: editions.id }).from(editions).where(eq(editions.slug, slug));
  const creations = async () =>
    ctx.db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'editions'), eq(auditLog.action, 'create')))
      .then((rows) => rows.length);

  it('refuses every slug a route owns, wherever a slug is given, with the same message', async () => {
    for (const slug of ROUTE_SLUGS) {
      expect(await createEdition(ctx.handle, admin, { ...newEdition, slug }), slug).toEqual({
        ok: false,
        errors: { slug: [RESERVED_SLUG_MESSAGE] },
      });
      expect(await importEditionDocument({ handle: ctx.handle, admin, text: await documentAs(slug) }), slug).toEqual({
        ok: false,
        problems: [`edition.slug: ${RESERVED_SLUG_MESSAGE}`],
      });
      expect(await importEditionDocument({ handle: ctx.handle, admin, text: await documentAs('autumn'), asSlug: slug }), slug).toEqual({
        ok: false,
        problems: [`Import as: ${RESERVED_SLUG_MESSAGE}`],
      });
      const values = { source: 'august', slug, name: 'A copy', copyEpisodes: false, confirmed: true };
      expect(await duplicateEdition({ handle: ctx.handle, admin, values, now: new Date() }), slug).toEqual({
        ok: false,
        errors: { slug: [RESERVED_SLUG_MESSAGE] },
      });
      expect(await rowsWithSlug(slug), slug).toEqual([]);
    }
  });

  it('refuses a@b.c as the support address at its field, as every later check would', async () => {
    const result = await createEdition(ctx.handle, admin, { ...newEdition, supportEmail: 'a@b.c' });
    expect(result).toEqual({ ok: false, errors: { supportEmail: ['Enter an e-mail address such as hello@example.com.'] } });
    expect(await rowsWithSlug(newEdition.slug)).toEqual([]);
  });

  it('copies an edition whose stored support address the rule now refuses: the copy carries settings that pass it', async () => {
    const [september] = await ctx.db.select().from(editions).where(eq(editions.slug, 'september'));
    const stored = september!.settings as { dashboard: Record<string, unknown> };
    const settings = { ...stored, dashboard: { ...stored.dashboard, supportEmail: 'help@company' } };
    await ctx.db.update(editions).set({ settings }).where(eq(editions.id, september!.id));
    try {
      const values = { source: 'september', slug: 'september-copy', name: 'A copy', copyEpisodes: false, confirmed: true };
      const result = await duplicateEdition({ handle: ctx.handle, admin, values, now: new Date() });
      expect(result).toMatchObject({ ok: true });
      const [copy] = await ctx.db.select().from(editions).where(eq(editions.slug, 'september-copy'));
      const copied = (copy!.settings as { dashboard: { supportEmail: string } }).dashboard.supportEmail;
      expect(copied === '' || isEmailAddress(copied)).toBe(true);
    } finally {
      await ctx.db.delete(editions).where(eq(editions.slug, 'september-copy'));
      await ctx.db.update(editions).set({ settings: september!.settings }).where(eq(editions.id, september!.id));
    }
  });

  it('makes an edition once when 4 New edition posts of one slug arrive together; the others are told it is taken', async () => {
    const before = await creations();
    const settled = await Promise.allSettled(Array.from({ length: 4 }, () => createEdition(ctx.handle, admin, newEdition)));
    const results = settled.map((outcome) => (outcome.status === 'fulfilled' ? outcome.value : { failed: String(outcome.reason) }));
    expect(results.filter((result) => 'ok' in result && result.ok)).toEqual([{ ok: true, slug: newEdition.slug }]);
    const refused = results.filter((result) => !('ok' in result && result.ok));
    expect(refused).toEqual(Array(3).fill({ ok: false, errors: { slug: [slugTakenMessage(newEdition.slug)] } }));
    expect(await rowsWithSlug(newEdition.slug)).toHaveLength(1);
    expect(await creations()).toBe(before + 1);
  });

  it('makes a copy once when 4 Duplicates into one slug arrive together', async () => {
    const values = { source: 'august', slug: 'august-again', name: 'August again', copyEpisodes: false, confirmed: true };
    const settled = await Promise.allSettled(
      Array.from({ length: 4 }, () => duplicateEdition({ handle: ctx.handle, admin, values, now: new Date() })),
    );
    const results = settled.map((outcome) => (outcome.status === 'fulfilled' ? outcome.value : { failed: String(outcome.reason) }));
    expect(results.filter((result) => 'ok' in result && result.ok)).toEqual([{ ok: true, slug: 'august-again' }]);
    expect(results.filter((result) => !('ok' in result && result.ok))).toEqual(
      Array(3).fill({ ok: false, errors: { slug: [slugTakenMessage('august-again')] } }),
    );
    expect(await rowsWithSlug('august-again')).toHaveLength(1);
  });

  it('creates the edition once when 12 imports of one new slug arrive together; none fails', async () => {
    const text = await documentAs('imported-twelve');
    const settled = await Promise.allSettled(Array.from({ length: 12 }, () => importEditionDocument({ handle: ctx.handle, admin, text })));
    const results = settled.map((outcome) => (outcome.status === 'fulfilled' ? outcome.value : { failed: String(outcome.reason) }));
    expect(results.filter((result) => 'failed' in result)).toEqual([]);
    expect(results.filter((result) => 'created' in result && result.created)).toHaveLength(1);
    // Each other one either came after it and replaced its content (PGlite runs one transaction at
    // a time), or ran beside it and was refused when the unique index took the first one's row.
    for (const result of results) {
      if ('ok' in result && !result.ok) expect(result.problems).toEqual([slugTakenMeanwhileMessage('imported-twelve')]);
    }
    expect(await rowsWithSlug('imported-twelve')).toHaveLength(1);
    expect((await readEditionDocument(ctx.db, 'imported-twelve'))?.speakers.length).toBe(
      (await readEditionDocument(ctx.db, 'august'))?.speakers.length,
    );
  });
});
