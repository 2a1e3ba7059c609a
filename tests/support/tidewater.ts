/**
 * A summit made from scratch as a new host makes one: "New edition" (the neutral template, no demo
 * content) in Europe/Berlin, registrants mode, then its passes named and priced in euros with an
 * early price on the upper one, and its language set to en-GB. The suites where features meet
 * reproduce their defects on it rather than on the demo editions.
 */
import { eq } from 'drizzle-orm';
import type { EditionSettings } from '../../src/domain/edition-settings/schema.ts';
import { parseIdentifier } from '../../src/domain/sign-in.ts';
import { upsertAdmin, type AdminUser } from '../../src/server/auth/accounts.ts';
import type { DbHandle } from '../../src/server/db/client.ts';
import { editions } from '../../src/server/db/schema.ts';
import { createEdition } from '../../src/server/editions/new-edition.ts';

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

/** Creates the edition by the "New edition" code and sets its passes, currency and language; its id. */
export async function createTidewater(handle: DbHandle, admin: AdminUser): Promise<{ id: number; slug: string }> {
  const created = await createEdition(handle, admin, TIDEWATER);
  if (!created.ok) throw new Error(`New edition refused: ${JSON.stringify(created.errors)}`);
  const [row] = await handle.db.select().from(editions).where(eq(editions.slug, TIDEWATER.slug));
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
    .where(eq(editions.id, row!.id));
  return { id: row!.id, slug: row!.slug };
}
