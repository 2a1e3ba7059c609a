/** Mail: the outbox of every e-mail sent, an edition's message sequence, a registrant's mail preferences. */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { MAIL_FEEDBACK_KINDS } from '../../../domain/mail/deliverability.ts';
import { messageCategories, messageKinds } from '../../../domain/mail/message-kinds.ts';
import { sendRuleSchema } from '../../../domain/mail/send-rules.ts';
import { createdAt, identityId, position, timestampTz, updatedAt } from './columns.ts';
import { editionId } from './editions.ts';
import { parsedJsonb } from './parsed-jsonb.ts';
import { registrantId } from './registrants.ts';

/**
 * Every e-mail the site sends, one row per (recipient, message): a transactional outbox written
 * in the same transaction as what caused it (the confirmation), or by the scheduler for an
 * edition's message (registrantId + editionMessageId, rendered when sent). dedupeKey makes each
 * (registrant, message) exist once; the worker claims rows with a lease and retries with backoff.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: identityId(),
    to: text('to').notNull(),
    /** Null for an edition message: it is rendered from the message when it is sent. */
    subject: text('subject'),
    text: text('text'),
    html: text('html'),
    registrantId: registrantId(),
    editionMessageId: integer('edition_message_id').references(() => editionMessages.id, { onDelete: 'cascade' }),
    /** "m{message}:r{registrant}" for scheduled messages: the unique index makes them exactly one row. */
    dedupeKey: text('dedupe_key'),
    status: text('status', { enum: ['pending', 'sent', 'failed', 'skipped'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestampTz('next_attempt_at').notNull().defaultNow(),
    /** The failure, or why a scheduled message was skipped (unsubscribed, switched off, stale, ...). */
    lastError: text('last_error'),
    /**
     * The lane (docs/decisions/0075): 0 transactional (what an event sends: a confirmation, the
     * access links, a payment receipt, an admin's test), claimed before 1 bulk (the scheduled
     * edition messages), whatever waits.
     */
    priority: smallint('priority').notNull().default(1),
    createdAt: createdAt(),
    sentAt: timestampTz('sent_at'),
    /**
     * The worst the receiving side said of this copy (docs/decisions/0089): a soft or hard bounce at
     * the SMTP conversation or from the provider's notification, or a reader's spam complaint.
     */
    feedback: text('feedback', { enum: MAIL_FEEDBACK_KINDS }),
    feedbackAt: timestampTz('feedback_at'),
  },
  (t) => [
    index('mail_outbox_pending_idx').on(t.status, t.nextAttemptAt),
    index('mail_outbox_lane_idx').on(t.status, t.priority, t.nextAttemptAt),
    uniqueIndex('mail_outbox_dedupe_key').on(t.dedupeKey),
    index('mail_outbox_message_status_idx').on(t.editionMessageId, t.status),
    // A provider's notification names an address: its latest copy is found without reading the outbox (docs/decisions/0089).
    index('mail_outbox_address_sent_idx').on(sql`lower(${t.to})`, t.sentAt),
  ],
);

/** The e-mails of an edition's sequence, edited in the admin (src/domain/mail/send-rules.ts). */
export const editionMessages = pgTable(
  'edition_messages',
  {
    id: identityId(),
    editionId: editionId(),
    /** Stable name of the message within its edition: a default's key ("day-1-open"), or "custom-…" for a host's own. */
    key: text('key').notNull(),
    /** A default of the code's sequence, or the host's own (src/domain/mail/message-kinds.ts). */
    kind: text('kind', { enum: messageKinds }).notNull().default('default'),
    name: text('name').notNull(),
    category: text('category', { enum: messageCategories }).notNull(),
    subject: text('subject').notNull(),
    /** Markdown with merge fields ({{first_name}}, {{day_link}}, ...). */
    body: text('body').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    rule: parsedJsonb('edition_messages', 'rule', { schema: sendRuleSchema }).notNull(),
    position: position(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('edition_messages_edition_key').on(t.editionId, t.key)],
);

/** A registrant's mail preferences: their time zone (for deadlines) and whether they unsubscribed. */
export const mailPreferences = pgTable('mail_preferences', {
  registrantId: registrantId().primaryKey(),
  /** The browser's IANA time zone at registration, when it sent one. */
  timeZone: text('time_zone'),
  /** Set: no marketing messages (transactional ones such as access links still go). */
  unsubscribedAt: timestampTz('unsubscribed_at'),
  updatedAt: updatedAt(),
});

/**
 * The default messages an edition's host chose not to add when the code's sequence gained them
 * (decision 0049): the messages screen offers a default the edition lacks until it is added or
 * dismissed here.
 */
export const dismissedDefaultMessages = pgTable(
  'dismissed_default_messages',
  {
    editionId: editionId(),
    /** The default message's key (src/domain/mail/default-sequence.ts). */
    key: text('key').notNull(),
    dismissedAt: timestampTz('dismissed_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.editionId, t.key] })],
);
