/**
 * The one way to change content the public pages show: the change and its audit entry commit in
 * one transaction, then every app process is told to drop its cached content. A write that finds
 * nothing to change (a row gone, a refusal) returns no audit entry: nothing is recorded or announced.
 */
import type { AdminUser } from '../../domain/admin-user.ts';
import { announceContentChange } from '../caching/change-announcement.ts';
import type { Database, DbHandle } from '../db/client.ts';
import { recordAudit, type AuditEntry } from './audit-log.ts';

/** What the write inside the transaction did: its result, and the audit entry when it changed something. */
export interface WriteOutcome<T> {
  result: T;
  audit: AuditEntry | null;
}

/** Who changes content, and the database it is changed in: what a content write is given. */
export interface ContentWriter {
  handle: DbHandle;
  actor: AdminUser;
}

export async function writeContent<T>(handle: DbHandle, admin: AdminUser, write: (db: Database) => Promise<WriteOutcome<T>>): Promise<T> {
  const { result, changed } = await handle.db.transaction(async (tx) => {
    const outcome = await write(tx);
    if (outcome.audit) await recordAudit(tx, admin, outcome.audit);
    return { result: outcome.result, changed: outcome.audit !== null };
  });
  if (changed) await announceContentChange(handle);
  return result;
}

/** A write's outcome when it changed nothing. */
export function unchanged<T>(result: T): WriteOutcome<T> {
  return { result, audit: null };
}
