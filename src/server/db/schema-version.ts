/**
 * The schema version of a database: how many of the migrations in drizzle/ it has applied, and
 * the last one's name. A backup records it; a restore or a move recreates the tables at that
 * version (later migrations run on the next start), and refuses a version this code does not
 * know (docs/decisions/0061).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SqlSession } from './sql-session.ts';

export const migrationsFolder = fileURLToPath(new URL('../../../drizzle', import.meta.url));

interface JournalEntry {
  idx: number;
  tag: string;
  when: number;
}

export interface SchemaVersion {
  /** Migrations applied, in order from the first. */
  migrations: number;
  /** The last one's name (drizzle/{tag}.sql); null before any. */
  tag: string | null;
}

export function knownMigrations(): JournalEntry[] {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: JournalEntry[] };
  return journal.entries;
}

/** The newest schema this code creates. */
export function currentSchemaVersion(): SchemaVersion {
  const entries = knownMigrations();
  return { migrations: entries.length, tag: entries.at(-1)?.tag ?? null };
}

/** What a database has applied; a migration this code does not know is named as such. */
export async function appliedSchemaVersion(session: SqlSession): Promise<SchemaVersion & { unknown: boolean }> {
  const exists = await session.query<{ found: boolean }>(`select to_regclass('drizzle.__drizzle_migrations') is not null as found`);
  if (!exists.rows[0]?.found) return { migrations: 0, tag: null, unknown: false };
  const { rows } = await session.query<{ applied: number; last: string | null }>(
    'select count(*)::int as applied, max(created_at)::text as last from drizzle.__drizzle_migrations',
  );
  const applied = rows[0]?.applied ?? 0;
  const entries = knownMigrations();
  const entry = entries[applied - 1];
  const known = applied === 0 || (entry !== undefined && String(entry.when) === rows[0]?.last);
  return { migrations: applied, tag: entry?.tag ?? null, unknown: !known };
}

/**
 * A migrations folder holding the first `count` migrations only, for drizzle's migrator: a
 * database restored at that version gets the later ones on its next start, as any upgrade.
 */
export function migrationsUpTo(count: number): { folder: string; dispose(): void } {
  const entries = knownMigrations();
  if (count >= entries.length) return { folder: migrationsFolder, dispose: () => {} };
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'summit-migrations-'));
  fs.mkdirSync(path.join(folder, 'meta'));
  const kept = entries.slice(0, count);
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as object;
  fs.writeFileSync(path.join(folder, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries: kept }));
  for (const entry of kept) fs.copyFileSync(path.join(migrationsFolder, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
  return { folder, dispose: () => fs.rmSync(folder, { recursive: true, force: true }) };
}
