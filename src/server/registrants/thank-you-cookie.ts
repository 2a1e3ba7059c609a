/**
 * After registering, the thank-you page greets the visitor by name. The name travels in a
 * short-lived HttpOnly cookie rather than the URL, so it stays out of logs and referrers.
 */
import type { AstroCookies } from 'astro';

const COOKIE = 'registered_name';

export function rememberRegisteredName(cookies: AstroCookies, firstName: string, secure: boolean): void {
  cookies.set(COOKIE, firstName, { httpOnly: true, sameSite: 'lax', secure, path: '/thank-you', maxAge: 600 });
}

export function registeredName(cookies: AstroCookies): string | null {
  const value = cookies.get(COOKIE)?.value?.trim();
  return value ? value.slice(0, 100) : null;
}
