/**
 * The names an edition gives its passes (its settings' "Passes and prices"), read where the
 * server writes a pass into text: the webhook's and the admin's messages and the audit log. A
 * registrant's edition names their pass; a payment no registrant holds yet is named by the edition
 * it names, else by the home page's, the one the webhook would register the buyer in.
 */
import { eq } from 'drizzle-orm';
import type { RegistrantTier } from '../../domain/entities.ts';
import { PLAN_NAMES, tierNamesOf } from '../../domain/offers.ts';
import type { Database } from '../db/client.ts';
import { editions, registrants } from '../db/schema.ts';
import { findHomeEdition } from '../editions/home-edition.ts';
import { settingsOfRow } from '../editions/stored-settings.ts';

export type TierNames = Record<RegistrantTier, string>;

type Reader = Pick<Database, 'select'>;

const SETTINGS_COLUMNS = { slug: editions.slug, summitEndDate: editions.summitEndDate, settings: editions.settings };

/** The pass names of the edition this registrant registered for (the demo's when they are gone). */
export async function tierNamesOfRegistrant(db: Reader, registrantId: number): Promise<TierNames> {
  const [row] = await db
    .select(SETTINGS_COLUMNS)
    .from(registrants)
    .innerJoin(editions, eq(editions.id, registrants.editionId))
    .where(eq(registrants.id, registrantId))
    .limit(1);
  return row ? tierNamesOf(settingsOfRow(row).upgrade) : PLAN_NAMES;
}

/**
 * The pass names of the edition with this slug, or of the home page's edition when it names none
 * or one that does not exist (a held payment's checkout may name any slug): the edition the
 * payment is most likely for, rather than the demo's names.
 */
export async function tierNamesOfEdition(db: Reader, slug: string | null): Promise<TierNames> {
  const named = slug ? await namesOfSlug(db, slug) : null;
  if (named) return named;
  const home = (await findHomeEdition(db))?.slug;
  return (home && (await namesOfSlug(db, home))) || PLAN_NAMES;
}

async function namesOfSlug(db: Reader, slug: string): Promise<TierNames | null> {
  const [row] = await db.select(SETTINGS_COLUMNS).from(editions).where(eq(editions.slug, slug)).limit(1);
  return row ? tierNamesOf(settingsOfRow(row).upgrade) : null;
}

/** The pass names of the edition with this id (the admin's registrant list and its CSV). */
export async function tierNamesOfEditionId(db: Reader, editionId: number): Promise<TierNames> {
  const [row] = await db.select(SETTINGS_COLUMNS).from(editions).where(eq(editions.id, editionId)).limit(1);
  return row ? tierNamesOf(settingsOfRow(row).upgrade) : PLAN_NAMES;
}
