import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { parseIdentifier } from '../../../src/domain/sign-in.ts';
import { upsertAdmin, type AdminUser } from '../../../src/server/auth/accounts.ts';
import { saveEdition } from '../../../src/server/editions/edition-commands.ts';
import { loadEditionEditor } from '../../../src/server/editions/edition-admin-queries.ts';
import { readEdition } from '../../../src/server/editions/read-edition.ts';
import { appNow, configureTestClock, setTestClock } from '../../../src/server/clock.ts';
import { applyRetention, RETENTION_ACTOR } from '../../../src/server/retention/retention-job.ts';
import { auditLog, episodeDownloads, mailOutbox, purchases, registrants, registrantVisits } from '../../../src/server/db/schema.ts';
import { describeEachDatabase, useTestDatabase } from '../../support/databases.ts';

describeEachDatabase('retention set by the host', (database) => {
  const ctx = useTestDatabase(database, { seed: true });
  let admin: AdminUser;
  const ids: Record<string, number> = {};

  async function setRetention(slug: string, retention: Record<string, string>) {
    const editor = (await loadEditionEditor(ctx.db, slug))!;
    const values = {
      ...editor.values,
      ...Object.fromEntries(Object.entries(retention).map(([key, value]) => [`settings.retention.${key}`, value])),
    };
    return saveEdition({ handle: ctx.handle, admin, slug, values });
  }

  async function register(slug: string, firstName: string, amount?: number) {
    const edition = (await readEdition(ctx.db, slug, { fresh: true }))!;
    const [row] = await ctx.db
      .insert(registrants)
      .values({ editionId: edition.id, firstName, email: `${firstName.toLowerCase()}@${slug}.example` })
      .returning({ id: registrants.id });
    ids[firstName] = row!.id;
    await ctx.db.insert(registrantVisits).values({ registrantId: row!.id, pageType: 'day1' });
    await ctx.db
      .insert(episodeDownloads)
      .values({ editionId: edition.id, episodeId: 1, registrantId: row!.id, listenerKey: `r:${row!.id}`, route: 'feed' });
    await ctx.db
      .insert(mailOutbox)
      .values({ to: `${firstName.toLowerCase()}@${slug}.example`, subject: 'Day 1', text: 'Hello', registrantId: row!.id });
    if (amount)
      await ctx.db.insert(purchases).values({
        registrantId: row!.id,
        pass: 'aap',
        source: 'provider',
        amount,
        currency: 'usd',
        receiptUrl: 'https://pay.example/receipt',
        createdAt: new Date('2025-07-15T10:00:00Z'),
      });
  }

  const person = async (name: string) => (await ctx.db.select().from(registrants).where(eq(registrants.id, ids[name]!)))[0];
  const purchaseOf = async (name: string) => (await ctx.db.select().from(purchases).where(eq(purchases.registrantId, ids[name]!)))[0];
  const total = async () => (await ctx.db.select({ sum: sql<string>`coalesce(sum(${purchases.amount}), 0)` }).from(purchases))[0]!.sum;
  const retentionEntries = () => ctx.db.select().from(auditLog).where(eq(auditLog.actorLabel, RETENTION_ACTOR)).orderBy(desc(auditLog.id));

  async function runAt(instant: string) {
    await setTestClock(ctx.db, new Date(instant));
    return applyRetention(ctx.db, appNow());
  }

  beforeAll(async () => {
    configureTestClock(true);
    const { id } = await upsertAdmin(ctx.db, parseIdentifier('host@example.com')!, 'a long enough password');
    admin = { id, email: 'host@example.com', phone: null };
    await register('july', 'Ada');
    await register('july', 'Bob', 19_700);
    await register('august', 'Cy', 9_700);
    await register('september', 'Dee');
    await register('september', 'Eve', 7_700);
  });
  afterAll(() => configureTestClock(false));

  it('refuses bad settings under their fields and changes nothing', async () => {
    const before = (await readEdition(ctx.db, 'july', { fresh: true }))!.settings.retention;
    const result = await setRetention('july', { mode: 'forever', monthsAfterEnd: '0', accountingMonths: 'ten years' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors['settings.retention.accountingMonths']).toEqual(['Enter a whole number, 0 or more.']);
    const schemaOnly = await setRetention('july', { mode: 'forever', monthsAfterEnd: '0', accountingMonths: '361' });
    expect(schemaOnly.ok).toBe(false);
    if (schemaOnly.ok) return;
    expect(schemaOnly.errors['settings.retention.mode']).toEqual(['Choose one of the options in the list.']);
    expect(schemaOnly.errors['settings.retention.monthsAfterEnd']).toEqual(['Use 1 or more.']);
    expect(schemaOnly.errors['settings.retention.accountingMonths']).toEqual(['Use 360 or less.']);
    expect((await readEdition(ctx.db, 'july', { fresh: true }))!.settings.retention).toEqual(before);
    expect(before.mode).toBe('off');
  });

  it('anonymises an edition’s registrants a month after it ends, keeping its purchase totals and leaving other editions alone', async () => {
    expect((await setRetention('july', { mode: 'anonymise', monthsAfterEnd: '1', accountingMonths: '120' })).ok).toBe(true);
    expect((await setRetention('september', { mode: 'erase', monthsAfterEnd: '1', accountingMonths: '120' })).ok).toBe(true);
    const totalBefore = await total();

    // July ends on the 17th: a month later is not yet passed on August 10.
    expect(await runAt('2025-08-10T00:00:00Z')).toEqual([]);
    expect((await person('Ada'))!.firstName).toBe('Ada');
    // The edition screen says what goes next and when.
    const next = async (slug: string) => (await loadEditionEditor(ctx.db, slug))!.nextRemoval;
    expect(await next('july')).toMatch(/^Next: on 18 Aug 2025, 00:00 .*, the daily job will anonymise 2 registrants\.$/);
    expect(await next('august')).toBe('Retention is off: this edition’s registrants are kept until you remove them.');

    // A run does at most so many registrants; the next goes on.
    await setTestClock(ctx.db, new Date('2025-08-20T00:00:00Z'));
    const julyId = (await person('Ada'))!.editionId;
    expect(await applyRetention(ctx.db, appNow(), { mostPerRun: 1 })).toEqual([
      { editionId: julyId, erased: 0, anonymised: 1, buyersRemoved: 0, more: true },
    ]);
    expect(await runAt('2025-08-20T00:10:00Z')).toEqual([{ editionId: julyId, erased: 0, anonymised: 1, buyersRemoved: 0, more: false }]);
    for (const name of ['Ada', 'Bob']) {
      const row = (await person(name))!;
      expect(row.firstName).toBe('Anonymised');
      expect(row.email).not.toContain(name.toLowerCase());
      expect(row.keyRevokedAt).not.toBeNull();
      expect(row.anonymisedAt).not.toBeNull();
      expect(await ctx.db.select().from(registrantVisits).where(eq(registrantVisits.registrantId, ids[name]!))).toEqual([]);
      // Listening stays as a count with no one named; their mail keeps no address or text and is not sent.
      expect(
        await ctx.db
          .select()
          .from(episodeDownloads)
          .where(eq(episodeDownloads.listenerKey, `r:${ids[name]}`)),
      ).toMatchObject([{ registrantId: null }]);
      expect(await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.registrantId, ids[name]!))).toMatchObject([
        { to: row.email, subject: null, text: null, status: 'skipped' },
      ]);
    }
    // The purchase keeps its amount and invoice, and the buyer's name and e-mail for the legal period.
    expect(await purchaseOf('Bob')).toMatchObject({
      amount: 19_700,
      receiptUrl: 'https://pay.example/receipt',
      buyerName: 'Bob',
      buyerEmail: 'bob@july.example',
    });
    expect(await total()).toBe(totalBefore);
    // August's retention is off: its registrant is as they were.
    expect(await person('Cy')).toMatchObject({ firstName: 'Cy', email: 'cy@august.example', anonymisedAt: null });

    const [entry] = await retentionEntries();
    expect(entry).toMatchObject({ action: 'delete', entityType: 'editions', actorId: null });
    expect(entry!.summary).toContain('anonymised 1');
    expect(JSON.stringify(entry)).not.toContain('bob@july.example');

    expect(await next('july')).toMatch(
      /^Next: on 15 Jul 2035, .*remove the buyer’s name and e-mail from 1 purchase \(amounts and invoices stay\)\.$/,
    );

    // A second run the same day finds nothing due and writes nothing.
    const entries = (await retentionEntries()).length;
    expect((await runAt('2025-08-21T00:00:00Z')).every((run) => !run.erased && !run.anonymised && !run.buyersRemoved)).toBe(true);
    expect((await retentionEntries()).length).toBe(entries);
  });

  it('erases as set, but only anonymises a buyer so their purchase stays', async () => {
    await runAt('2025-10-26T00:00:00Z');
    expect(await person('Dee')).toBeUndefined();
    expect(await person('Eve')).toMatchObject({ firstName: 'Anonymised', anonymisedAt: expect.any(Date) });
    expect(await purchaseOf('Eve')).toMatchObject({ amount: 7_700, buyerEmail: 'eve@september.example' });
  });

  it('removes the buyer’s name and e-mail from purchases after the legal period, amounts unchanged', async () => {
    const totalBefore = await total();
    await runAt('2035-07-14T00:00:00Z');
    expect((await purchaseOf('Bob'))!.buyerEmail).toBe('bob@july.example');
    await runAt('2035-07-16T12:00:00Z');
    expect(await purchaseOf('Bob')).toMatchObject({
      amount: 19_700,
      receiptUrl: 'https://pay.example/receipt',
      buyerName: null,
      buyerEmail: null,
    });
    expect(await purchaseOf('Eve')).toMatchObject({ amount: 7_700, buyerEmail: null });
    expect(await total()).toBe(totalBefore);
    expect(await person('Cy')).toMatchObject({ firstName: 'Cy' });
    const [entry] = await retentionEntries();
    expect(entry!.summary).toContain('from 1 purchases');
    expect(
      await ctx.db
        .select()
        .from(purchases)
        .where(and(eq(purchases.registrantId, ids.Cy!), eq(purchases.amount, 9_700))),
    ).toHaveLength(1);
  });
});
