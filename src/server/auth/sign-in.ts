/**
 * Signing in: one generic message for every wrong combination, the same time spent on unknown
 * accounts, and throttling both per client address and per account (ten wrong passwords in a
 * row lock that account for 15 minutes, whichever address they come from).
 */
import { eq } from 'drizzle-orm';
import { readSignIn, WRONG_CREDENTIALS } from '../../domain/sign-in.ts';
import type { Database } from '../db/client.ts';
import { adminUsers } from '../db/schema.ts';
import { createRateLimiter } from '../http/rate-limit.ts';
import { log } from '../log.ts';
import { findAdminByIdentifier } from './accounts.ts';
import { DUMMY_HASH_PROMISE, verifyPassword } from './passwords.ts';
import { startSession } from './sessions.ts';

export const THROTTLED = 'Too many sign-in attempts. Please wait 15 minutes and try again.';
const MAX_FAILURES_PER_ACCOUNT = 10;
const LOCK_MS = 15 * 60_000;

const perAddress = createRateLimiter(30, 60_000);
const failures = new Map<string, { count: number; lockedUntil: number }>();

export type SignInResult = { ok: true; token: string; userId: number } | { ok: false; status: 400 | 401 | 429; message: string };

export async function signIn(db: Database, identifierRaw: string, password: string, address: string, now = Date.now()): Promise<SignInResult> {
  if (!perAddress.take(address, now).allowed) return { ok: false, status: 429, message: THROTTLED };
  const input = readSignIn(identifierRaw, password);
  if (!input.ok) return { ok: false, status: 400, message: input.message };

  const accountKey = `${input.identifier.kind}:${input.identifier.value}`;
  const record = failures.get(accountKey);
  if (record && record.lockedUntil > now) return { ok: false, status: 429, message: THROTTLED };

  const user = await findAdminByIdentifier(db, input.identifier);
  const valid = await verifyPassword(input.password, user?.passwordHash ?? (await DUMMY_HASH_PROMISE));
  if (!user || !valid) {
    const count = (record && record.lockedUntil <= now && record.count >= MAX_FAILURES_PER_ACCOUNT ? 0 : (record?.count ?? 0)) + 1;
    failures.set(accountKey, { count, lockedUntil: count >= MAX_FAILURES_PER_ACCOUNT ? now + LOCK_MS : 0 });
    log.warn({ address, account: input.identifier.kind, failures: count }, 'admin sign-in failed');
    return { ok: false, status: 401, message: WRONG_CREDENTIALS };
  }
  failures.delete(accountKey);
  await db.update(adminUsers).set({ lastSignInAt: new Date(now) }).where(eq(adminUsers.id, user.id));
  return { ok: true, token: await startSession(db, user.id, new Date(now)), userId: user.id };
}
