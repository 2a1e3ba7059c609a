/**
 * Reading and writing the content the admin manages. Every write is validated by the resource's
 * schema, runs in one transaction with its audit entry, and is announced so every app process
 * shows it on the next request.
 */
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { AdminFormErrors } from '../../domain/admin.ts';
import { firstMessageByField } from '../../domain/form-messages.ts';
import type { AdminUser } from '../auth/accounts.ts';
import type { Database, DbHandle } from '../db/client.ts';
import { unchanged, writeContent, type WriteOutcome } from '../audit/content-write.ts';
import type { ResourceDefinition } from './resource-definitions.ts';

export type Row = Record<string, unknown> & { id: number };

/** The columns every managed table shares, reachable without knowing which table it is. */
interface Columns {
  id: PgColumn;
  position: PgColumn;
  editionId?: PgColumn;
  day?: PgColumn;
}

function columns(def: ResourceDefinition): Columns {
  return def.table as unknown as Columns;
}

/** Rows of this resource in this edition (or the site), and in one day when it groups by day. */
function scope(def: ResourceDefinition, editionId: number | null, day?: unknown): SQL | undefined {
  const c = columns(def);
  const conditions: SQL[] = [];
  if (def.scope === 'edition' && c.editionId) conditions.push(eq(c.editionId, editionId ?? -1));
  if (def.groupedByDay && c.day && day !== undefined) conditions.push(eq(c.day, day));
  return conditions.length ? and(...conditions) : undefined;
}

function ordering(def: ResourceDefinition) {
  const c = columns(def);
  return def.groupedByDay && c.day ? [asc(c.day), asc(c.position), asc(c.id)] : [asc(c.position), asc(c.id)];
}

export async function listRows(db: Database, def: ResourceDefinition, editionId: number | null): Promise<Row[]> {
  return (await db
    .select()
    .from(def.table)
    .where(scope(def, editionId))
    .orderBy(...ordering(def))) as Row[];
}

export async function findRow({
  db,
  def,
  editionId,
  id,
}: {
  db: Database;
  def: ResourceDefinition;
  editionId: number | null;
  id: number;
}): Promise<Row | null> {
  const [row] = await db
    .select()
    .from(def.table)
    .where(and(eq(columns(def).id, id), scope(def, editionId)))
    .limit(1);
  return (row as Row | undefined) ?? null;
}

export type SaveResult = { ok: true; id: number } | { ok: false; errors: AdminFormErrors };

export async function saveRow({
  handle,
  def,
  admin,
  target,
  record,
}: {
  handle: DbHandle;
  def: ResourceDefinition;
  admin: AdminUser;
  target: { editionId: number | null; id: number | null };
  record: Record<string, unknown>;
}): Promise<SaveResult> {
  const parsed = def.schema.safeParse(record);
  if (!parsed.success) return { ok: false, errors: firstMessageByField(parsed.error.issues) };
  const values = { ...parsed.data, ...(def.scope === 'edition' ? { editionId: target.editionId } : {}) };
  const c = columns(def);

  const id = await writeContent(handle, admin, async (tx): Promise<WriteOutcome<number | null>> => {
    if (target.id !== null) {
      const [row] = await tx
        .update(def.table)
        .set({ ...values, updatedAt: new Date() } as never)
        .where(and(eq(c.id, target.id), scope(def, target.editionId)))
        .returning({ id: c.id });
      if (!row) return unchanged(null);
      return {
        result: target.id,
        audit: {
          action: 'update',
          entityType: def.key,
          entityId: target.id,
          summary: `Updated ${def.singular} #${target.id}`,
          details: parsed.data,
        },
      };
    }
    const [{ next } = { next: 0 }] = await tx
      .select({ next: sql<number>`coalesce(max(${c.position}), -1)::int + 1` })
      .from(def.table)
      .where(scope(def, target.editionId, (parsed.data as { day?: unknown }).day));
    const [row] = await tx
      .insert(def.table)
      .values({ ...values, position: next } as never)
      .returning({ id: c.id });
    const newId = (row as { id: number }).id;
    return {
      result: newId,
      audit: { action: 'create', entityType: def.key, entityId: newId, summary: `Added ${def.singular} #${newId}`, details: parsed.data },
    };
  });
  if (id === null) return { ok: false, errors: { '': `That ${def.singular} no longer exists.` } };
  return { ok: true, id };
}

export async function deleteRow({
  handle,
  def,
  admin,
  editionId,
  id,
}: {
  handle: DbHandle;
  def: ResourceDefinition;
  admin: AdminUser;
  editionId: number | null;
  id: number;
}): Promise<boolean> {
  return writeContent(handle, admin, async (tx) => {
    const [row] = await tx
      .delete(def.table)
      .where(and(eq(columns(def).id, id), scope(def, editionId)))
      .returning();
    if (!row) return unchanged(false);
    return {
      result: true,
      audit: { action: 'delete', entityType: def.key, entityId: id, summary: `Deleted ${def.singular} #${id}`, details: row },
    };
  });
}

/** Swaps a row with its neighbour (within its day, where the resource has days). */
export async function moveRow({
  handle,
  def,
  admin,
  editionId,
  id,
  direction,
}: {
  handle: DbHandle;
  def: ResourceDefinition;
  admin: AdminUser;
  editionId: number | null;
  id: number;
  direction: 'up' | 'down';
}): Promise<boolean> {
  const c = columns(def);
  return writeContent(handle, admin, async (tx) => {
    const [row] = (await tx
      .select()
      .from(def.table)
      .where(and(eq(c.id, id), scope(def, editionId)))
      .limit(1)) as Row[];
    if (!row) return unchanged(false);
    const siblings = (await tx
      .select()
      .from(def.table)
      .where(scope(def, editionId, def.groupedByDay ? row.day : undefined))
      .orderBy(...ordering(def))) as Row[];
    const index = siblings.findIndex((sibling) => sibling.id === id);
    const other = siblings[direction === 'up' ? index - 1 : index + 1];
    if (!other) return unchanged(false);
    // Renumber the group in its new order, so equal or missing positions cannot stall a move.
    const reordered = [...siblings];
    reordered[index] = other;
    reordered[siblings.indexOf(other)] = row;
    for (const [position, sibling] of reordered.entries()) {
      await tx
        .update(def.table)
        .set({ position } as never)
        .where(eq(c.id, sibling.id));
    }
    return {
      result: true,
      audit: { action: 'reorder', entityType: def.key, entityId: id, summary: `Moved ${def.singular} #${id} ${direction}` },
    };
  });
}
