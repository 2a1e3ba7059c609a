/** Column and constraint helpers shared by the schema's tables, so each table lists only what is its own. */
import { sql } from 'drizzle-orm';
import { check, index, integer, timestamp, type PgColumn } from 'drizzle-orm/pg-core';

/** A time with its zone, nullable until `.notNull()`. */
export const timestampTz = (name: string) => timestamp(name, { withTimezone: true });
export const createdAt = () => timestampTz('created_at').notNull().defaultNow();
export const updatedAt = () => timestampTz('updated_at').notNull().defaultNow();
/** Display order inside a list; ties are broken by id. */
export const position = () => integer('position').notNull().default(0);
/** The integer key the database numbers itself. */
export const identityId = () => integer('id').primaryKey().generatedAlwaysAsIdentity();

/** `<table>_day`: the day column stays between 1 and `lastDay`. */
export const dayCheck = (table: string, day: PgColumn, lastDay: 3 | 5 = 3) =>
  check(`${table}_day`, sql`${day} between 1 and ${sql.raw(String(lastDay))}`);

/** A list of an edition's rows by day, in display order: its index and the day check. */
export const editionDayList = (table: string, t: { editionId: PgColumn; day: PgColumn; position: PgColumn }, lastDay: 3 | 5 = 3) => [
  index(`${table}_edition_day_idx`).on(t.editionId, t.day, t.position),
  dayCheck(table, t.day, lastDay),
];
