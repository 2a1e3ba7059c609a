/** JSON answers with the headers every API response carries. */

export const NO_STORE = 'no-store';

/** HTTP caching of the product's cache constants: fresh for maxAge, served stale while revalidating. */
export function publicCache(maxAgeSeconds: number, staleSeconds: number): string {
  return `public, max-age=${maxAgeSeconds}, stale-while-revalidate=${staleSeconds}`;
}

/** The route-cache tag of everything built from content: any content change drops it (src/server/caching/change-announcement.ts). */
export const CONTENT_TAG = 'content';

/** What Astro.cache / context.cache offers that sharePublicly uses. */
interface RouteCache {
  set(options: { maxAge: number; swr: number; tags: string[] }): void;
}

/**
 * An answer that is the same for every visitor: browsers and shared caches may keep it for the
 * window, and so does the server's route cache (src/server/caching/route-cache.ts) until content changes.
 */
export function sharePublicly({
  cache,
  headers,
  maxAgeSeconds,
  staleSeconds,
}: {
  cache: RouteCache;
  headers: Headers;
  maxAgeSeconds: number;
  staleSeconds: number;
}): void {
  headers.set('cache-control', publicCache(maxAgeSeconds, staleSeconds));
  cache.set({ maxAge: maxAgeSeconds, swr: staleSeconds, tags: [CONTENT_TAG] });
}

/**
 * Set on an answer that is not the current content: the route cache's last good copy, or a
 * route's bundled fallback while the database is unreachable (decision 0022). Its value says
 * which. The route cache prefers its own last good copy to a route's fallback.
 */
export const SERVED_STALE_HEADER = 'x-served-stale';

/**
 * A public answer built without the database (bundled or remembered content, decision 0024): no
 * cache may keep it, so the real page returns as soon as the database is back, and the route
 * cache answers its last good copy instead when it has one (it never stores this, nor drops its
 * copy for it). `what` names the content, in the SERVED_STALE_HEADER.
 */
export function serveUncachedFallback(headers: Headers, what: string): void {
  headers.set('cache-control', NO_STORE);
  headers.set(SERVED_STALE_HEADER, what);
}

/**
 * Astro answers src/pages/500.astro with status 500 whatever the page sets; the page sets this
 * header to ask for another status (503 while the database is down), and src/middleware.ts, which
 * runs around the error page too, answers with it and drops the header.
 */
export const ERROR_PAGE_STATUS_HEADER = 'x-summit-error-status';

/** The value of SERVED_STALE_HEADER on a page built from bundled or remembered content. */
export const BUNDLED_CONTENT = 'bundled content: the database cannot be read';

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
