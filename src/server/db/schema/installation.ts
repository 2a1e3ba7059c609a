/** The installation's own bookkeeping: uploaded files, rate-limit counters and small facts. */
import { index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, timestampTz } from './columns.ts';

/**
 * Rate-limit counters shared by every app process (rate-limiter-flexible's Drizzle store: one
 * row per limiter and key, counting points until `expire`).
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  points: integer('points').notNull(),
  expire: timestampTz('expire'),
});

/** Small facts about the installation, e.g. that the demo content has been seeded once. */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  createdAt: createdAt(),
});

/** Files accepted by the upload endpoint, stored under a random key by the storage backend. */
export const uploadedFiles = pgTable(
  'uploaded_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storageKey: text('storage_key').notNull(),
    originalName: text('original_name').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    width: integer('width'),
    height: integer('height'),
    sha256: text('sha256').notNull(),
    createdAt: createdAt(),
    /**
     * Anonymous uploads (the public brand page) are temporary: the sweep deletes them after this
     * instant unless an admin applies a brand that uses them (which clears it). Null: kept.
     */
    expiresAt: timestampTz('expires_at'),
  },
  (t) => [uniqueIndex('uploaded_files_storage_key_key').on(t.storageKey), index('uploaded_files_expires_idx').on(t.expiresAt)],
);
