/**
 * The one way a stored settings document becomes EditionSettings: upgraded from its version
 * (upgrade.ts), then validated by the current schema. A document that still does not validate
 * (edited by hand in the database, or written by a bug) never stops a page: each top-level part
 * that fails is replaced by the fallback's, and the problems are returned for the log and the
 * admin's edition screen, which says what was replaced until the form is saved again.
 */
import { z } from 'zod';
import { editionSettingsSchema, SETTINGS_VERSION, type EditionSettings } from './schema.ts';
import { settingsVersionOf, upgradeSettings } from './upgrade.ts';

export interface SettingsRead {
  settings: EditionSettings;
  /** One line per part that could not be read ("retreat.startDate: Invalid ISO date"); empty when all was read. */
  problems: string[];
}

type Part = keyof typeof editionSettingsSchema.shape;
const PARTS = Object.keys(editionSettingsSchema.shape) as Part[];

const issueLine = (path: readonly PropertyKey[], message: string) => `${path.map(String).join('.') || 'settings'}: ${message}`;

/** A newer release's document during a deploy: read as the current version (what it added is left out). */
function asCurrentVersion(doc: unknown): unknown {
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) return doc;
  const version = settingsVersionOf(doc as Record<string, unknown>);
  return version > SETTINGS_VERSION ? { ...doc, version: SETTINGS_VERSION } : doc;
}

/** Each part as stored when it validates, else the fallback's, with a line per problem. */
function partByPart(doc: unknown, fallback: EditionSettings): SettingsRead {
  const stored = typeof doc === 'object' && doc !== null ? (doc as Record<string, unknown>) : {};
  const assembled: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const part of PARTS) {
    const parsed = editionSettingsSchema.shape[part].safeParse(stored[part]);
    assembled[part] = parsed.success ? parsed.data : fallback[part];
    if (!parsed.success) problems.push(...parsed.error.issues.map((issue) => issueLine([part, ...issue.path], issue.message)));
  }
  const settings = editionSettingsSchema.safeParse(assembled);
  return settings.success ? { settings: settings.data, problems } : { settings: fallback, problems };
}

/**
 * The stored document as the current EditionSettings. `fallback` gives the values used for the
 * parts that cannot be read (called only then).
 */
export function readStoredSettings(stored: unknown, fallback: () => EditionSettings): SettingsRead {
  const doc = asCurrentVersion(upgradeSettings(stored));
  const parsed = editionSettingsSchema.safeParse(doc);
  if (parsed.success) return { settings: parsed.data, problems: [] };
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc))
    return { settings: fallback(), problems: ['settings: The stored settings are not a JSON object.'] };
  return partByPart(doc, fallback());
}

/**
 * The settings of an imported edition document, which may come from an older release: upgraded,
 * then checked strictly (an import with settings that do not validate is refused with the
 * schema's messages, not filled in).
 */
export const importedSettingsSchema = z.preprocess(upgradeSettings, editionSettingsSchema);
