/**
 * After registering, the thank-you page greets the visitor by name. The name travels in a
 * short-lived HttpOnly cookie rather than the URL, so it stays out of logs and referrers.
 */
import type { AstroCookies } from 'astro';

export const REGISTERED_NAME_COOKIE = 'registered_name';
/** Long enough to reach the thank-you page after registering, no longer. */
export const REGISTERED_NAME_SECONDS = 600;

export function rememberRegisteredName(cookies: AstroCookies, firstName: string, secure: boolean): void {
  cookies.set(REGISTERED_NAME_COOKIE, firstName, {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/thank-you',
    maxAge: REGISTERED_NAME_SECONDS,
  });
}

export function registeredName(cookies: AstroCookies): string | null {
  const value = cookies.get(REGISTERED_NAME_COOKIE)?.value?.trim();
  return value ? value.slice(0, 100) : null;
}
