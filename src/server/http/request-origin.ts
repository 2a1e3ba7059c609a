/**
 * What the server knows about where a request came from. Behind a reverse proxy (TRUST_PROXY)
 * the proxy's headers say who the client is and whether it used HTTPS; otherwise the socket does.
 */
import { env } from '../env.ts';

/** The visitor's address, for rate limits. */
export function clientAddress(request: Request, socketAddress: string | undefined): string {
  if (env().TRUST_PROXY) {
    const forwarded = request.headers.get('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  return socketAddress ?? 'unknown';
}

/** Whether the visitor is on HTTPS: for HSTS and the Secure flag of every cookie we set. */
export function isHttps(request: Request, url: URL): boolean {
  if (url.protocol === 'https:') return true;
  return env().TRUST_PROXY && request.headers.get('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase() === 'https';
}
