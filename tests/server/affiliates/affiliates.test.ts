/**
 * Admin → Affiliates over real rows (decision 0066): the edition's rate and a partner's, refused
 * over 100%; a partner added, a duplicate code refused at its field; the figures and the payouts
 * CSV summed from commission ledger rows inserted as the payment events write them; "Mark paid"
 * sent twice with one form token pays once; each affiliate's own page shows only their rows; the
 * leaderboard widget is not served until switched on, and then carries no money.
 */
import { and, count, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { NO_UTM } from '../../../src/domain/attribution/utm.ts';
import { PAYOUTS_CSV_COLUMNS } from '../../../src/domain/affiliates/affiliate-figures.ts';
import { RATE_MESSAGES } from '../../../src/domain/affiliates/rates.ts';
import { dayIn } from '../../../src/domain/affiliates/ledger-input.ts';
import type { Edition } from '../../../src/domain/edition.ts';
import { accessSecret } from '../../../src/server/access/keys.ts';
import { editionAffiliates, editionRateBp } from '../../../src/server/affiliates/affiliate-figures.ts';
import { submitAffiliatesForm } from '../../../src/server/affiliates/affiliates-admin.ts';
import { payoutsCsv } from '../../../src/server/affiliates/payouts-csv.ts';
import { ensureShareLinks, listShareLinks, type ShareLink } from '../../../src/server/attribution/share-links.ts';
import { speakerPageKey } from '../../../src/server/attribution/speaker-page-keys.ts';
import { parseIdentifier } from '../../../src/domain/sign-in.ts';
import { upsertAdmin, type AdminUser } from '../../../src/server/auth/accounts.ts';
import { auditLog, commissionEntries, purchases, shareLinks } from '../../../src/server/db/schema.ts';
import { readEdition } from '../../../src/server/editions/read-edition.ts';
import { loadSpeakerPage } from '../../../src/server/affiliates/speaker-page.ts';
import { loadEmbeddableWidgets } from '../../../src/server/page-loaders/embed-gallery.ts';
import { loadEmbedPage } from '../../../src/server/page-loaders/embed-page.ts';
import { registerAttendee } from '../../../src/server/registrants/register.ts';
import { describeEachDatabase, useProcessDatabase } from '../../support/databases.ts';

const NOW = new Date('2026-11-27T12:00:00Z');
const PAST = new Date('2026-10-01T00:00:00Z');
const FUTURE = new Date('2026-12-27T00:00:00Z');

const csvLines = (csv: string) =>
  csv
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/);

describeEachDatabase('affiliates', (database) => {
  const ctx = useProcessDatabase(database);
  let admin: AdminUser;
  let speaker: ShareLink;
  let partner: ShareLink;

  const july = async (): Promise<Edition> => (await readEdition(ctx.db, 'july', { fresh: true }))!;

  async function post(fields: Record<string, string>, now = NOW) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    return submitAffiliatesForm({ handle: ctx.handle, admin, edition: await july(), now }, form);
  }

  async function register(name: string, shareLinkId: number): Promise<number> {
    const outcome = await registerAttendee({
      db: ctx.db,
      editionSlug: 'july',
      input: { firstName: name, email: `${name.toLowerCase()}@example.com`, consent: false },
      moment: { now: new Date('2025-07-01T10:00:00Z'), timeZone: null },
      source: { shareLinkId, campaign: NO_UTM },
    });
    if (outcome.status !== 'created') throw new Error(outcome.status);
    return outcome.registrantId;
  }

  const ledgerCount = async (cause: 'payout' | 'adjustment') =>
    Number((await ctx.db.select({ n: count() }).from(commissionEntries).where(eq(commissionEntries.cause, cause)))[0]?.n ?? 0);

  beforeAll(async () => {
    const { id } = await upsertAdmin(ctx.db, parseIdentifier('host@example.com')!, 'a long enough password');
    admin = { id, email: 'host@example.com', phone: null };
    const edition = await july();
    await ensureShareLinks(ctx.db, edition);
    speaker = (await listShareLinks(ctx.db, edition.id)).find((link) => link.speakerId !== null)!;
  });

  it('sets the edition’s default rate, refusing over 100%, negative rates and text at the field', async () => {
    for (const [typed, message] of [
      ['101', RATE_MESSAGES.over],
      ['-5', RATE_MESSAGES.negative],
      ['twenty', RATE_MESSAGES.text],
      ['12.345', RATE_MESSAGES.decimals],
    ] as const) {
      const outcome = await post({ action: 'rate', rate: typed });
      expect(outcome.errors?.rate, typed).toBe(message);
      expect(outcome.refused).toMatchObject({ action: 'rate', values: { rate: typed } });
    }
    expect(await editionRateBp(ctx.db, (await july()).id)).toBe(0);
    expect((await post({ action: 'rate', rate: '25' })).message).toContain('now 25%');
    expect(await editionRateBp(ctx.db, (await july()).id)).toBe(2500);
  });

  it('adds a partner with a 30% rate, and refuses a code another link holds at its field, storing nothing', async () => {
    const before = Number((await ctx.db.select({ n: count() }).from(shareLinks))[0]?.n);
    const duplicate = await post({ action: 'partner', name: 'Copy Cat', email: 'cat@example.com', code: speaker.code, rate: '' });
    expect(duplicate.errors?.code).toBe(`Another share link of this edition has the code “${speaker.code}”.`);
    const overRate = await post({ action: 'partner', name: 'Greedy', email: 'greedy@example.com', code: 'greedy', rate: '150' });
    expect(overRate.errors?.rate).toBe(RATE_MESSAGES.over);
    expect(Number((await ctx.db.select({ n: count() }).from(shareLinks))[0]?.n)).toBe(before);

    const added = await post({ action: 'partner', name: 'Ada Podcasts', email: 'ada@example.com', code: 'Ada-Pod', rate: '30' });
    expect(added.problem).toBeUndefined();
    partner = (await ctx.db.select().from(shareLinks).where(eq(shareLinks.code, 'ada-pod')))[0]!;
    expect(partner).toMatchObject({ partner: true, email: 'ada@example.com', commissionRateBp: 3000, speakerId: null, hostId: null });
    const again = await post({ action: 'partner', name: 'Ada Again', email: 'ada2@example.com', code: 'ada-pod', rate: '' });
    expect(again.errors?.code).toContain('ada-pod');
    const audit = await ctx.db.select().from(auditLog).where(eq(auditLog.entityType, 'affiliates'));
    expect(audit.map((row) => row.summary)).toContain('Added the partner Ada Podcasts (/r/ada-pod) to july');
  });

  it('sums the figures and the payouts CSV from the ledger', async () => {
    const edition = await july();
    const adaBuyer = await register('Bea', partner.id);
    await register('Bob', partner.id);
    const speakerBuyer = await register('Sam', speaker.id);
    const [adaSale, samSale] = await ctx.db
      .insert(purchases)
      .values([
        { registrantId: adaBuyer, pass: 'aap', source: 'provider', amount: 19_700, currency: 'usd', tax: 0, affiliateLinkId: partner.id },
        { registrantId: speakerBuyer, pass: 'replay', source: 'provider', amount: 7_700, currency: 'usd', refunded: 2_000 },
      ])
      .returning({ id: purchases.id });
    const entry = { editionId: edition.id, currency: 'usd', occurredAt: PAST };
    await ctx.db.insert(commissionEntries).values([
      {
        ...entry,
        shareLinkId: partner.id,
        purchaseId: adaSale!.id,
        cause: 'purchase',
        amount: 5_910,
        approvesAt: PAST,
        causeKey: `purchase:${adaSale!.id}`,
      },
      {
        ...entry,
        shareLinkId: speaker.id,
        purchaseId: samSale!.id,
        cause: 'purchase',
        amount: 1_925,
        approvesAt: FUTURE,
        causeKey: `purchase:${samSale!.id}`,
      },
      {
        ...entry,
        shareLinkId: speaker.id,
        purchaseId: samSale!.id,
        cause: 'refund',
        amount: -500,
        approvesAt: FUTURE,
        causeKey: `refund:${samSale!.id}:2000`,
      },
    ]);

    const { affiliates, currency } = await editionAffiliates(ctx.db, { edition, now: NOW });
    expect(currency).toBe('usd');
    expect(affiliates.find((row) => row.linkId === partner.id)).toMatchObject({
      kind: 'partner',
      rateBp: 3000,
      registrations: 2,
      passes: 1,
      revenue: 19_700,
      balances: { pending: 0, approved: 5_910, paid: 0, owed: 0 },
    });
    expect(affiliates.find((row) => row.linkId === speaker.id)).toMatchObject({
      rateBp: 2500,
      registrations: 1,
      passes: 1,
      revenue: 5_700,
      balances: { pending: 1_425, approved: 0 },
    });

    const lines = csvLines(await payoutsCsv(ctx.db, { edition, now: NOW }));
    expect(lines[0]).toBe(PAYOUTS_CSV_COLUMNS.join(','));
    expect(lines[0]).toBe('code,name,email,passes,revenue,commission_pending,commission_approved,commission_paid,commission_owed,currency');
    expect(lines).toContain('ada-pod,Ada Podcasts,ada@example.com,1,197.00,0.00,59.10,0.00,0.00,USD');
    expect(lines).toContain(`${speaker.code},${speaker.name},,1,57.00,14.25,0.00,0.00,0.00,USD`);
    // After the hold the speaker's commission is approved: the same rows, read later.
    expect(csvLines(await payoutsCsv(ctx.db, { edition, now: FUTURE }))).toContain(
      `${speaker.code},${speaker.name},,1,57.00,0.00,14.25,0.00,0.00,USD`,
    );
  });

  it('marks paid once for a form sent twice, and refuses more than approved unless paid in advance', async () => {
    const token = crypto.randomUUID();
    const today = dayIn(NOW, (await july()).timezone);
    const payout = { action: 'payout', id: String(partner.id), amount: '59.10', reference: 'WISE-1', date: today, token };
    expect((await post(payout)).message).toBe(`Recorded $59.10 paid to Ada Podcasts on ${today}.`);
    expect((await post(payout)).message).toContain('already recorded');
    expect(await ledgerCount('payout')).toBe(1);

    const over = await post({ ...payout, amount: '1', token: crypto.randomUUID() });
    expect(over.errors?.amount).toContain('more than the approved balance ($0.00)');
    const missing = await post({ ...payout, reference: ' ', advance: 'on', token: crypto.randomUUID() });
    expect(Object.keys(missing.errors ?? {})).toEqual(['reference']);
    expect(await ledgerCount('payout')).toBe(1);

    expect((await post({ ...payout, amount: '1', token: crypto.randomUUID(), advance: 'on' })).problem).toBeUndefined();
    const { affiliates } = await editionAffiliates(ctx.db, { edition: await july(), now: NOW });
    expect(affiliates.find((row) => row.linkId === partner.id)?.balances).toMatchObject({ approved: 0, paid: 6_010, owed: 100 });

    const adjustment = { action: 'adjust', id: String(partner.id), amount: '+1', reason: 'Advance settled', token: crypto.randomUUID() };
    expect((await post(adjustment)).message).toContain('by $1.00');
    expect((await post(adjustment)).message).toContain('already recorded');
    expect(await ledgerCount('adjustment')).toBe(1);
    const settled = await editionAffiliates(ctx.db, { edition: await july(), now: NOW });
    expect(settled.affiliates.find((row) => row.linkId === partner.id)?.balances).toMatchObject({ approved: 0, owed: 0 });
  });

  it('keeps a partner with ledger rows, and edits their name, address and rate', async () => {
    const refused = await post({ action: 'delete', id: String(partner.id) });
    expect(refused.problem).toContain('cannot be deleted');
    expect(await ctx.db.select().from(shareLinks).where(eq(shareLinks.id, partner.id))).toHaveLength(1);
    const edited = await post({ action: 'edit', id: String(partner.id), name: 'Ada Media', email: 'hello@ada.example.com', rate: '12.5' });
    expect(edited.problem).toBeUndefined();
    const [row] = await ctx.db.select().from(shareLinks).where(eq(shareLinks.id, partner.id));
    expect(row).toMatchObject({ name: 'Ada Media', email: 'hello@ada.example.com', commissionRateBp: 1250 });
    expect((await post({ action: 'edit', id: String(partner.id), name: 'Ada Media', email: 'x', rate: '100.5' })).errors).toMatchObject({
      email: expect.any(String),
      rate: RATE_MESSAGES.over,
    });
    await post({ action: 'partner', name: 'Short Lived', email: 'short@example.com', code: 'short-lived', rate: '' });
    const [short] = await ctx.db
      .select()
      .from(shareLinks)
      .where(and(eq(shareLinks.code, 'short-lived'), eq(shareLinks.partner, true)));
    expect((await post({ action: 'delete', id: String(short!.id) })).message).toContain('no longer a partner');
  });

  it('shows each affiliate their own figures and rows on their page, never another’s', async () => {
    const secret = await accessSecret(ctx.db);
    const origin = 'https://summit.example';
    const own = await loadSpeakerPage(ctx.db, { key: speakerPageKey(secret, partner), origin, now: NOW });
    expect(own?.name).toBe('Ada Media');
    expect(own?.commission).toMatchObject({ rate: '12.5%', passes: 1, approved: '$0.00', paid: '$60.10' });
    expect(own?.commission?.lines.map((line) => [line.cause, line.amount])).toEqual(
      expect.arrayContaining([
        ['purchase', '$59.10'],
        ['payout', '$59.10'],
        ['payout', '$1.00'],
        ['adjustment', '$1.00'],
      ]),
    );
    expect(own?.commission?.lines).toHaveLength(4);
    expect(own?.commission?.lines.find((line) => line.cause === 'purchase')?.pass).toBe('Sovereign Pathway All Access Pass');

    const theirs = await loadSpeakerPage(ctx.db, { key: speakerPageKey(secret, speaker), origin, now: NOW });
    // Newest first: the refund was written after its sale.
    expect(theirs?.commission?.lines.map((line) => [line.cause, line.amount, line.state])).toEqual([
      ['refund', '-$5.00', 'Pending until 2026-12-27'],
      ['purchase', '$19.25', 'Pending until 2026-12-27'],
    ]);
    expect(JSON.stringify(theirs)).not.toContain('Ada');
    expect(JSON.stringify(own)).not.toContain(speaker.name);
  });

  it('serves the leaderboard widget only when switched on, with names and registrations and no money', async () => {
    expect(await loadEmbedPage('july', 'leaderboard', true)).toEqual({ kind: 'not-found' });
    expect((await loadEmbeddableWidgets()).some((widget) => widget.widget === 'leaderboard')).toBe(false);
    expect((await post({ action: 'widget', leaderboardWidget: 'on' })).message).toContain('is on');
    expect((await july()).settings.affiliates.leaderboardWidget).toBe(true);
    const page = await loadEmbedPage('july', 'leaderboard', true);
    expect(page.kind).toBe('page');
    const content = page.kind === 'page' ? page.data.content : null;
    expect(content).toEqual({
      widget: 'leaderboard',
      entries: [
        { place: 1, name: 'Ada Media', registrations: 2 },
        { place: 2, name: speaker.name, registrations: 1 },
      ],
    });
    const served = JSON.stringify(page);
    for (const secret of ['$', '@', '197', '59.10', 'usd']) expect(served).not.toContain(secret);
    expect((await loadEmbeddableWidgets()).some((widget) => widget.summit === 'july' && widget.widget === 'leaderboard')).toBe(true);
    await post({ action: 'widget' });
    expect(await loadEmbedPage('july', 'leaderboard', true)).toEqual({ kind: 'not-found' });
  });

  it('books a refund after payout as money owed back, on the screen and in the CSV', async () => {
    const edition = await july();
    await ctx.db.insert(commissionEntries).values({
      editionId: edition.id,
      shareLinkId: partner.id,
      cause: 'refund',
      amount: -5_910,
      currency: 'usd',
      approvesAt: PAST,
      causeKey: `refund:test-${partner.id}:19700`,
      occurredAt: NOW,
    });
    const { affiliates } = await editionAffiliates(ctx.db, { edition, now: NOW });
    expect(affiliates.find((row) => row.linkId === partner.id)?.balances).toMatchObject({ approved: 0, paid: 6_010, owed: 5_910 });
    expect(csvLines(await payoutsCsv(ctx.db, { edition, now: NOW }))).toContain(
      'ada-pod,Ada Media,hello@ada.example.com,1,197.00,0.00,0.00,60.10,59.10,USD',
    );
  });

  it('answers hostile and stale input plainly, booking nothing, and keeps formulas out of the CSV', async () => {
    const before = await ledgerCount('payout');
    expect((await post({ action: 'drop-tables' })).problem).toBe('That request was not understood; nothing was changed.');
    const august = (await readEdition(ctx.db, 'august', { fresh: true }))!;
    await ensureShareLinks(ctx.db, august);
    const [foreign] = await listShareLinks(ctx.db, august.id);
    const elsewhere = {
      action: 'payout',
      id: String(foreign!.id),
      amount: '1',
      reference: 'x',
      date: '2026-11-01',
      token: crypto.randomUUID(),
      advance: 'on',
    };
    expect((await post(elsewhere)).problem).toBe('That affiliate is no longer there; nothing was changed.');
    expect((await post({ ...elsewhere, id: 'NaN' })).problem).toBe('That affiliate is no longer there; nothing was changed.');
    expect((await post({ ...elsewhere, id: String(partner.id), token: '../../etc' })).errors?.form).toContain('could not be read');
    expect(await ledgerCount('payout')).toBe(before);

    const added = await post({
      action: 'partner',
      name: '=HYPERLINK("http://evil.example")',
      email: 'evil@example.com',
      code: 'formula',
      rate: '',
    });
    expect(added.problem).toBeUndefined();
    const lines = csvLines(await payoutsCsv(ctx.db, { edition: await july(), now: NOW }));
    expect(lines.find((line) => line.startsWith('formula,'))).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
  });
});
