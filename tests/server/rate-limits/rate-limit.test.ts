import { describe, expect, it } from 'vitest';
import { createRateLimiter } from '../../../src/server/rate-limits/rate-limit.ts';
import { describeEachDatabase, testDatabases, useTestDatabase } from '../../support/databases.ts';

describeEachDatabase('shared rate limits', (database) => {
  const ctx = useTestDatabase(database);

  it('allows the limit per window, then refuses with the seconds until its attempts leave the window', async () => {
    const limiter = createRateLimiter(ctx.db, { name: 'a', limit: 3, windowSeconds: 60 });
    const verdicts = [];
    for (let i = 0; i < 4; i++) verdicts.push(await limiter.take('client'));
    expect(verdicts.slice(0, 3)).toEqual([
      { allowed: true, remaining: 2 },
      { allowed: true, remaining: 1 },
      { allowed: true, remaining: 0 },
    ]);
    expect(verdicts[3]).toMatchObject({ allowed: false });
    const wait = (verdicts[3] as { retryAfterSeconds: number }).retryAfterSeconds;
    // The window counted in tenths: the oldest tenth leaves whole, so the wait is the window and at most one tenth more.
    expect(wait).toBeGreaterThanOrEqual(60);
    expect(wait).toBeLessThanOrEqual(66);
  });

  it('counts each key and each limiter on its own, and forgets a key on request', async () => {
    const first = createRateLimiter(ctx.db, { name: 'b', limit: 1, windowSeconds: 60 });
    const second = createRateLimiter(ctx.db, { name: 'c', limit: 1, windowSeconds: 60 });
    expect((await first.take('x')).allowed).toBe(true);
    expect((await first.take('x')).allowed).toBe(false);
    expect((await first.take('y')).allowed).toBe(true);
    expect((await second.take('x')).allowed).toBe(true);
    await first.forget('x');
    expect((await first.take('x')).allowed).toBe(true);
  });

  it('lets the key in again once its attempts have left the window', async () => {
    const limiter = createRateLimiter(ctx.db, { name: 'd', limit: 1, windowSeconds: 1 });
    expect((await limiter.take('x')).allowed).toBe(true);
    expect((await limiter.take('x')).allowed).toBe(false);
    expect(await limiter.refusedFor('x')).toBeOneOf([1, 2]);
    await new Promise((resolve) => setTimeout(resolve, 1300));
    expect(await limiter.refusedFor('x')).toBeNull();
    expect((await limiter.take('x')).allowed).toBe(true);
  });

  it('never lets more than the limit through in any window-length span, a burst across a window boundary included', async () => {
    // Fixed windows let 650 of a 600-a-minute limit through in 5.5 s across a minute's end; here a
    // 10-per-2-s limit, one attempt at the start, then a steady stream for three windows.
    const limiter = createRateLimiter(ctx.db, { name: 'slide', limit: 10, windowSeconds: 2 });
    const allowed: number[] = [];
    const take = async () => {
      const at = Date.now();
      const verdict = await limiter.take('burst');
      if (verdict.allowed) allowed.push(at);
      return verdict;
    };
    await take();
    await new Promise((resolve) => setTimeout(resolve, 1800));
    const end = Date.now() + 4500;
    while (Date.now() < end) {
      await take();
      await new Promise((resolve) => setTimeout(resolve, 15));
    }
    for (const start of allowed) expect(allowed.filter((at) => at >= start && at < start + 2000).length).toBeLessThanOrEqual(10);
    // And it is a limit, not a wall: the stream got in again window after window.
    expect(allowed.length).toBeGreaterThanOrEqual(20);
  }, 20_000);

  it('says how many remain and when to retry, as the API answers them', async () => {
    const limiter = createRateLimiter(ctx.db, { name: 'headers', limit: 3, windowSeconds: 10 });
    expect(await limiter.take('h')).toEqual({ allowed: true, remaining: 2 });
    expect(await limiter.take('h', 2)).toEqual({ allowed: true, remaining: 0 });
    const refused = await limiter.take('h');
    expect(refused).toMatchObject({ allowed: false });
    expect((refused as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThanOrEqual(10);
    expect((refused as { retryAfterSeconds: number }).retryAfterSeconds).toBeLessThanOrEqual(11);
  });

  it('blocks for blockSeconds once over the limit, however soon the window has room', async () => {
    const limiter = createRateLimiter(ctx.db, { name: 'blocking', limit: 1, windowSeconds: 1, blockSeconds: 30 });
    expect((await limiter.take('b')).allowed).toBe(true);
    expect(await limiter.take('b')).toMatchObject({ allowed: false, retryAfterSeconds: 30 });
    await new Promise((resolve) => setTimeout(resolve, 1150));
    expect((await limiter.take('b')).allowed).toBe(false);
    await limiter.forget('b');
    expect((await limiter.take('b')).allowed).toBe(true);
  });

  it('counts concurrent attempts exactly (one statement per attempt, no lost updates)', async () => {
    const limiter = createRateLimiter(ctx.db, { name: 'e', limit: 10, windowSeconds: 60 });
    const verdicts = await Promise.all(Array.from({ length: 25 }, () => limiter.take('burst')));
    expect(verdicts.filter((verdict) => verdict.allowed)).toHaveLength(10);
  });
});

const postgres = testDatabases.find((database) => database.name === 'postgres');
describe.runIf(postgres)('shared rate limits across connections to one Postgres', () => {
  const ctx = useTestDatabase(postgres!);
  it('two pools (as two app processes have) together allow the limit once', async () => {
    // A second, independent pool on the same database: what a second app process holds.
    const { openDatabase } = await import('../../../src/server/db/client.ts');
    const other = await openDatabase({ driver: 'postgres', url: ctx.handle.url!, poolSize: 5 });
    try {
      const a = createRateLimiter(ctx.db, { name: 'shared', limit: 10, windowSeconds: 60 });
      const b = createRateLimiter(other.db, { name: 'shared', limit: 10, windowSeconds: 60 });
      const verdicts = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).take('one-client')));
      expect(verdicts.filter((verdict) => verdict.allowed)).toHaveLength(10);
    } finally {
      await other.close();
    }
  });
});
