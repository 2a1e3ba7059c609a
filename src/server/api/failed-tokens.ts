/**
 * Failed API token attempts, counted per client address (docs/decisions/0070): a client that
 * sends more than FAILED_TOKENS_PER_MINUTE wrong or unknown tokens in a minute is answered 429,
 * with Retry-After, for every request until its minute ends, a right token included, so guessing
 * learns nothing while refused. Shared by every app process through the database, as the
 * sign-in's limits are (30 attempts a minute per client there too).
 */
import { problem } from '../../domain/api/problem.ts';
import type { Database } from '../db/client.ts';
import { rateLimiter, type RateLimiter } from '../rate-limits/rate-limit.ts';
import { problemAnswer } from './answers.ts';

export const FAILED_TOKENS_PER_MINUTE = 30;

export const failedTokenLimiter = (db: Database): RateLimiter =>
  rateLimiter(db, { name: 'api-token-failures', limit: FAILED_TOKENS_PER_MINUTE, windowSeconds: 60 });

export const tooManyFailures = (retryAfterSeconds: number): Response =>
  problemAnswer(
    problem(
      429,
      `Too many requests from this address with a token that is not live (${FAILED_TOKENS_PER_MINUTE} a minute). Try again later.`,
    ),
    { 'retry-after': String(retryAfterSeconds) },
  );
