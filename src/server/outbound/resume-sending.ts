/**
 * An admin's "Resume sending" (docs/decisions/0075): the pause of everything outbound lifted,
 * written to the audit trail, and the worker woken so what waited leaves at once.
 */
import type { AdminUser } from '../../domain/admin-user.ts';
import { recordAudit } from '../audit/audit-log.ts';
import type { Database } from '../db/client.ts';
import { resumeOutbound } from './pause.ts';
import { wakeOutbound } from './wake.ts';

/** Returns whether sending was paused (a second press changes nothing and records nothing). */
export async function resumeSending(db: Database, admin: AdminUser): Promise<boolean> {
  const resumed = await db.transaction(async (tx) => {
    if (!(await resumeOutbound(tx))) return false;
    await recordAudit(tx, admin, {
      action: 'update',
      entityType: 'outbound',
      summary: 'Resumed outbound sending: e-mails, webhooks and list sync',
    });
    return true;
  });
  if (resumed) wakeOutbound();
  return resumed;
}

/** Where to go back to after the button: an admin screen of this site, else the admin's home. */
export function adminReturnPath(value: unknown): string {
  return typeof value === 'string' && value.startsWith('/admin') && !value.startsWith('//') ? value : '/admin';
}
