/**
 * Every table of the site as lines of JSON, one row each, in one order on any server: how a
 * backup writes them, a restore and a move read them back, and both sides are compared
 * (docs/decisions/0061). A row is `to_jsonb(row)` (timestamps in UTC), and the lines are sorted
 * by their bytes, so the same rows give the same SHA-256 on PGlite and on Postgres. Rows are read
 * through a cursor in batches: memory holds one batch, whatever the table's size.
 */
import { createHash } from 'node:crypto';
import type { SqlSession } from '../db/sql-session.ts';

const BATCH = 1000;

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * The site's tables in an order where each comes after the tables it refers to, so rows can be
 * inserted with every foreign key checked.
 */
export async function siteTables(session: SqlSession): Promise<string[]> {
  const tables = await session.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname`,
  );
  const references = await session.query<{ child: string; parent: string }>(
    `select c.relname as child, p.relname as parent from pg_constraint f
     join pg_class c on c.oid = f.conrelid join pg_class p on p.oid = f.confrelid
     where f.contype = 'f' and f.connamespace = 'public'::regnamespace and f.conrelid <> f.confrelid`,
  );
  const ordered: string[] = [];
  const placed = new Set<string>();
  const visit = (table: string, path: Set<string>) => {
    if (placed.has(table) || path.has(table)) return;
    path.add(table);
    for (const reference of references.rows) if (reference.child === table) visit(reference.parent, path);
    placed.add(table);
    ordered.push(table);
  };
  for (const { name } of tables.rows) visit(name, new Set());
  return ordered;
}

/** Calls back with each batch of a table's rows as JSON lines, in the one order. */
export async function readTable(session: SqlSession, table: string, onBatch: (lines: string[]) => Promise<void>): Promise<void> {
  const cursor = `summit_rows_${Math.random().toString(36).slice(2)}`;
  await session.query(
    `declare ${cursor} no scroll cursor for select to_jsonb(t)::text as r from public.${quoted(table)} t order by to_jsonb(t)::text collate "C"`,
  );
  try {
    for (;;) {
      const { rows } = await session.query<{ r: string }>(`fetch ${BATCH} from ${cursor}`);
      if (rows.length === 0) break;
      await onBatch(rows.map((row) => row.r));
    }
  } finally {
    await session.query(`close ${cursor}`);
  }
}

export interface TableDigest {
  rows: number;
  /** SHA-256 of the table's lines, each followed by a newline (the bytes a backup holds for it). */
  sha256: string;
}

export async function digestTable(session: SqlSession, table: string): Promise<TableDigest> {
  const hash = createHash('sha256');
  let rows = 0;
  await readTable(session, table, async (lines) => {
    for (const line of lines) hash.update(`${line}\n`);
    rows += lines.length;
  });
  return { rows, sha256: hash.digest('hex') };
}

/** Inserts rows (JSON lines) into a table; generated columns are computed again by the server. */
export function tableWriter(session: SqlSession, table: string): { write(lines: string[]): Promise<void> } {
  let insert: string | undefined;
  return {
    async write(lines) {
      if (lines.length === 0) return;
      if (!insert) {
        const { rows } = await session.query<{ name: string; always: boolean }>(
          `select column_name as name, identity_generation = 'ALWAYS' as always from information_schema.columns
           where table_schema = 'public' and table_name = $1 and is_generated = 'NEVER' order by ordinal_position`,
          [table],
        );
        const columns = rows.map((row) => quoted(row.name)).join(', ');
        const overriding = rows.some((row) => row.always) ? ' overriding system value' : '';
        insert = `insert into public.${quoted(table)} (${columns})${overriding} select ${columns} from jsonb_populate_recordset(null::public.${quoted(table)}, $1::jsonb)`;
      }
      await session.query(insert, [`[${lines.join(',')}]`]);
    },
  };
}

/** Each sequence's position, so ids go on where they were (null: never used). */
export async function sequencePositions(session: SqlSession): Promise<Record<string, number | null>> {
  const { rows } = await session.query<{ name: string; last: string | null }>(
    `select sequencename as name, last_value::text as last from pg_sequences where schemaname = 'public' order by 1`,
  );
  return Object.fromEntries(rows.map((row) => [row.name, row.last === null ? null : Number(row.last)]));
}

export async function setSequencePositions(session: SqlSession, positions: Record<string, number | null>): Promise<void> {
  for (const [name, last] of Object.entries(positions)) {
    if (last === null) continue;
    await session.query(`select setval($1::regclass, $2, true)`, [`public.${quoted(name)}`, last]);
  }
}

/** Whether a database holds any table of its own (a move or a restore goes only into an empty one). */
export async function holdsTables(session: SqlSession): Promise<string[]> {
  const { rows } = await session.query<{ name: string }>(
    `select n.nspname || '.' || c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind in ('r', 'p', 'v', 'm', 'S') and n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast')
       and n.nspname not like 'pg_temp%' and n.nspname not like 'pg_toast_temp%' order by 1 limit 5`,
  );
  return rows.map((row) => row.name);
}
