/**
 * A JSON document kept in a database column, read back through its zod schema rather than cast
 * (docs/decisions/0073): what the column holds may have been written by an older release, by hand
 * or by a bug, so its type is what the schema proves, never what the code hopes. The edition
 * settings have their own reader (edition-settings/read-settings.ts), which stands in the template's
 * part for a part that fails; every other document is all or nothing.
 *
 * A document whose shape changes gets a version: `steps[n]` turns a version-n document into a
 * version n+1 one, filling in what that version added with the value the code used while it was
 * absent (as edition-settings/upgrade.ts does). A document without `version` is version 0; while a
 * shape has no steps, nothing is written but the document itself.
 */
import type { z } from 'zod';

type Doc = Record<string, unknown>;

export interface StoredJsonShape<S extends z.ZodType> {
  /** The current shape. */
  schema: S;
  /** One step per version before the current one; a new version adds its step at the end. */
  steps?: readonly ((doc: Doc) => Doc)[];
}

export type StoredJsonRead<T> = { ok: true; value: T } | { ok: false; problems: string[] };

const isRecord = (value: unknown): value is Doc => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The document at the current version, without its version key (the schema does not describe it). */
function upgraded(stored: unknown, steps: readonly ((doc: Doc) => Doc)[]): unknown {
  if (!steps.length || !isRecord(stored)) return stored;
  const version = Number.isInteger(stored.version) ? (stored.version as number) : 0;
  // A newer release's document (during a deploy) is read as the current version: what it added is left out.
  const { version: _version, ...current } = steps.slice(Math.max(version, 0)).reduce((doc, step) => step(doc), stored);
  return current;
}

const issueLine = (issue: z.core.$ZodIssue) => `${issue.path.map(String).join('.') || '(document)'}: ${issue.message}`;

/** The stored document as the schema's type, or the schema's complaints, one line each. */
export function readStoredJson<S extends z.ZodType>(stored: unknown, shape: StoredJsonShape<S>): StoredJsonRead<z.output<S>> {
  const parsed = shape.schema.safeParse(upgraded(stored, shape.steps ?? []));
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, problems: parsed.error.issues.map(issueLine) };
}

/** What is written for `value`: the document, stamped with the current version once its shape has one. */
export function storedJsonOf<S extends z.ZodType>(value: z.output<S>, shape: StoredJsonShape<S>): unknown {
  const version = shape.steps?.length ?? 0;
  return version > 0 && isRecord(value) ? { ...value, version } : value;
}
