/**
 * Signing in: one generic message for every wrong combination, the same time spent on unknown
 * accounts, and throttling in the shared rate-limit store (every app process counts together):
 * - per client address, over all accounts: 30 attempts a minute;
 * - per (account, client address): 10 attempts in 15 minutes, then that pair waits 15 minutes.
 * No lock applies to the account itself, so an attacker who knows the admin's address cannot
 * lock the real admin out: from any other address the right password still works.
 */
import { eq } from 'drizzle-orm';
import { readSignIn, WRONG_CREDENTIALS } from '../../domain/sign-in.ts';
import type { Database } from '../db/client.ts';
import { adminUsers } from '../db/schema.ts';
import { rateLimiter } from '../rate-limits/rate-limit.ts';
import { log } from '../log.ts';
import { findAdminByIdentifier } from './accounts.ts';
import { DUMMY_HASH_PROMISE, verifyPassword } from './passwords.ts';
import { startSession } from './sessions.ts';

export const THROTTLED = 'Too many sign-in attempts. Please wait 15 minutes and try again.';
const ACCOUNT_WINDOW_SECONDS = 15 * 60;

const perClient = (db: Database) => rateLimiter(db, { name: 'sign-in-client', limit: 30, windowSeconds: 60 });
const perAccountAndClient = (db: Database) =>
  rateLimiter(db, { name: 'sign-in-account', limit: 10, windowSeconds: ACCOUNT_WINDOW_SECONDS, blockSeconds: ACCOUNT_WINDOW_SECONDS });

export type SignInResult = { ok: true; token: string; userId: number } | { ok: false; status: 400 | 401 | 429; message: string };

export async function signIn({
  db,
  identifierRaw,
  password,
  address,
  now = Date.now(),
}: {
  db: Database;
  identifierRaw: string;
  password: string;
  address: string;
  now?: number;
}): Promise<SignInResult> {
  if (!(await perClient(db).take(address)).allowed) return { ok: false, status: 429, message: THROTTLED };
  const input = readSignIn(identifierRaw, password);
  if (!input.ok) return { ok: false, status: 400, message: input.message };

  const pairKey = `${input.identifier.kind}:${input.identifier.value}|${address}`;
  if (!(await perAccountAndClient(db).take(pairKey)).allowed) {
    log.warn({ address, account: input.identifier.kind }, 'admin sign-in throttled');
    return { ok: false, status: 429, message: THROTTLED };
  }

  const user = await findAdminByIdentifier(db, input.identifier);
  const valid = await verifyPassword(input.password, user?.passwordHash ?? (await DUMMY_HASH_PROMISE));
  if (!user || !valid) {
    log.warn({ address, account: input.identifier.kind }, 'admin sign-in failed');
    return { ok: false, status: 401, message: WRONG_CREDENTIALS };
  }
  await perAccountAndClient(db).forget(pairKey);
  await db
    .update(adminUsers)
    .set({ lastSignInAt: new Date(now) })
    .where(eq(adminUsers.id, user.id));
  return { ok: true, token: await startSession(db, user.id, new Date(now)), userId: user.id };
}
