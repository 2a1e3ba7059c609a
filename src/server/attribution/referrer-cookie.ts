/**
 * Setting and reading the referrer cookie (src/domain/attribution/referrer-cookie.ts). It is set
 * only by the `/r/` redirect and read only when a registration is stored, so no cached page ever
 * depends on it (decision 0038).
 */
import type { AstroCookies } from 'astro';
import { parseCookie } from 'cookie';
import { parseReferrerCookie, referrerCookieName, REFERRER_MAX_AGE_SECONDS } from '../../domain/attribution/referrer-cookie.ts';

/** Remembers the share link unless this browser already follows one of the edition's (first touch wins). */
export function rememberReferrer(
  cookies: AstroCookies,
  { editionId, linkId, secure }: { editionId: number; linkId: number; secure: boolean },
): boolean {
  const name = referrerCookieName(editionId);
  if (parseReferrerCookie(cookies.get(name)?.value) !== null) return false;
  cookies.set(name, String(linkId), { httpOnly: true, sameSite: 'lax', secure, path: '/', maxAge: REFERRER_MAX_AGE_SECONDS });
  return true;
}

/** The share link id the request's cookie names for the edition, or null. */
export function referrerFromRequest(request: Request, editionId: number): number | null {
  const header = request.headers.get('cookie');
  if (!header || header.length > 16_384) return null;
  return parseReferrerCookie(parseCookie(header)[referrerCookieName(editionId)]);
}
