/**
 * E-mails where features meet, on an edition made from scratch (tests/support/tidewater.ts:
 * Europe/Berlin, EUR, registrants mode, live days, "Studio Pass" 49 and "Workshop Bundle" 129),
 * composed by the code the mail worker runs (composeBatch) from real outbox rows:
 *
 * - a buyer who registered on day 1 gets "We are live: day 2" and "day 3": the send rule asks the
 *   same access rule the day pages ask, with the day's own (live) timer, so no evergreen drip
 *   from her registration refuses a day whose page is open to her;
 * - an offer quotes what the checkout would charge that registrant at that moment: the
 *   difference for a holder of the lower pass (decision 0064), the early price before its
 *   deadline, the pass's price after it.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import type { EditionSettings } from '../../../src/domain/edition-settings/schema.ts';
import { editionMessages, editions, mailOutbox, registrants } from '../../../src/server/db/schema.ts';
import { composeBatch, type Composed } from '../../../src/server/mail/compose.ts';
import { ensureDefaultMessages } from '../../../src/server/editions/edition-messages.ts';
import { renderPreview } from '../../../src/server/mail/message-preview.ts';
import { grantPass } from '../../../src/server/payments/passes.ts';
import { describeEachDatabase, useTestDatabase } from '../../support/databases.ts';
import { createTidewater, DAY_STARTS, tidewaterAdmin } from '../../support/tidewater.ts';

const SITE = 'https://tidewater.example.org';
const MINUTE = 60_000;

describeEachDatabase('e-mails where features meet (a from-scratch EUR edition in Berlin)', (database) => {
  const ctx = useTestDatabase(database);
  let edition: { id: number; slug: string };
  const people = {} as Record<'elske' | 'pieter', number>;

  beforeAll(async () => {
    edition = await createTidewater(ctx.handle, await tidewaterAdmin(ctx.handle));
    await ensureDefaultMessages(ctx.db);
    const register = async (firstName: string, createdAt: Date) => {
      const [row] = await ctx.db
        .insert(registrants)
        .values({
          editionId: edition.id,
          firstName,
          email: `${firstName.toLowerCase()}@tidewater.example`,
          consentedAt: createdAt,
          createdAt,
        })
        .returning({ id: registrants.id });
      return row!.id;
    };
    // Elske registers on day 1 (16:00 in Berlin) and buys the Studio Pass at its price.
    people.elske = await register('Elske', new Date('2026-12-01T15:00:00Z'));
    await ctx.db.transaction((tx) => grantPass(tx, people.elske, { pass: 'replay', source: 'provider', amount: 4900, currency: 'eur' }));
    // Pieter registered the day before the summit and bought nothing.
    people.pieter = await register('Pieter', new Date('2026-11-30T09:00:00Z'));
  });

  /** The edition's message with this key (the default sequence of a live edition). */
  const messageByKey = async (key: string) =>
    (await ctx.db.select().from(editionMessages).where(eq(editionMessages.editionId, edition.id))).find((row) => row.key === key)!;

  let sent = 0;
  /** The worker's decision for this message and registrant at `now`, from a real outbox row. */
  const compose = async (key: string, registrantId: number, now: Date): Promise<Composed> => {
    const { id } = await messageByKey(key);
    const [row] = await ctx.db
      .insert(mailOutbox)
      .values({ to: 'unused@example.org', registrantId, editionMessageId: id, dedupeKey: `m${id}:r${registrantId}:${(sent += 1)}` })
      .returning();
    return (await composeBatch({ db: ctx.db, rows: [row!], siteUrl: SITE, now })).get(row!.id)!;
  };

  it('sends a day-1 buyer of the lower pass “We are live: day 2” and “day 3”, as her day pages open to her', async () => {
    for (const day of [2, 3] as const) {
      const at = new Date(DAY_STARTS[day - 1]!.getTime() + 5 * MINUTE);
      const composed = await compose(`day-${day}-live`, people.elske, at);
      if (composed.kind !== 'mail') throw new Error(`day ${day} skipped: ${composed.reason}`);
      expect(composed.mail.subject).toContain(`We are live: day ${day}`);
    }
    // So does the registrant who bought nothing, and the per-registrant preview agrees.
    expect(await compose('day-2-live', people.pieter, new Date(DAY_STARTS[1]!.getTime() + MINUTE))).toMatchObject({ kind: 'mail' });
    const live2 = await messageByKey('day-2-live');
    const preview = await renderPreview({
      db: ctx.db,
      draft: { editionId: edition.id, subject: live2.subject, body: live2.body, rule: live2.rule, category: live2.category },
      recipient: { kind: 'registrant', id: people.elske },
      siteUrl: SITE,
      now: new Date('2026-12-01T16:00:00Z'),
    });
    expect(preview?.skipped).toBeNull();
  });

  it('still refuses a day the page refuses: a message about a day that closed before it goes', async () => {
    // "Day 1 is live" composed after day 1's live window closed: stale for the send rule, closed for the page.
    const composed = await compose('day-1-live', people.pieter, new Date(DAY_STARTS[1]!.getTime() + 60 * MINUTE));
    expect(composed.kind).toBe('skip');
  });

  it('quotes the checkout’s price in the offer: the difference for the lower pass’s holder, the pass’s price for the others', async () => {
    // "Last chance" goes 18 hours into day 3; the early price ended on 20 November.
    const at = new Date(DAY_STARTS[2]!.getTime() + 18 * 60 * MINUTE + MINUTE);
    const elske = await compose('last-chance', people.elske, at);
    if (elske.kind !== 'mail') throw new Error(`skipped: ${elske.reason}`);
    expect(elske.mail.text).toContain('The Workshop Bundle (€80.00) keeps the summit open for you');
    expect(elske.mail.text + elske.mail.html).not.toContain('€129.00');
    const pieter = await compose('last-chance', people.pieter, at);
    if (pieter.kind !== 'mail') throw new Error(`skipped: ${pieter.reason}`);
    expect(pieter.mail.text).toContain('The Workshop Bundle (€129.00) keeps the summit open for you');
  });

  it('quotes the early price and its deadline before it ends, for a holder the difference at each price', async () => {
    const [row] = await ctx.db.select().from(editions).where(eq(editions.id, edition.id));
    const settings = row!.settings as EditionSettings;
    const early = { ...settings.upgrade.aap, earlyPrice: 9900, earlyPriceUntil: '2026-12-04T23:59:00+01:00' };
    await ctx.db
      .update(editions)
      .set({ settings: { ...settings, upgrade: { ...settings.upgrade, aap: early } } })
      .where(eq(editions.id, edition.id));
    try {
      const at = new Date(DAY_STARTS[2]!.getTime() + 18 * 60 * MINUTE + MINUTE);
      const elske = await compose('last-chance', people.elske, at);
      const pieter = await compose('last-chance', people.pieter, at);
      if (elske.kind !== 'mail' || pieter.kind !== 'mail') throw new Error('skipped');
      expect(elske.mail.text).toContain('The Workshop Bundle (€50.00 until Fri 4 Dec, 23:59 (Europe/Berlin), then €80.00)');
      expect(pieter.mail.text).toContain('The Workshop Bundle (€99.00 until Fri 4 Dec, 23:59 (Europe/Berlin), then €129.00)');
    } finally {
      await ctx.db.update(editions).set({ settings }).where(eq(editions.id, edition.id));
    }
  });
});
