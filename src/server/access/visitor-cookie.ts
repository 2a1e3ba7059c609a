/**
 * The anonymous visitor's session id (docs/PRODUCT.md "Visitor sessions": "created as a random UUID if missing"). It lives
 * in an HttpOnly cookie, so page scripts and cleared local storage cannot change it; access
 * windows are counted from the first visit the server recorded for it.
 */
import { randomUUID } from 'node:crypto';
import type { AstroCookies } from 'astro';
import { stringifySetCookie } from 'cookie';
import { sessionIdSchema } from './user-sessions.ts';

export const VISITOR_COOKIE = 'summit_session';
export const VISITOR_COOKIE_SECONDS = 365 * 24 * 3600;
const cookieOptions = (secure: boolean) => ({
  httpOnly: true,
  sameSite: 'lax' as const,
  secure,
  path: '/',
  maxAge: VISITOR_COOKIE_SECONDS,
});

/** Whether the visitor already carries a valid session id (a new one would be a new row). */
export function hasVisitorSession(cookies: AstroCookies): boolean {
  const existing = cookies.get(VISITOR_COOKIE)?.value;
  return existing !== undefined && sessionIdSchema.safeParse(existing).success;
}

export function visitorSessionId(cookies: AstroCookies, secure: boolean): string {
  const existing = cookies.get(VISITOR_COOKIE)?.value;
  if (existing && sessionIdSchema.safeParse(existing).success) return existing;
  const id = randomUUID();
  cookies.set(VISITOR_COOKIE, id, cookieOptions(secure));
  return id;
}

/** A new session id and its Set-Cookie header, for answers made outside Astro (the cached personal pages). */
export function newVisitorSession(secure: boolean): { id: string; setCookie: string } {
  const id = randomUUID();
  return { id, setCookie: stringifySetCookie({ name: VISITOR_COOKIE, value: id, ...cookieOptions(secure) }) };
}

/** The reset-session action: forget the id; the next page view starts a new session. */
export function forgetVisitorSession(cookies: AstroCookies, secure: boolean): void {
  cookies.delete(VISITOR_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
}
