/**
 * Every read of the settings column goes through here: the stored document upgraded and checked
 * by src/domain/edition-settings/read-settings.ts. A part that cannot be read is logged and
 * replaced by the neutral template's, so a public page still answers; the admin's edition screen
 * shows the same problems (storedSettingsProblems) until the form is saved again.
 */
import { eq } from 'drizzle-orm';
import { readStoredSettings, type SettingsRead } from '../../domain/edition-settings/read-settings.ts';
import type { EditionSettings } from '../../domain/edition-settings/schema.ts';
import { neutralSettings } from '../../domain/edition-template.ts';
import type { Database } from '../db/client.ts';
import { editions } from '../db/schema.ts';
import { log } from '../log.ts';

/** What a read needs of an edition's row: the column, and what the fallback and the log take. */
export interface StoredSettingsRow {
  slug: string;
  summitEndDate: string;
  settings: unknown;
}

/** Only used where the stored address cannot be read; the admin is told to enter the edition's own. */
const FALLBACK_EMAIL = 'sponsorship@example.com';

function readRow(row: StoredSettingsRow): SettingsRead {
  return readStoredSettings(row.settings, () => neutralSettings({ supportEmail: FALLBACK_EMAIL }));
}

/** The edition's settings as the current document; problems are logged. */
export function settingsOfRow(row: StoredSettingsRow): EditionSettings {
  const read = readRow(row);
  if (read.problems.length)
    log.warn({ edition: row.slug, problems: read.problems }, 'stored edition settings could not all be read: the defaults stand in');
  return read.settings;
}

/** What could not be read of the edition's stored settings (empty when all was), for the admin's edition screen. */
export async function storedSettingsProblems(db: Pick<Database, 'select'>, editionId: number): Promise<string[]> {
  const [row] = await db
    .select({ slug: editions.slug, summitEndDate: editions.summitEndDate, settings: editions.settings })
    .from(editions)
    .where(eq(editions.id, editionId))
    .limit(1);
  return row ? readRow(row).problems : [];
}
