import type { APIRoute } from 'astro';
import { recordAudit } from '../../server/audit/audit-log.ts';
import { ADMIN_COOKIE, clearSessionCookie, endSession } from '../../server/auth/sessions.ts';
import { getDatabase } from '../../server/db/index.ts';
import { isHttps } from '../../server/http/request-origin.ts';

export const POST: APIRoute = async ({ cookies, locals, request, url, redirect }) => {
  const { db } = await getDatabase();
  if (locals.admin)
    await recordAudit(db, locals.admin, { action: 'sign-out', entityType: 'admin', entityId: locals.admin.id, summary: 'Signed out' });
  await endSession(db, cookies.get(ADMIN_COOKIE)?.value);
  clearSessionCookie(cookies, isHttps(request, url));
  return redirect('/admin', 303);
};
