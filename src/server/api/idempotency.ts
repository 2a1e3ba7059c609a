/**
 * Idempotency keys (docs/decisions/0060), as rows shared by every process: the first request with
 * a key claims it; its answer is stored for 24 hours. The same key with the same request answers
 * the stored answer and changes nothing again; with another request, 422; while the first is
 * still running, 409. An answer of 5xx is not kept (the key is released), so the client may retry.
 */
import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { apiIdempotencyKeys } from '../db/schema.ts';

export const IDEMPOTENCY_HOURS = 24;
/** Printable ASCII, as the IETF draft and the usual clients (UUIDs) have it. */
const KEY = /^[\x21-\x7e]{1,255}$/;

export const isIdempotencyKey = (key: string): boolean => KEY.test(key);

export interface StoredAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export type Claim = { kind: 'claimed' } | { kind: 'replay'; answer: StoredAnswer } | { kind: 'other-request' } | { kind: 'running' };

interface KeyRef {
  tokenId: number;
  key: string;
}

/** sha256 of the method, the path and the body's JSON with its keys sorted: spacing and key order do not matter. */
export function requestFingerprint({ method, path, body }: { method: string; path: string; body: unknown }): string {
  return createHash('sha256')
    .update(`${method} ${path}\n${canonicalJson(body)}`)
    .digest('hex');
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

const thisKey = (ref: KeyRef) => and(eq(apiIdempotencyKeys.tokenId, ref.tokenId), eq(apiIdempotencyKeys.key, ref.key));

export async function claimKey(db: Database, ref: KeyRef & { fingerprint: string }): Promise<Claim> {
  await db.delete(apiIdempotencyKeys).where(and(thisKey(ref), lt(apiIdempotencyKeys.expiresAt, sql`now()`)));
  const [claimed] = await db
    .insert(apiIdempotencyKeys)
    .values({
      tokenId: ref.tokenId,
      key: ref.key,
      fingerprint: ref.fingerprint,
      expiresAt: sql`now() + interval '${sql.raw(String(IDEMPOTENCY_HOURS))} hours'`,
    })
    .onConflictDoNothing()
    .returning({ key: apiIdempotencyKeys.key });
  if (claimed) return { kind: 'claimed' };
  const [row] = await db.select().from(apiIdempotencyKeys).where(thisKey(ref));
  // Released between the insert and this read: the client may simply send it again.
  if (!row) return { kind: 'running' };
  if (row.fingerprint !== ref.fingerprint) return { kind: 'other-request' };
  if (row.answeredAt === null || row.status === null) return { kind: 'running' };
  return { kind: 'replay', answer: { status: row.status, headers: row.headers ?? {}, body: row.body ?? '' } };
}

export async function storeAnswer(db: Database, ref: KeyRef, answer: StoredAnswer): Promise<void> {
  await db
    .update(apiIdempotencyKeys)
    .set({ status: answer.status, headers: answer.headers, body: answer.body, answeredAt: sql`now()` })
    .where(thisKey(ref));
}

export async function releaseKey(db: Database, ref: KeyRef): Promise<void> {
  await db.delete(apiIdempotencyKeys).where(thisKey(ref));
}

/** Housekeeping: keys past their 24 hours. */
export async function sweepExpiredKeys(db: Database): Promise<void> {
  await db.delete(apiIdempotencyKeys).where(lt(apiIdempotencyKeys.expiresAt, sql`now()`));
}
