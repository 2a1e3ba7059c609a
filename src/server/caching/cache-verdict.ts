/**
 * The route cache's verdict for answers written with raw header lists (a fresh hit answered
 * before Astro), which `getHeader` cannot read back; the request log reads it.
 */
import type { ServerResponse } from 'node:http';

const cacheVerdicts = new WeakMap<ServerResponse, string>();

export function noteCacheVerdict(res: ServerResponse, verdict: string): void {
  cacheVerdicts.set(res, verdict);
}

/** The verdict noted for this answer, or Astro's own header. */
export function cacheVerdictOf(res: ServerResponse): string | number | string[] | undefined {
  return cacheVerdicts.get(res) ?? res.getHeader('x-astro-cache');
}
