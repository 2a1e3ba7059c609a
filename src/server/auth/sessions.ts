/**
 * Admin sessions: a random 32-byte token in an HttpOnly, SameSite=Strict cookie; the database
 * keeps only its SHA-256, so a leaked database does not leak sessions.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { AstroCookies } from 'astro';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { adminSessions, adminUsers } from '../db/schema.ts';
import type { AdminUser } from './accounts.ts';

export const ADMIN_COOKIE = 'summit_admin';
export const SESSION_DAYS = 7;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function startSession(db: Database, userId: number, now = new Date()): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(adminSessions).values({
    tokenHash: hashToken(token),
    userId,
    expiresAt: new Date(now.getTime() + SESSION_DAYS * 86_400_000),
  });
  // Expired sessions are swept as new ones start.
  await db.delete(adminSessions).where(lt(adminSessions.expiresAt, now));
  return token;
}

export async function findSessionUser(db: Database, token: string | undefined, now = new Date()): Promise<AdminUser | null> {
  if (!token || token.length > 100) return null;
  const [row] = await db
    .select({ id: adminUsers.id, email: adminUsers.email, phone: adminUsers.phone })
    .from(adminSessions)
    .innerJoin(adminUsers, eq(adminUsers.id, adminSessions.userId))
    .where(and(eq(adminSessions.tokenHash, hashToken(token)), gt(adminSessions.expiresAt, now)))
    .limit(1);
  return row ?? null;
}

export async function endSession(db: Database, token: string | undefined): Promise<void> {
  if (token) await db.delete(adminSessions).where(eq(adminSessions.tokenHash, hashToken(token)));
}

export function setSessionCookie(cookies: AstroCookies, token: string, secure: boolean): void {
  cookies.set(ADMIN_COOKIE, token, { httpOnly: true, sameSite: 'strict', secure, path: '/', maxAge: SESSION_DAYS * 86_400 });
}

export function clearSessionCookie(cookies: AstroCookies, secure: boolean): void {
  cookies.delete(ADMIN_COOKIE, { httpOnly: true, sameSite: 'strict', secure, path: '/' });
}
