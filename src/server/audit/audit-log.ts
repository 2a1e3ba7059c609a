/** The audit trail: every change made in the admin, with who made it and when. */
import { desc, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { auditLog } from '../db/schema.ts';
import { adminLabel, type AdminUser } from '../../domain/admin-user.ts';

export interface AuditEntry {
  action: 'create' | 'update' | 'delete' | 'reorder' | 'import' | 'apply' | 'sign-in' | 'sign-out';
  entityType: string;
  entityId?: string | number | null;
  summary: string;
  details?: unknown;
}

/** One row of the log: who (an admin's id, or none for the system) under which label, and what. */
async function insertAudit(db: Database, who: { actorId: number | null; actorLabel: string }, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    ...who,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
    summary: entry.summary,
    details: entry.details ?? null,
  });
}

export async function recordAudit(db: Database, actor: AdminUser, entry: AuditEntry): Promise<void> {
  await insertAudit(db, { actorId: actor.id, actorLabel: adminLabel(actor) }, entry);
}

export const AUDIT_PAGE_SIZE = 50;

export async function listAudit(db: Database, page: number) {
  const [{ total } = { total: 0 }] = await db.select({ total: sql<number>`count(*)::int` }).from(auditLog);
  const rows = await db
    .select()
    .from(auditLog)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(AUDIT_PAGE_SIZE)
    .offset((page - 1) * AUDIT_PAGE_SIZE);
  return { rows, total };
}

/** Who made a change: a signed-in admin, or a label for the system or an API token. */
export type AuditActor = AdminUser | string;

export function recordAuditBy(db: Database, actor: AuditActor, entry: AuditEntry): Promise<void> {
  return typeof actor === 'string' ? recordSystemAudit(db, actor, entry) : recordAudit(db, actor, entry);
}

/** A change made by the system rather than an admin (e.g. the payment provider's webhook). */
export async function recordSystemAudit(db: Database, actorLabel: string, entry: AuditEntry): Promise<void> {
  await insertAudit(db, { actorId: null, actorLabel }, entry);
}
