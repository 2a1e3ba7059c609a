/**
 * Admin → Data requests (/admin/data-requests, docs/decisions/0084): every copy and erasure a
 * person asked for, with when it was asked and answered, so the host can show each was answered
 * within a month; and a copy of someone's data made for a person who asked by e-mail (the same
 * JSON as their own download, recorded as answered by the admin, with its audit entry).
 */
import { isEmailAddress, normalisedEmail } from '../../domain/email-address.ts';
import type { AdminUser } from '../../domain/admin-user.ts';
import { recordAudit } from '../audit/audit-log.ts';
import { appNow } from '../clock.ts';
import type { DbHandle } from '../db/client.ts';
import { respond, show, type PageOutcome } from '../http/page-outcome.ts';
import type { DataRequestRow } from '../../domain/registrant-data/data-request.ts';
import { listDataRequests, recordExport } from './data-requests.ts';
import { registrantDataOf } from './registrant-data.ts';
import { dataFile } from './your-data-pages.ts';

export interface DataRequestsState {
  requests: DataRequestRow[];
  email: string;
  problem?: string;
}

async function exportFor(handle: DbHandle, admin: AdminUser, typed: string): Promise<Response | string> {
  const email = normalisedEmail(typed);
  if (!isEmailAddress(email)) return 'Enter the e-mail address they registered with, such as name@example.com.';
  const now = appNow();
  const data = await registrantDataOf(handle.db, email, now);
  if (!data.registrations.length) return `No registration has the address ${email}: there is nothing to export.`;
  await handle.db.transaction(async (tx) => {
    await recordExport(tx, { email, source: 'admin', registrations: data.registrations.length, now });
    await recordAudit(tx, admin, {
      action: 'create',
      entityType: 'data_requests',
      summary: `Exported the data of ${data.registrations.length} registration(s) for a person's request`,
      details: { registrations: data.registrations.map((row) => row.registrantId) },
    });
  });
  return dataFile(data);
}

/** GET: the list; POST action=export: the person's data as a download, or why not. */
export async function dataRequestsScreen({
  handle,
  admin,
  request,
}: {
  handle: DbHandle;
  admin: AdminUser;
  request: Request;
}): Promise<PageOutcome<DataRequestsState>> {
  let problem: string | undefined;
  let email = '';
  if (request.method === 'POST') {
    const form = await request.formData().catch(() => null);
    email = String(form?.get('email') ?? '').slice(0, 300);
    const exported = form?.get('action') === 'export' ? await exportFor(handle, admin, email) : 'Unknown action.';
    if (typeof exported !== 'string') return respond(exported);
    problem = exported;
  }
  const requests = await listDataRequests(handle.db, appNow());
  return show({ requests, email, ...(problem ? { problem } : {}) }, problem ? 422 : 200, { 'cache-control': 'private, no-store' });
}
