/** JSON answers with the headers every API response carries. */

export const NO_STORE = 'no-store';

/** HTTP caching of SPEC.md's cache constants: fresh for maxAge, served stale while revalidating. */
export function publicCache(maxAgeSeconds: number, staleSeconds: number): string {
  return `public, max-age=${maxAgeSeconds}, stale-while-revalidate=${staleSeconds}`;
}

export function json(status: number, body: unknown, cacheControl: string = NO_STORE): Response {
  return jsonText(status, JSON.stringify(body), cacheControl);
}

/** For bodies serialised once and served many times from the cache. */
export function jsonText(status: number, body: string, cacheControl: string = NO_STORE): Response {
  return new Response(body, {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': cacheControl },
  });
}

export function jsonError(status: number, message: string): Response {
  return json(status, { error: message });
}
