/**
 * The API for scripts and other checkouts (docs/decisions/0060): its tokens, stored hashed, and
 * the answers kept for idempotency keys.
 */
import { z } from 'zod';
import { index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, identityId, timestampTz } from './columns.ts';
import { parsedJsonb } from './parsed-jsonb.ts';
import { editions } from './editions.ts';

export const apiTokenScopes = ['read', 'write'] as const;
export type ApiTokenScope = (typeof apiTokenScopes)[number];

export const apiTokens = pgTable(
  'api_tokens',
  {
    id: identityId(),
    name: text('name').notNull(),
    scope: text('scope', { enum: apiTokenScopes }).notNull(),
    /** Null: every edition. A token of one edition sees and changes only that edition. */
    editionId: integer('edition_id').references(() => editions.id, { onDelete: 'cascade' }),
    /** sha256 of the whole token, hex: the token itself is shown once and never stored. */
    tokenHash: text('token_hash').notNull(),
    /** The token's first characters (`sat_` and a few more), to tell tokens apart on the screen. */
    hint: text('hint').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestampTz('last_used_at'),
    revokedAt: timestampTz('revoked_at'),
  },
  (t) => [uniqueIndex('api_tokens_hash_key').on(t.tokenHash)],
);

/**
 * One row per (token, Idempotency-Key): the request's fingerprint and, once answered, the answer.
 * `answeredAt` null: the first request is still running.
 */
export const apiIdempotencyKeys = pgTable(
  'api_idempotency_keys',
  {
    tokenId: integer('token_id')
      .notNull()
      .references(() => apiTokens.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** sha256 of method, path and body: the same key with another request is refused. */
    fingerprint: text('fingerprint').notNull(),
    status: integer('status'),
    headers: parsedJsonb('api_idempotency_keys', 'headers', { schema: z.record(z.string(), z.string()) }),
    body: text('body'),
    createdAt: createdAt(),
    answeredAt: timestampTz('answered_at'),
    expiresAt: timestampTz('expires_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tokenId, t.key] }), index('api_idempotency_keys_expires_idx').on(t.expiresAt)],
);
