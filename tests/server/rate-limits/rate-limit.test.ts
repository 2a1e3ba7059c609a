import { describe, expect, it } from 'vitest';
import { createRateLimiter } from '../../../src/server/rate-limits/rate-limit.ts';
import { describeEachDatabase, testDatabases, useTestDatabase } from '../../support/databases.ts';

describeEachDatabase('shared rate limits', (database) => {
  const ctx = useTestDatabase(database);

  it('allows the limit per window, then refuses with the seconds to wait', async () => {
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
    expect(wait).toBeGreaterThan(55);
    expect(wait).toBeLessThanOrEqual(60);
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

  it('opens a new window once the old one ends', async () => {
    const limiter = createRateLimiter(ctx.db, { name: 'd', limit: 1, windowSeconds: 1 });
    expect((await limiter.take('x')).allowed).toBe(true);
    expect((await limiter.take('x')).allowed).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await limiter.take('x')).allowed).toBe(true);
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
