/**
 * The route cache's last good copies (decision 0022): a page whose render fails (thrown, 5xx, or
 * a route's own bundled fallback) answers the copy kept from its last good render, marked stale,
 * within the time bound; a content change makes copies out of date without throwing them away.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import routeCacheProvider, { invalidateRouteCache } from '../../../src/server/caching/route-cache.ts';

const STALE_IF_ERROR_SECONDS = 3600;

function setup() {
  const provider = routeCacheProvider({
    maxEntries: 10,
    maxBytes: 1_000_000,
    maxEntryBytes: 100_000,
    queryKeys: [],
    staleIfErrorSeconds: STALE_IF_ERROR_SECONDS,
  });
  const ask = (next: () => Promise<Response>, path = '/') => {
    const url = new URL(`http://summit.test${path}`);
    return provider.onRequest!(
      { request: new Request(url), url, waitUntil: () => {}, logger: console } as never,
      next,
    ) as Promise<Response>;
  };
  return { ask };
}

const page = (body: string) =>
  new Response(body, {
    status: 200,
    headers: {
      'content-type': 'text/html',
      'cache-control': 'public, max-age=60, stale-while-revalidate=600',
      'cdn-cache-control': 'max-age=60, stale-while-revalidate=600',
      'cache-tag': 'content',
    },
  });
const failing = () => Promise.reject(new Error('connect ECONNREFUSED'));
const serverError = () => Promise.resolve(new Response('Unexpected Application Error!', { status: 500 }));

afterEach(() => vi.useRealTimers());

describe('route cache: last good copies', () => {
  it('a content change makes the copy out of date: the next request renders again and its answer replaces the copy', async () => {
    const { ask } = setup();
    expect(await (await ask(async () => page('first'))).text()).toBe('first');
    const hit = await ask(async () => page('never rendered'));
    expect(hit.headers.get('x-astro-cache')).toBe('HIT');
    expect(await hit.text()).toBe('first');
    invalidateRouteCache({ tags: ['content'] });
    const next = vi.fn(async () => page('second'));
    const fresh = await ask(next);
    expect(next).toHaveBeenCalledOnce();
    expect(fresh.headers.get('x-astro-cache')).toBe('MISS');
    expect(await fresh.text()).toBe('second');
    expect(await (await ask(async () => page('never rendered'))).text()).toBe('second');
  });

  it('a render that throws or answers 5xx gets the last good copy, marked stale and not to be kept by anyone', async () => {
    const { ask } = setup();
    await ask(async () => page('good'));
    invalidateRouteCache({ tags: ['content'] });
    for (const next of [failing, serverError]) {
      const answer = await ask(next);
      expect(answer.status).toBe(200);
      expect(await answer.text()).toBe('good');
      expect(answer.headers.get('x-astro-cache')).toBe('STALE-IF-ERROR');
      expect(answer.headers.get('x-served-stale')).toMatch(/^last good copy of \d{4}-\d\d-\d\dT/);
      expect(answer.headers.get('warning')).toBe('111 - "Revalidation Failed"');
      expect(answer.headers.get('cache-control')).toBe('no-store');
    }
    // Once the render works again, fresh content and caching headers are back.
    const back = await ask(async () => page('fresh'));
    expect(await back.text()).toBe('fresh');
    expect(back.headers.get('x-served-stale')).toBeNull();
    expect(back.headers.get('cache-control')).toBe('public, max-age=60, stale-while-revalidate=600');
  });

  it('an expired copy serves too, but not after the stale-if-error bound', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { ask } = setup();
    await ask(async () => page('good'));
    vi.setSystemTime(Date.now() + 30 * 60 * 1000);
    expect(await (await ask(serverError)).text()).toBe('good');
    vi.setSystemTime(Date.now() + STALE_IF_ERROR_SECONDS * 1000);
    expect((await ask(serverError)).status).toBe(500);
    await expect(ask(failing)).rejects.toThrow('ECONNREFUSED');
  });

  it("prefers its copy to a route's bundled fallback, and passes the fallback on when it has none", async () => {
    const { ask } = setup();
    const fallback = () =>
      Promise.resolve(new Response('bundled', { headers: { 'x-served-stale': 'bundled fallback speakers', 'cache-control': 'no-store' } }));
    const cold = await ask(fallback, '/api/fetch-speakers');
    expect(await cold.text()).toBe('bundled');
    expect(cold.headers.get('x-served-stale')).toBe('bundled fallback speakers');
    await ask(async () => page('from the database'), '/api/fetch-speakers');
    invalidateRouteCache({ tags: ['content'] });
    const warm = await ask(fallback, '/api/fetch-speakers');
    expect(await warm.text()).toBe('from the database');
    expect(warm.headers.get('x-served-stale')).toMatch(/^last good copy of /);
    // ...and the copy is still there for the next failure.
    expect(await (await ask(fallback, '/api/fetch-speakers')).text()).toBe('from the database');
  });

  it('a page that is gone drops its copy, so a later failure shows no old content', async () => {
    const { ask } = setup();
    await ask(async () => page('edition'), '/gone/day-1');
    invalidateRouteCache({ tags: ['content'] });
    expect((await ask(async () => new Response('not found', { status: 404 }), '/gone/day-1')).status).toBe(404);
    expect((await ask(serverError, '/gone/day-1')).status).toBe(500);
  });

  it('a failed revalidation in the background keeps the copy', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { ask } = setup();
    await ask(async () => page('good'));
    vi.setSystemTime(Date.now() + 61 * 1000);
    const stale = await ask(failing);
    expect(stale.headers.get('x-astro-cache')).toBe('STALE');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(await (await ask(failing)).text()).toBe('good');
  });
});
