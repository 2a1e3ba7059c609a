/**
 * API tokens (docs/decisions/0060): `sat_` and 32 random bytes, shown once and stored as their
 * sha256 (a token is random and long, so a fast hash is enough; nothing to stretch). A request's
 * token is looked up by its hash; a revoked token, or one whose edition was deleted, opens nothing.
 * The time a token was last used is written at most once a minute, so reading costs no write.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { API_TOKEN_PREFIX, type TokenInput, type TokenInputErrors, type TokenScope } from '../../domain/api/token-input.ts';
import type { Database } from '../db/client.ts';
import { apiTokens, editions } from '../db/schema.ts';
import { recordAuditBy, type AuditActor } from '../audit/audit-log.ts';

export interface ApiToken {
  id: number;
  name: string;
  scope: TokenScope;
  editionId: number | null;
  /** The edition's slug when the token is limited to one. */
  editionSlug: string | null;
}

export interface ApiTokenRow extends ApiToken {
  hint: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

const hashOf = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

/** The longest token looked up: anything longer is not one of ours. */
const MAX_TOKEN_LENGTH = 100;
const LAST_USED_EVERY_MS = 60_000;

export type CreatedToken = { ok: true; id: number; token: string } | { ok: false; errors: TokenInputErrors };

export async function createApiToken(db: Database, input: TokenInput, actor: AuditActor): Promise<CreatedToken> {
  let editionId: number | null = null;
  if (input.edition !== null) {
    const [edition] = await db.select({ id: editions.id }).from(editions).where(eq(editions.slug, input.edition));
    if (!edition) return { ok: false, errors: { edition: `No edition has the slug “${input.edition}”.` } };
    editionId = edition.id;
  }
  const token = `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(apiTokens)
      .values({ name: input.name, scope: input.scope, editionId, tokenHash: hashOf(token), hint: token.slice(0, 8) })
      .returning({ id: apiTokens.id });
    await recordAuditBy(tx, actor, {
      action: 'create',
      entityType: 'api-tokens',
      entityId: row!.id,
      summary: `Made the API token “${input.name}” (${input.scope}${input.edition ? `, edition ${input.edition}` : ''})`,
    });
    return row!.id;
  });
  return { ok: true, id, token };
}

/** What every read of a token selects: an ApiToken (with its edition's slug, joined). */
const tokenColumns = {
  id: apiTokens.id,
  name: apiTokens.name,
  scope: apiTokens.scope,
  editionId: apiTokens.editionId,
  editionSlug: editions.slug,
};

export async function listApiTokens(db: Database): Promise<ApiTokenRow[]> {
  const rows = await db
    .select({
      ...tokenColumns,
      hint: apiTokens.hint,
      createdAt: apiTokens.createdAt,
      lastUsedAt: apiTokens.lastUsedAt,
      revokedAt: apiTokens.revokedAt,
    })
    .from(apiTokens)
    .leftJoin(editions, eq(editions.id, apiTokens.editionId))
    .orderBy(asc(apiTokens.revokedAt), asc(apiTokens.id));
  return rows;
}

/** Revokes a token at once (every process looks tokens up per request); false when there is no such live token. */
export async function revokeApiToken(db: Database, id: number, actor: AuditActor): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(apiTokens)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(apiTokens.id, id), isNull(apiTokens.revokedAt)))
      .returning({ name: apiTokens.name });
    if (!row) return false;
    await recordAuditBy(tx, actor, {
      action: 'update',
      entityType: 'api-tokens',
      entityId: id,
      summary: `Revoked the API token “${row.name}”`,
    });
    return true;
  });
}

/** The live token a request's `Authorization: Bearer …` names, or null. */
export async function authenticateToken(db: Database, authorization: string | null): Promise<ApiToken | null> {
  const match = /^Bearer[ ]+(\S+)[ ]*$/i.exec(authorization ?? '');
  const token = match?.[1];
  if (!token || token.length > MAX_TOKEN_LENGTH || !token.startsWith(API_TOKEN_PREFIX)) return null;
  const [row] = await db
    .select({
      ...tokenColumns,
      lastUsedAt: apiTokens.lastUsedAt,
    })
    .from(apiTokens)
    .leftJoin(editions, eq(editions.id, apiTokens.editionId))
    .where(and(eq(apiTokens.tokenHash, hashOf(token)), isNull(apiTokens.revokedAt)));
  if (!row) return null;
  if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() > LAST_USED_EVERY_MS) {
    const stale = new Date(Date.now() - LAST_USED_EVERY_MS);
    await db
      .update(apiTokens)
      .set({ lastUsedAt: sql`now()` })
      .where(and(eq(apiTokens.id, row.id), or(isNull(apiTokens.lastUsedAt), lt(apiTokens.lastUsedAt, stale))));
  }
  const { lastUsedAt: _lastUsed, ...token_ } = row;
  return token_;
}
