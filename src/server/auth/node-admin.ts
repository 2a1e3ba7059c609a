/**
 * The admin guard's two checks for the admin routes that run before Astro (streamed uploads,
 * past the 4 MB body limit every other request keeps): a signed-in admin by the session cookie,
 * and a form that comes from a page of this site (the site's one CSRF rule, request-origin.ts).
 */
import type { IncomingMessage } from 'node:http';
import type { Database } from '../db/client.ts';
import { isCrossSiteWrite } from '../http/request-origin.ts';
import type { AdminUser } from './accounts.ts';
import { ADMIN_COOKIE, findSessionUser } from './sessions.ts';

function cookieValue(req: IncomingMessage, name: string): string | undefined {
  for (const part of String(req.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

export async function adminOfNodeRequest(db: Database, req: IncomingMessage): Promise<AdminUser | null> {
  return findSessionUser(db, cookieValue(req, ADMIN_COOKIE));
}

/** The form must come from a page of this site. */
export function isSameOriginForm(req: IncomingMessage): boolean {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value);
  try {
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`);
    return !isCrossSiteWrite(new Request(url, { method: req.method ?? 'POST', headers }), url);
  } catch {
    return false;
  }
}
