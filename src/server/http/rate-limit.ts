/**
 * Fixed-window rate limits per key (a client address), held in this process. Each app process
 * counts its own requests, so behind a load balancer of N processes a client can reach at most
 * N times the limit: enough to stop a burst from one address without a shared store.
 */
export interface RateLimiter {
  /** Counts one attempt; refused attempts say when to try again. */
  take(key: string, now?: number): { allowed: true } | { allowed: false; retryAfterSeconds: number };
}

const SWEEP_ABOVE = 10_000;

export function createRateLimiter(limit: number, windowMs: number): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();

  function sweep(now: number) {
    for (const [key, window] of windows) if (window.resetAt <= now) windows.delete(key);
  }

  return {
    take(key, now = Date.now()) {
      let window = windows.get(key);
      if (!window || window.resetAt <= now) {
        if (windows.size > SWEEP_ABOVE) sweep(now);
        window = { count: 0, resetAt: now + windowMs };
        windows.set(key, window);
      }
      window.count += 1;
      if (window.count <= limit) return { allowed: true };
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((window.resetAt - now) / 1000)) };
    },
  };
}
