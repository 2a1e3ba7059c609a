/**
 * A jsonb column whose every read goes through its document's zod schema (docs/decisions/0073):
 * Drizzle maps each value the driver returns through `fromDriver`, so no query, select or
 * relational, can hand out a document the schema has not checked. One that does not parse is
 * refused: the read fails with a StoredJsonError naming the table, column and problems, logged
 * here, rather than a wrong shape travelling on as a cast type.
 */
import { customType } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { readStoredJson, storedJsonOf, type StoredJsonShape } from '../../../domain/stored-json.ts';
import { log } from '../../log.ts';

/** A stored document that does not match its schema: a bug or a hand edit to put right, never a visitor's doing. */
export class StoredJsonError extends Error {
  readonly column: string;
  readonly problems: readonly string[];

  constructor(column: string, problems: readonly string[]) {
    super(`The stored ${column} does not match its schema: ${problems.join('; ')}`);
    this.name = 'StoredJsonError';
    this.column = column;
    this.problems = problems;
  }
}

/** Both drivers hand jsonb over parsed; a string is what a text cast or an older driver gives. */
function fromText(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

/** The document of `table.name` as its schema reads it, or a logged StoredJsonError. */
export function readColumnDocument<S extends z.ZodType>(column: string, stored: unknown, shape: StoredJsonShape<S>): z.output<S> {
  const read = readStoredJson(fromText(stored), shape);
  if (read.ok) return read.value;
  log.error({ column, problems: read.problems }, 'a stored JSON document does not match its schema: the read is refused');
  throw new StoredJsonError(column, read.problems);
}

/** `jsonb(name)`, typed and checked by `shape` on every read; `table` names it in the error. */
export function parsedJsonb<S extends z.ZodType>(table: string, name: string, shape: StoredJsonShape<S>) {
  const column = `${table}.${name}`;
  return customType<{ data: z.output<S>; driverData: unknown }>({
    dataType: () => 'jsonb',
    toDriver: (value) => JSON.stringify(storedJsonOf(value, shape)),
    fromDriver: (stored) => readColumnDocument(column, stored, shape),
  })(name);
}
