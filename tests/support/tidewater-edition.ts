/**
 * A summit made from scratch as a new host makes one: "New edition" (the neutral template, no demo
 * content) in Europe/Berlin, registrants mode, then its passes named and priced in euros with an
 * early price on the upper one, and its language set to en-GB. The suites where features meet
 * reproduce their defects on it rather than on the demo editions. This module imports nothing of
 * the Astro build, so a Playwright spec preparing a data folder can use it (tidewater.ts creates
 * the edition through "New edition" itself, for the server suites).
 */
import { eq } from 'drizzle-orm';
import type { EditionSettings } from '../../src/domain/edition-settings/schema.ts';
import { parseIdentifier } from '../../src/domain/sign-in.ts';
import { upsertAdmin, type AdminUser } from '../../src/server/auth/accounts.ts';
import type { DbHandle } from '../../src/server/db/client.ts';
import { editions } from '../../src/server/db/schema.ts';
import { neutralEdition, type NewEditionValues } from '../../src/domain/edition-template.ts';
import { insertEditionContent } from '../../src/server/editions/edition-content.ts';

export const TIDEWATER = {
  name: 'Tidewater Makers Summit 2026',
  slug: 'tidewater-2026',
  summitStartDate: '2026-12-01',
  summitEndDate: '2026-12-03',
  timezone: 'Europe/Berlin',
  supportEmail: 'hello@tidewater.example.org',
  accessMode: 'registrants',
};

/** Day 1 starts at midnight in Berlin: 23:00 UTC the evening before. */
export const DAY_STARTS = ['2026-11-30T23:00:00Z', '2026-12-01T23:00:00Z', '2026-12-02T23:00:00Z'].map((iso) => new Date(iso));

/** The lower pass (a Replay-kind pass) and the upper one (All Access kind), in cents of EUR. */
export const STUDIO = { name: 'Studio Pass', price: 4900 };
export const BUNDLE = { name: 'Workshop Bundle', price: 12900, earlyPrice: 9900, earlyPriceUntil: '2026-11-20T23:59:00+01:00' };

export async function tidewaterAdmin(handle: DbHandle): Promise<AdminUser> {
  const email = 'host@tidewater.example.org';
  const { id } = await upsertAdmin(handle.db, parseIdentifier(email)!, 'a long enough password for tests');
  return { id, email, phone: null };
}

/** Names and prices the passes in euros and sets the language, as the host does on the edition form. */
export async function configureTidewater(handle: DbHandle, id: number): Promise<void> {
  const [row] = await handle.db.select().from(editions).where(eq(editions.id, id));
  const settings = row!.settings as EditionSettings;
  const upgrade = {
    ...settings.upgrade,
    replay: { ...settings.upgrade.replay, name: STUDIO.name, price: STUDIO.price, earlyPrice: null, earlyPriceUntil: null },
    aap: { ...settings.upgrade.aap, ...BUNDLE },
    replayCheckoutUrl: 'https://pay.tidewater.example.org/studio',
    aapCheckoutUrl: 'https://pay.tidewater.example.org/bundle',
  };
  const texts = { ...settings.texts, meta: { ...settings.texts.meta, lang: 'en-GB' } };
  await handle.db
    .update(editions)
    .set({ settings: { ...settings, upgrade, texts, checkout: { ...settings.checkout, currency: 'eur' } } })
    .where(eq(editions.id, id));
}

/** The edition's rows as "New edition" writes them (the neutral template), for a data folder prepared with no server running. */
export async function insertTidewater(handle: DbHandle): Promise<{ id: number; slug: string }> {
  const template = neutralEdition({ ...(TIDEWATER as NewEditionValues), position: 100 });
  const id = await handle.db.transaction(async (tx) => {
    const [row] = await tx.insert(editions).values(template.edition).returning({ id: editions.id });
    await insertEditionContent(tx, row!.id, {
      timers: template.timers,
      days: template.days,
      speakers: [],
      hosts: [],
      implementationSessions: [],
      bonusBundle: [],
    });
    return row!.id;
  });
  await configureTidewater(handle, id);
  return { id, slug: TIDEWATER.slug };
}
