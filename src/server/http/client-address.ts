/** The visitor's address, for rate limits: the socket's, or the proxy's word when TRUST_PROXY is set. */
import { env } from '../env.ts';

export function clientAddress(request: Request, socketAddress: string | undefined): string {
  if (env().TRUST_PROXY) {
    const forwarded = request.headers.get('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  return socketAddress ?? 'unknown';
}
