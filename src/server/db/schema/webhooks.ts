/**
 * Webhooks out (docs/decisions/0058): the host's endpoints, the events written in the same
 * transaction as the change they report, one delivery row per (event, endpoint) claimed by the
 * worker like the mail outbox's rows, and a log line for every attempt.
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { eventTypesSchema, type EventType } from '../../../domain/events/catalogue.ts';
import { endpointStatuses } from '../../../domain/events/endpoint-view.ts';
import type { EndpointKind } from '../../../domain/list-sync/providers.ts';
import { listSyncSettingsSchema } from '../../../domain/list-sync/settings-schema.ts';
import { createdAt, identityId, timestampTz } from './columns.ts';
import { parsedJsonb } from './parsed-jsonb.ts';
import { editions } from './editions.ts';

/**
 * Where events go: a webhook receiver, or the host's e-mail list at a provider (docs/decisions/0059),
 * which is an endpoint of another kind so that both share the one queue, retry rule and log.
 */
export const webhookEndpoints = pgTable('webhook_endpoints', {
  id: identityId(),
  kind: text('kind').$type<EndpointKind>().notNull().default('webhook'),
  /** The receiver's address; for an e-mail list, the account's API address where the provider has one. */
  url: text('url').notNull(),
  /** Webhooks: whsec_…, shown once when made or rotated. E-mail lists: the provider's API key, never shown again. */
  secret: text('secret').notNull(),
  /** E-mail lists only: what to do at the provider on each event. */
  settings: parsedJsonb('webhook_endpoints', 'settings', { schema: listSyncSettingsSchema }),
  /** The secret before the last rotation, still signing beside the new one until previousSecretUntil. */
  previousSecret: text('previous_secret'),
  previousSecretUntil: timestampTz('previous_secret_until'),
  events: parsedJsonb('webhook_endpoints', 'events', { schema: eventTypesSchema }).notNull(),
  /** Null: every edition's events. */
  editionId: integer('edition_id').references(() => editions.id, { onDelete: 'cascade' }),
  status: text('status', { enum: endpointStatuses }).notNull().default('active'),
  /** Why the site switched it off (a 410, 50 failures in a row), shown in the admin. */
  disabledReason: text('disabled_reason'),
  failuresInARow: integer('failures_in_a_row').notNull().default(0),
  createdAt: createdAt(),
});

export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: identityId(),
    type: text('type').$type<EventType>().notNull(),
    editionId: integer('edition_id'),
    /** The exact body sent, { type, timestamp, data }, as text: the signature covers these bytes. */
    payload: text('payload').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('webhook_events_created_idx').on(t.createdAt)],
);

export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: identityId(),
    eventId: integer('event_id')
      .notNull()
      .references(() => webhookEvents.id, { onDelete: 'cascade' }),
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending', 'delivered', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestampTz('next_attempt_at').notNull().defaultNow(),
    createdAt: createdAt(),
    deliveredAt: timestampTz('delivered_at'),
  },
  (t) => [
    index('webhook_deliveries_pending_idx').on(t.status, t.nextAttemptAt),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.id),
    // One live delivery per (event, endpoint); a resend after it settled adds another row.
    uniqueIndex('webhook_deliveries_pending_once')
      .on(t.eventId, t.endpointId)
      .where(sql`status = 'pending'`),
  ],
);

/** One line of an endpoint's delivery log: one attempt. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: identityId(),
    deliveryId: integer('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    at: timestampTz('at').notNull(),
    /** The HTTP status; null when no answer came (refused, timed out, cut off). */
    status: integer('status'),
    durationMs: integer('duration_ms').notNull(),
    /** The first 1 KB of the answer, or what went wrong. */
    answer: text('answer').notNull(),
    /** An e-mail list delivery that had nothing to send (no consent, no rule): settled, not failed. */
    skipped: boolean('skipped').notNull().default(false),
  },
  (t) => [index('webhook_attempts_endpoint_idx').on(t.endpointId, t.id)],
);

/**
 * Who an e-mail list connection has sent to the provider (docs/decisions/0070): a removal call
 * (unsubscribe, erasure) goes only to someone sent before, so nobody who never consented is ever
 * named to the list service. Keyed by the registrant's id, not their address, and with no
 * reference to the registrant: the row outlives an erasure until the erasure has reached the
 * provider, then it is deleted.
 */
export const listContacts = pgTable(
  'list_contacts',
  {
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    registrantId: integer('registrant_id').notNull(),
    /** The first call that named them there (an add or update, whatever it answered). */
    sentAt: timestampTz('sent_at').notNull().defaultNow(),
    /** Unsubscribed there since the last add; null: on the list as far as the site knows. */
    unsubscribedAt: timestampTz('unsubscribed_at'),
  },
  (t) => [primaryKey({ columns: [t.endpointId, t.registrantId] })],
);
