import { describe, expect, it } from 'vitest';
import { createRateLimiter } from '../../src/server/http/rate-limit.ts';

describe('createRateLimiter', () => {
  it('allows the limit per window, then refuses with the seconds to wait', () => {
    const limiter = createRateLimiter(3, 60_000);
    const now = 1_000_000;
    expect([1, 2, 3].map(() => limiter.take('a', now).allowed)).toEqual([true, true, true]);
    expect(limiter.take('a', now + 15_000)).toEqual({ allowed: false, retryAfterSeconds: 45 });
  });
  it('counts each address on its own', () => {
    const limiter = createRateLimiter(1, 60_000);
    expect(limiter.take('a', 0).allowed).toBe(true);
    expect(limiter.take('a', 1).allowed).toBe(false);
    expect(limiter.take('b', 1).allowed).toBe(true);
  });
  it('opens a new window once the old one ends', () => {
    const limiter = createRateLimiter(1, 60_000);
    limiter.take('a', 0);
    expect(limiter.take('a', 59_999).allowed).toBe(false);
    expect(limiter.take('a', 60_000).allowed).toBe(true);
  });
});
