import { parse } from 'csv-parse/sync';
import { and, asc, eq } from 'drizzle-orm';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseIdentifier } from '../../../src/domain/sign-in.ts';
import { upsertAdmin, type AdminUser } from '../../../src/server/auth/accounts.ts';
import {
  changeRegistrantTier,
  deleteRegistrant,
  handleRegistrantAction,
  parseRegistrantsQuery,
} from '../../../src/server/registrants/registrant-admin.ts';
import {
  escapeLikePattern,
  listRegistrants,
  registrantsCsv,
  registrantsCsvFileName,
  registrantsCsvResponse,
} from '../../../src/server/registrants/registrant-list.ts';
import { auditLog, mailOutbox, mailPreferences, editions, purchases, registrants } from '../../../src/server/db/schema.ts';
import { formatUtcDateTime } from '../../../src/domain/dates.ts';
import type { EditionSettings } from '../../../src/domain/edition-settings/schema.ts';
import { RegistrantsView, type RegistrantsViewProps } from '../../../src/views/admin/RegistrantsView.tsx';
import { protectCell } from '../../../src/server/csv/spreadsheet-csv.ts';
import { describeEachDatabase, useTestDatabase } from '../../support/databases.ts';

const BASE = Date.UTC(2026, 10, 1, 9, 0);
/** Registrant i of august registered i hours after BASE, so a higher i is newer. */
const at = (i: number) => new Date(BASE + i * 3_600_000);

/** The 60 august registrants: generic guests, with a few special ones at known positions. */
const SPECIAL: Record<number, { firstName: string; email: string }> = {
  3: { firstName: 'ADA', email: 'ada@example.org' },
  7: { firstName: 'Grace', email: 'grace.HOPPER@example.org'.toLowerCase() },
  11: { firstName: '100% Real', email: 'percent@example.org' },
  13: { firstName: 'Under', email: 'under_score@example.org' },
  20: { firstName: '=HYPERLINK("http://evil.example","x")', email: 'formula@example.org' },
  21: { firstName: '+61 Plus', email: 'plus@example.org' },
  22: { firstName: '-Minus', email: 'minus@example.org' },
  23: { firstName: '@At', email: 'at@example.org' },
  24: { firstName: '\tTab', email: 'tab@example.org' },
  25: { firstName: 'Quote "and, comma"', email: 'quote@example.org' },
};

function august(i: number) {
  return SPECIAL[i] ?? { firstName: `Guest ${String(i).padStart(2, '0')}`, email: `guest${String(i).padStart(2, '0')}@example.com` };
}

describeEachDatabase('admin registrants', (database) => {
  const ctx = useTestDatabase(database, { seed: true });
  let admin: AdminUser;
  let augustId: number;
  let julyId: number;
  let julyAda: number;

  beforeAll(async () => {
    const { id } = await upsertAdmin(ctx.db, parseIdentifier('host@example.com')!, 'a long enough password');
    admin = { id, email: 'host@example.com', phone: null };
    const rows = await ctx.db.select({ id: editions.id, slug: editions.slug }).from(editions);
    augustId = rows.find((row) => row.slug === 'august')!.id;
    julyId = rows.find((row) => row.slug === 'july')!.id;
    await ctx.db.insert(registrants).values(
      Array.from({ length: 60 }, (_, i) => ({
        editionId: augustId,
        ...august(i),
        tier: i % 10 === 0 ? ('replay' as const) : ('free' as const),
        createdAt: at(i),
      })),
    );
    const july = await ctx.db
      .insert(registrants)
      .values([
        { editionId: julyId, firstName: 'Ada', email: 'ada@july.example', createdAt: at(100) },
        { editionId: julyId, firstName: 'Linus', email: 'linus@july.example', createdAt: at(101) },
        { editionId: julyId, firstName: '50%', email: 'half@july.example', createdAt: at(102) },
      ])
      .returning({ id: registrants.id, firstName: registrants.firstName });
    julyAda = july.find((row) => row.firstName === 'Ada')!.id;
  });

  const names = (rows: { firstName: string }[]) => rows.map((row) => row.firstName);

  it('lists 25 per page, newest first, with the total and the page count', async () => {
    const first = await listRegistrants(ctx.db, augustId, { q: '', page: 1 });
    expect(first).toMatchObject({ total: 60, page: 1, pageCount: 3, pageSize: 25 });
    expect(first.rows).toHaveLength(25);
    expect(names(first.rows)).toEqual(Array.from({ length: 25 }, (_, k) => august(59 - k).firstName));
    expect(first.rows[0]).toMatchObject({ email: 'guest59@example.com', tier: 'free', registeredAt: at(59).toISOString() });

    const second = await listRegistrants(ctx.db, augustId, { q: '', page: 2 });
    expect(names(second.rows)).toEqual(Array.from({ length: 25 }, (_, k) => august(34 - k).firstName));

    const third = await listRegistrants(ctx.db, augustId, { q: '', page: 3 });
    expect(third.rows).toHaveLength(10);
    expect(third.rows.at(-1)).toMatchObject({ firstName: 'Guest 00', tier: 'replay' });
  });

  it('shows the last page when asked past the end, and page 1 of 1 when empty', async () => {
    const past = await listRegistrants(ctx.db, augustId, { q: '', page: 99 });
    expect(past).toMatchObject({ page: 3, pageCount: 3 });
    expect(past.rows).toHaveLength(10);
    const none = await listRegistrants(ctx.db, augustId, { q: 'nobody-at-all', page: 1 });
    expect(none).toMatchObject({ rows: [], total: 0, page: 1, pageCount: 1 });
  });

  it('keeps to the edition', async () => {
    const july = await listRegistrants(ctx.db, julyId, { q: '', page: 1 });
    expect(july.total).toBe(3);
    expect(names(july.rows)).toEqual(['50%', 'Linus', 'Ada']);
  });

  it('searches first names and e-mails for a case-insensitive substring', async () => {
    const byName = await listRegistrants(ctx.db, augustId, { q: 'ada', page: 1 });
    expect(byName.rows.map((row) => row.email)).toEqual(['ada@example.org']);
    const byEmail = await listRegistrants(ctx.db, augustId, { q: 'HOPPER@', page: 1 });
    expect(names(byEmail.rows)).toEqual(['Grace']);
    const byDomain = await listRegistrants(ctx.db, augustId, { q: 'EXAMPLE.COM', page: 2 });
    expect(byDomain.total).toBe(50);
    expect(byDomain).toMatchObject({ page: 2, pageCount: 2 });
    expect(byDomain.rows).toHaveLength(25);
    const both = await listRegistrants(ctx.db, augustId, { q: 'guest 1', page: 1 });
    expect(names(both.rows)).toEqual(['Guest 19', 'Guest 18', 'Guest 17', 'Guest 16', 'Guest 15', 'Guest 14', 'Guest 12', 'Guest 10']);
  });

  it('treats % and _ in the search literally', async () => {
    expect(escapeLikePattern('50%_a\\b')).toBe('50\\%\\_a\\\\b');
    expect(names((await listRegistrants(ctx.db, augustId, { q: '%', page: 1 })).rows)).toEqual(['100% Real']);
    expect((await listRegistrants(ctx.db, augustId, { q: '_', page: 1 })).rows.map((row) => row.email)).toEqual([
      'under_score@example.org',
    ]);
    expect((await listRegistrants(ctx.db, augustId, { q: 'guest_1', page: 1 })).total).toBe(0);
    expect((await listRegistrants(ctx.db, augustId, { q: '\\', page: 1 })).total).toBe(0);
    expect(names((await listRegistrants(ctx.db, julyId, { q: '50%', page: 1 })).rows)).toEqual(['50%']);
  });

  it('exports every matching registrant of the edition as CSV, with formulas neutralised', async () => {
    const csv = await registrantsCsv(ctx.db, augustId, '');
    // The byte order mark makes Excel read the file as UTF-8, as the speakers CSV does.
    expect(csv.split('\n')[0]).toBe(
      '\uFEFFfirstName,email,tier,registeredAt,marketingConsentAt,marketingConsentWording,unsubscribedAt,passes,refunds,timeZone',
    );
    const records = parse(csv, { bom: true, columns: true, relax_column_count: false }) as Record<string, string>[];
    expect(records).toHaveLength(60);
    expect(records[0]).toMatchObject({
      firstName: 'Guest 59',
      email: 'guest59@example.com',
      tier: 'free',
      registeredAt: at(59).toISOString(),
    });
    expect(records.at(-1)).toMatchObject({
      firstName: 'Guest 00',
      email: 'guest00@example.com',
      tier: 'replay',
      registeredAt: at(0).toISOString(),
    });
    const byEmail = new Map(records.map((record) => [record.email, record.firstName]));
    expect(byEmail.get('formula@example.org')).toBe(`'=HYPERLINK("http://evil.example","x")`);
    expect(byEmail.get('plus@example.org')).toBe("'+61 Plus");
    expect(byEmail.get('minus@example.org')).toBe("'-Minus");
    expect(byEmail.get('at@example.org')).toBe("'@At");
    expect(byEmail.get('tab@example.org')).toBe("'\tTab");
    expect(byEmail.get('quote@example.org')).toBe('Quote "and, comma"');
    expect(byEmail.get('ada@example.org')).toBe('ADA');
    expect(csv).not.toContain('july.example');

    const searched = parse(await registrantsCsv(ctx.db, augustId, 'example.org'), { bom: true, columns: true }) as Record<string, string>[];
    expect(searched.map((record) => record.email)).toEqual(
      Object.entries(SPECIAL)
        .sort(([a], [b]) => Number(b) - Number(a))
        .map(([, special]) => special.email),
    );
    expect(await registrantsCsv(ctx.db, augustId, 'nobody-at-all')).toBe(
      '\uFEFFfirstName,email,tier,registeredAt,marketingConsentAt,marketingConsentWording,unsubscribedAt,passes,refunds,timeZone\n',
    );
  });

  it('lists and exports consent, unsubscribe, passes, refunds and time zone', async () => {
    const [row] = await ctx.db
      .insert(registrants)
      .values({
        editionId: julyId,
        firstName: 'Consent',
        email: 'consent@july.example',
        tier: 'aap',
        createdAt: at(104),
        consentedAt: at(104),
        consentWording: 'Yes, send me offers.',
      })
      .returning({ id: registrants.id });
    const id = row!.id;
    try {
      await ctx.db.insert(mailPreferences).values({ registrantId: id, timeZone: 'Europe/Berlin', unsubscribedAt: at(105) });
      await ctx.db.insert(purchases).values([
        { registrantId: id, pass: 'aap', source: 'provider', status: 'active' },
        { registrantId: id, pass: 'replay', source: 'provider', status: 'refunded' },
      ]);
      const [listed] = (await listRegistrants(ctx.db, julyId, { q: 'consent@', page: 1 })).rows;
      expect(listed).toMatchObject({
        consentedAt: at(104).toISOString(),
        consentWording: 'Yes, send me offers.',
        unsubscribedAt: at(105).toISOString(),
        passes: ['Sovereign Pathway All Access Pass'],
        refunds: ['Replay Pass (refunded)'],
        timeZone: 'Europe/Berlin',
      });
      const [record] = parse(await registrantsCsv(ctx.db, julyId, 'consent@'), { bom: true, columns: true }) as Record<string, string>[];
      expect(record).toEqual({
        firstName: 'Consent',
        email: 'consent@july.example',
        tier: 'aap',
        registeredAt: at(104).toISOString(),
        marketingConsentAt: at(104).toISOString(),
        marketingConsentWording: 'Yes, send me offers.',
        unsubscribedAt: at(105).toISOString(),
        passes: 'Sovereign Pathway All Access Pass',
        refunds: 'Replay Pass (refunded)',
        timeZone: 'Europe/Berlin',
      });
      // An edition that names its passes its own way: the list and the CSV use its names.
      const [{ settings }] = (await ctx.db.select({ settings: editions.settings }).from(editions).where(eq(editions.id, julyId))) as [
        { settings: EditionSettings },
      ];
      const renamed = { ...settings.upgrade };
      renamed.aap = { ...renamed.aap, name: 'Harbour Pass' };
      renamed.replay = { ...renamed.replay, name: 'Harbour Replay' };
      await ctx.db
        .update(editions)
        .set({ settings: { ...settings, upgrade: renamed } })
        .where(eq(editions.id, julyId));
      try {
        const [named] = (await listRegistrants(ctx.db, julyId, { q: 'consent@', page: 1 })).rows;
        expect(named).toMatchObject({ passes: ['Harbour Pass'], refunds: ['Harbour Replay (refunded)'] });
        const [csvNamed] = parse(await registrantsCsv(ctx.db, julyId, 'consent@'), { bom: true, columns: true }) as Record<
          string,
          string
        >[];
        expect(csvNamed).toMatchObject({ passes: 'Harbour Pass', refunds: 'Harbour Replay (refunded)' });
      } finally {
        await ctx.db.update(editions).set({ settings }).where(eq(editions.id, julyId));
      }
      // A registrant without any: empty cells, and "not agreed" in the list.
      const [plain] = (await listRegistrants(ctx.db, julyId, { q: 'linus@', page: 1 })).rows;
      expect(plain).toMatchObject({ consentedAt: null, unsubscribedAt: null, passes: [], refunds: [], timeZone: null });
    } finally {
      await ctx.db.delete(registrants).where(eq(registrants.id, id));
    }
  });

  it('protects a formula after a separator: a spreadsheet splitting on semicolons would run it', async () => {
    const [row] = await ctx.db
      .insert(registrants)
      .values({ editionId: julyId, firstName: 'Semi;=1+1', email: 'semicolon@july.example', createdAt: at(103) })
      .returning({ id: registrants.id });
    try {
      const csv = await registrantsCsv(ctx.db, julyId, 'semicolon');
      expect(csv.startsWith('\uFEFF')).toBe(true);
      expect(parse(csv, { bom: true, columns: true })).toMatchObject([
        { firstName: "Semi;'=1+1", email: 'semicolon@july.example', tier: 'free', registeredAt: at(103).toISOString() },
      ]);
    } finally {
      await ctx.db.delete(registrants).where(eq(registrants.id, row!.id));
    }
  });

  it('protects every formula-starting cell and names the file after the edition and day', async () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) expect(protectCell(`${start}1`)).toBe(`'${start}1`);
    expect(protectCell('Ada')).toBe('Ada');
    expect(protectCell('')).toBe('');
    expect(registrantsCsvFileName('august', new Date('2026-11-21T23:59:00Z'))).toBe('registrants-august-2026-11-21.csv');
    const response = registrantsCsvResponse('a\n', 'registrants-august-2026-11-21.csv');
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="registrants-august-2026-11-21.csv"');
  });

  it('validates the query string with clear messages', () => {
    const ok = parseRegistrantsQuery(new URLSearchParams('edition=august&q=%20Ada%20&page=2'));
    expect(ok).toEqual({ query: { q: 'Ada', page: 2 }, rawQ: ' Ada ', errors: {} });
    expect(parseRegistrantsQuery(new URLSearchParams('page=')).query.page).toBe(1);
    for (const page of ['0', '-1', '2.5', 'abc', '1e3', '99999999999']) {
      const parsed = parseRegistrantsQuery(new URLSearchParams({ page }));
      expect(parsed.errors.page, page).toBe('The page must be a whole number from 1 up.');
      expect(parsed.query.page).toBe(1);
    }
    expect(parseRegistrantsQuery(new URLSearchParams({ q: 'x'.repeat(200) })).errors).toEqual({});
    const long = parseRegistrantsQuery(new URLSearchParams({ q: 'x'.repeat(201) }));
    expect(long.errors.q).toBe('Search for at most 200 characters.');
    expect(long.query.q).toBe('');
    expect(long.rawQ).toHaveLength(201);
  });

  it('changes a tier only inside the edition, with an audit entry', async () => {
    const [target] = (await listRegistrants(ctx.db, augustId, { q: 'ada@example.org', page: 1 })).rows;
    const refused = await changeRegistrantTier({ db: ctx.db, admin, editionId: julyId, id: target!.id, tier: 'aap' });
    expect(refused).toMatchObject({ ok: false, status: 404 });
    const refusedOther = await changeRegistrantTier({ db: ctx.db, admin, editionId: augustId, id: julyAda, tier: 'aap' });
    expect(refusedOther).toMatchObject({ ok: false, status: 404 });
    const [julyRow] = await ctx.db.select().from(registrants).where(eq(registrants.id, julyAda));
    expect(julyRow?.tier).toBe('free');

    const changed = await changeRegistrantTier({ db: ctx.db, admin, editionId: augustId, id: target!.id, tier: 'aap' });
    expect(changed).toEqual({ ok: true, message: `Changed the tier of registrant #${target!.id} to Sovereign Pathway All Access Pass.` });
    const [row] = await ctx.db.select().from(registrants).where(eq(registrants.id, target!.id));
    expect(row?.tier).toBe('aap');
    const audits = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'registrants'), eq(auditLog.entityId, String(target!.id))));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      action: 'update',
      actorId: admin.id,
      actorLabel: 'host@example.com',
      summary: `Changed the tier of registrant #${target!.id} to aap`,
      details: { editionId: augustId, from: 'free', to: 'aap' },
    });

    const again = await changeRegistrantTier({ db: ctx.db, admin, editionId: augustId, id: target!.id, tier: 'aap' });
    expect(again.ok).toBe(true);
    expect(
      await ctx.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.entityId, String(target!.id))),
    ).toHaveLength(1);
  });

  it('deletes only inside the edition, with an audit entry', async () => {
    const refused = await deleteRegistrant({ db: ctx.db, admin, editionId: augustId, id: julyAda });
    expect(refused).toMatchObject({ ok: false, status: 404 });
    expect(await ctx.db.select().from(registrants).where(eq(registrants.id, julyAda))).toHaveLength(1);

    const [target] = (await listRegistrants(ctx.db, augustId, { q: 'grace', page: 1 })).rows;
    await ctx.db.insert(mailOutbox).values({ to: 'grace.hopper@example.org', subject: 'Welcome', text: 't', html: 'h' });
    const deleted = await deleteRegistrant({ db: ctx.db, admin, editionId: augustId, id: target!.id });
    // Erased with their mail, since they are not registered for another edition.
    expect(await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'grace.hopper@example.org'))).toEqual([]);
    expect(deleted).toEqual({ ok: true, message: `Deleted registrant #${target!.id} (grace.hopper@example.org).` });
    expect(await ctx.db.select().from(registrants).where(eq(registrants.id, target!.id))).toHaveLength(0);
    expect((await listRegistrants(ctx.db, augustId, { q: '', page: 1 })).total).toBe(59);
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'delete'), eq(auditLog.entityId, String(target!.id))));
    expect(audit).toMatchObject({ entityType: 'registrants', summary: `Deleted registrant #${target!.id}` });
    expect(JSON.stringify(audit)).not.toContain('grace.hopper@example.org');

    expect(await deleteRegistrant({ db: ctx.db, admin, editionId: augustId, id: target!.id })).toMatchObject({ ok: false, status: 404 });
  });

  it('handles the posted actions and refuses bad input with a message', async () => {
    const form = (fields: Record<string, string>) => {
      const data = new FormData();
      for (const [name, value] of Object.entries(fields)) data.set(name, value);
      return data;
    };
    const [target] = (await listRegistrants(ctx.db, augustId, { q: 'guest 05', page: 1 })).rows;
    const id = String(target!.id);
    expect(
      await handleRegistrantAction({ handle: ctx.handle, admin, editionId: augustId, form: form({ action: 'tier', id, tier: 'gold' }) }),
    ).toEqual({
      ok: false,
      status: 400,
      message: 'Choose one of the tiers in the list.',
    });
    expect(
      await handleRegistrantAction({ handle: ctx.handle, admin, editionId: augustId, form: form({ action: 'tier', tier: 'aap' }) }),
    ).toMatchObject({
      ok: false,
      status: 400,
      message: 'Choose a registrant first.',
    });
    expect(
      await handleRegistrantAction({ handle: ctx.handle, admin, editionId: augustId, form: form({ action: 'delete', id: '1 OR 1=1' }) }),
    ).toMatchObject({
      ok: false,
      status: 400,
      message: 'Choose a registrant first.',
    });
    expect(
      await handleRegistrantAction({ handle: ctx.handle, admin, editionId: augustId, form: form({ action: 'explode', id }) }),
    ).toMatchObject({
      ok: false,
      status: 400,
      message: 'Unknown action.',
    });
    expect(await handleRegistrantAction({ handle: ctx.handle, admin, editionId: augustId, form: form({ id }) })).toMatchObject({
      ok: false,
      status: 400,
      message: 'Unknown action.',
    });
    expect(
      await handleRegistrantAction({ handle: ctx.handle, admin, editionId: julyId, form: form({ action: 'tier', id, tier: 'replay' }) }),
    ).toMatchObject({
      ok: false,
      status: 404,
    });

    expect(
      await handleRegistrantAction({ handle: ctx.handle, admin, editionId: augustId, form: form({ action: 'tier', id, tier: 'replay' }) }),
    ).toMatchObject({ ok: true });
    expect(
      await handleRegistrantAction({ handle: ctx.handle, admin, editionId: augustId, form: form({ action: 'delete', id }) }),
    ).toMatchObject({
      ok: true,
    });
    const audits = await ctx.db.select().from(auditLog).where(eq(auditLog.entityId, id)).orderBy(asc(auditLog.id));
    expect(audits.map((audit) => [audit.entityType, audit.action])).toEqual([
      ['registrants', 'update'],
      ['registrants', 'delete'],
    ]);
  });
});

describe('RegistrantsView', () => {
  const props: RegistrantsViewProps = {
    editionSlug: 'august',
    rows: [
      {
        id: 12,
        firstName: 'Ada <b>',
        email: 'ada@example.org',
        tier: 'replay',
        registeredAt: '2026-11-21T10:02:00.000Z',
        consentedAt: '2026-11-21T10:02:00.000Z',
        consentWording: 'Yes',
        unsubscribedAt: null,
        passes: ['Replay Pass'],
        refunds: [],
        timeZone: 'Europe/London',
      },
      {
        id: 11,
        firstName: 'Linus',
        email: 'linus@example.org',
        tier: 'free',
        registeredAt: '2026-09-01T00:05:00.000Z',
        consentedAt: null,
        consentWording: null,
        unsubscribedAt: null,
        passes: [],
        refunds: [],
        timeZone: null,
      },
    ],
    tierNames: { free: 'Free Registration', replay: 'Replay Pass', aap: 'Studio Pass' },
    total: 60,
    page: 2,
    pageCount: 3,
    q: '',
    searchText: '',
  };
  const render = (overrides: Partial<RegistrantsViewProps> = {}) =>
    renderToStaticMarkup(createElement(RegistrantsView, { ...props, ...overrides }));

  it('formats dates in UTC as day, short month, year and time', () => {
    expect(formatUtcDateTime('2026-11-21T10:02:00.000Z')).toBe('21 Nov 2026, 10:02');
    expect(formatUtcDateTime('2026-09-01T23:05:00.000Z')).toBe('1 Sep 2026, 23:05');
  });

  it('shows a row per registrant with its date, tier, tier form and delete button', () => {
    const html = render();
    expect(html).toMatch(
      /<th[^>]*>Name<\/th><th[^>]*>E-mail<\/th><th[^>]*>Registered<\/th><th[^>]*>Tier<\/th><th[^>]*>Passes<\/th><th[^>]*>Refunds<\/th><th[^>]*>Marketing e-mails<\/th><th[^>]*>Time zone<\/th><th[^>]*>Actions<\/th>/,
    );
    expect(html).toContain('Agreed <time dateTime="2026-11-21T10:02:00.000Z">');
    expect(html).toContain('Not agreed: transactional only');
    expect(html).toContain('data-registrant-row="12"');
    expect(html).toContain('data-registrant-row="11"');
    expect(html).toContain('<time dateTime="2026-11-21T10:02:00.000Z">21 Nov 2026, 10:02</time>');
    expect(html).toContain('Ada &lt;b&gt;');
    expect(html).toContain('<option value="replay" selected="">Replay Pass</option>');
    const buttons = [...html.matchAll(/<button\b([^>]*)>([^<]*)<\/button>/g)].filter(([, attributes]) =>
      attributes!.includes('name="action"'),
    );
    expect(buttons.map(([, attributes, text]) => [/value="(\w+)"/.exec(attributes!)?.[1], text])).toEqual([
      ['tier', 'Save'],
      ['delete', 'Delete'],
      ['tier', 'Save'],
      ['delete', 'Delete'],
    ]);
    expect(html).toContain('Page 2 of 3');
    expect(html).toContain('60 registrants');
    expect(html).toContain('href="/admin/registrants?edition=august"');
    expect(html).toContain('href="/admin/registrants?edition=august&amp;page=3"');
    expect(html).toContain('href="/admin/registrants.csv?edition=august"');
    expect(html).toContain('<label for="registrants-search"');
    expect(html).toContain('Search registrants');
    expect(html).not.toMatch(/\sstyle=/);
  });

  it('names the tiers as the edition names its passes, in the tier column and the tier choice', () => {
    const html = render({ rows: [{ ...props.rows[0]!, tier: 'aap', passes: ['Studio Pass'] }] });
    expect(html).toContain('<td class="px-4 py-3">Studio Pass</td>');
    expect(html).toContain('<option value="aap" selected="">Studio Pass</option>');
    expect(html).not.toContain('All Access');
  });

  it('keeps the search on the CSV and page links, and shows the empty states', () => {
    const searched = render({ q: 'a&b', searchText: 'a&b', page: 1, pageCount: 2 });
    expect(searched).toContain('href="/admin/registrants.csv?edition=august&amp;q=a%26b"');
    expect(searched).toContain('href="/admin/registrants?edition=august&amp;q=a%26b&amp;page=2"');
    expect(searched).not.toContain('rel="prev"');
    expect(render({ rows: [], total: 0, page: 1, pageCount: 1 })).toContain('No registrants yet.');
    expect(render({ rows: [], total: 0, page: 1, pageCount: 1, q: 'zed', searchText: 'zed' })).toContain('No registrants match “zed”.');
  });

  it('shows query errors and action outcomes', () => {
    expect(render({ errors: ['Search for at most 200 characters.'] })).toMatch(
      /role="alert"[^>]*><p>Search for at most 200 characters\.<\/p>/,
    );
    expect(render({ message: { ok: true, text: 'Deleted registrant #12 (ada@example.org).' } })).toMatch(
      /role="status"[^>]*>Deleted registrant #12/,
    );
  });
});
