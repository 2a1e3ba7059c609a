/**
 * Who may reach the admin: every /admin/... page and /api/admin/... endpoint needs a signed-in
 * admin; only the sign-in page (/admin itself) is open. Writes to the admin API must also come
 * from our own origin (the session cookie is SameSite=Strict too).
 */
import type { AstroCookies } from 'astro';
import { getDatabase } from '../db/index.ts';
import { siteOrigin } from '../http/request-origin.ts';
import { jsonError } from '../http/responses.ts';
import type { AdminUser } from './accounts.ts';
import { ADMIN_COOKIE, findSessionUser } from './sessions.ts';

export function isAdminPath(pathname: string): boolean {
  return pathname === '/admin' || pathname.startsWith('/admin/') || pathname.startsWith('/api/admin/');
}

const OPEN_ADMIN_PATHS = new Set(['/admin', '/admin/']);

export async function checkAdmin(
  request: Request,
  url: URL,
  cookies: AstroCookies,
): Promise<{ admin: AdminUser | null; refusal: Response | null }> {
  const { db } = await getDatabase();
  const admin = await findSessionUser(db, cookies.get(ADMIN_COOKIE)?.value);
  if (admin || OPEN_ADMIN_PATHS.has(url.pathname)) {
    const crossOrigin =
      request.method !== 'GET' && request.method !== 'HEAD' && request.headers.get('origin') !== siteOrigin({ request, url });
    if (admin && crossOrigin && url.pathname.startsWith('/api/admin/')) {
      return { admin, refusal: jsonError(403, 'Cross-site requests to the admin are refused.') };
    }
    return { admin, refusal: null };
  }
  if (url.pathname.startsWith('/api/admin/')) return { admin: null, refusal: jsonError(401, 'Sign in to the admin first.') };
  const next = encodeURIComponent(url.pathname + url.search);
  return { admin: null, refusal: new Response(null, { status: 303, headers: { location: `/admin?next=${next}` } }) };
}
