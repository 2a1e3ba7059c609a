/**
 * The database schema: one definition for PGlite (embedded default) and Postgres (scale-out).
 * Field names follow SPEC.md section 3 in camelCase on the TypeScript side, snake_case in SQL.
 * Migrations in ./drizzle are generated from this file with `npm run db:generate`.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { EditionSettings, TimerConfig } from '../../domain/edition.ts';
import type { Freebie, RegistrantTier } from '../../domain/entities.ts';
import type { AccessMode } from '../../domain/access/access-modes.ts';
import type { MessageCategory, SendRule } from '../../domain/mail/send-rules.ts';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
/** Display order inside a list; ties are broken by id. */
const position = () => integer('position').notNull().default(0);

export const editions = pgTable(
  'editions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    position: position(),
    summitStartDate: date('summit_start_date').notNull(),
    summitEndDate: date('summit_end_date').notNull(),
    timezone: text('timezone').notNull(),
    settings: jsonb('settings').$type<EditionSettings>().notNull(),
    /** 'open': anyone with the URL (per-browser windows); 'registrants': personal links and tiers. */
    accessMode: text('access_mode', { enum: ['open', 'registrants'] })
      .$type<AccessMode>()
      .notNull()
      .default('open'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('editions_slug_key').on(t.slug), check('editions_dates_ordered', sql`${t.summitEndDate} >= ${t.summitStartDate}`)],
);

/** Per-page timer configuration (SPEC.md section 3 "Timer config"). */
export const timerConfigs = pgTable(
  'timer_configs',
  {
    editionId: integer('edition_id')
      .notNull()
      .references(() => editions.id, { onDelete: 'cascade' }),
    page: text('page', { enum: ['day1', 'day2', 'day3', 'dashboard'] }).notNull(),
    config: jsonb('config').$type<TimerConfig>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.editionId, t.page] })],
);

/** What each day page of an edition shows about its episode. */
export const editionDays = pgTable(
  'edition_days',
  {
    editionId: integer('edition_id')
      .notNull()
      .references(() => editions.id, { onDelete: 'cascade' }),
    day: smallint('day').notNull(),
    title: text('title').notNull(),
    subtitle: text('subtitle').notNull().default(''),
    episodeTitle: text('episode_title').notNull(),
    episodeDuration: text('episode_duration'),
    episodeDescription: text('episode_description').notNull().default(''),
    episodeEmbed: text('episode_embed'),
  },
  (t) => [primaryKey({ columns: [t.editionId, t.day] }), check('edition_days_day', sql`${t.day} between 1 and 3`)],
);

/**
 * An audio episode of an edition day (issue 17): either a file we keep (audioKey, in the audio
 * store, src/server/episodes/audio-store.ts) or an audio URL the host keeps elsewhere
 * (externalUrl). Size, type, duration and bitrate are read from the file, never trusted from
 * the form. The guid is the feed item's identity in podcast apps, so it never changes.
 */
export const episodes = pgTable(
  'episodes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    editionId: integer('edition_id')
      .notNull()
      .references(() => editions.id, { onDelete: 'cascade' }),
    day: smallint('day').notNull(),
    position: position(),
    guid: uuid('guid').notNull().defaultRandom(),
    title: text('title').notNull(),
    /** Markdown, sanitised on the way out like every markdown field. */
    description: text('description').notNull().default(''),
    speaker: text('speaker').notNull().default(''),
    /** An image URL (an upload or https); null falls back to the brand's artwork. */
    artwork: text('artwork'),
    audioKey: text('audio_key'),
    externalUrl: text('external_url'),
    contentType: text('content_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull().default(0),
    durationSeconds: integer('duration_seconds'),
    bitrate: integer('bitrate'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('episodes_edition_day_idx').on(t.editionId, t.day, t.position),
    uniqueIndex('episodes_guid_key').on(t.guid),
    check('episodes_day', sql`${t.day} between 1 and 3`),
    check('episodes_one_source', sql`(${t.audioKey} is null) <> (${t.externalUrl} is null)`),
  ],
);

/** Columns shared by speakers and hosts: the "speaker-style fields" of SPEC.md section 3. */
const personColumns = () => ({
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  editionId: integer('edition_id')
    .notNull()
    .references(() => editions.id, { onDelete: 'cascade' }),
  position: position(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull().default(''),
  pronouns: text('pronouns'),
  image: text('image'),
  headshot: text('headshot'),
  websiteUrl: text('website_url'),
  modalities: text('modalities'),
  topic: text('topic'),
  bio: text('bio'),
  day: smallint('day').notNull(),
  episodeDuration: text('episode_duration'),
  helloAudioEmbedId: text('hello_audio_embed_id'),
  shortDescription: text('short_description'),
  implementationWeek: boolean('implementation_week').notNull().default(false),
  implementationWeekTopic: text('implementation_week_topic'),
  implementationWeekDescription: text('implementation_week_description'),
  integrationSessionLink: text('integration_session_link'),
  freebie: jsonb('freebie').$type<Freebie>(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const speakers = pgTable('speakers', personColumns(), (t) => [
  index('speakers_edition_day_idx').on(t.editionId, t.day, t.position),
  check('speakers_day', sql`${t.day} between 1 and 3`),
]);

export const hosts = pgTable('hosts', personColumns(), (t) => [
  index('hosts_edition_day_idx').on(t.editionId, t.day, t.position),
  check('hosts_day', sql`${t.day} between 1 and 3`),
]);

export const implementationSessions = pgTable(
  'implementation_sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    editionId: integer('edition_id')
      .notNull()
      .references(() => editions.id, { onDelete: 'cascade' }),
    position: position(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull().default(''),
    headshot: text('headshot'),
    topic: text('topic').notNull(),
    description: text('description'),
    day: smallint('day').notNull(),
    integrationSessionLink: text('integration_session_link'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('implementation_sessions_edition_day_idx').on(t.editionId, t.day, t.position),
    check('implementation_sessions_day', sql`${t.day} between 1 and 5`),
  ],
);

/** Both readings of SPEC.md's bonus bundle item live in one row; an item fills either set. */
export const bonusBundleItems = pgTable(
  'bonus_bundle_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    editionId: integer('edition_id')
      .notNull()
      .references(() => editions.id, { onDelete: 'cascade' }),
    position: position(),
    bonusBundleTitle: text('bonus_bundle_title'),
    bonusBundleImage: text('bonus_bundle_image'),
    bonusBundlePrice: text('bonus_bundle_price'),
    bonusBundleDescription: text('bonus_bundle_description'),
    image: text('image'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    topic: text('topic'),
    bio: text('bio'),
    freebie: jsonb('freebie').$type<Freebie>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('bonus_bundle_items_edition_idx').on(t.editionId, t.position)],
);

export const sponsors = pgTable('sponsors', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  position: position(),
  name: text('name').notNull(),
  type: text('type', { enum: ['Premium', 'Supporting'] }).notNull(),
  description: text('description').notNull(),
  logo: text('logo').notNull(),
  offer: text('offer').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const faqItems = pgTable('faq_items', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  position: position(),
  question: text('question').notNull(),
  answer: text('answer').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * The anonymous visitor's first visit per timed page (SPEC.md "User session"). One row per
 * (session, page type): the primary key is what makes concurrent upserts safe.
 */
export const userSessions = pgTable(
  'user_sessions',
  {
    sessionId: uuid('session_id').notNull(),
    pageType: text('page_type').notNull(),
    firstVisitTimestamp: timestamp('first_visit_timestamp', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.pageType] })],
);

export const registrants = pgTable(
  'registrants',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    editionId: integer('edition_id')
      .notNull()
      .references(() => editions.id, { onDelete: 'restrict' }),
    firstName: text('first_name').notNull(),
    /** Stored lower-cased and trimmed, so one address registers once per edition. */
    email: text('email').notNull(),
    tier: text('tier', { enum: ['free', 'replay', 'aap'] })
      .$type<RegistrantTier>()
      .notNull()
      .default('free'),
    consentedAt: timestamp('consented_at', { withTimezone: true }),
    /**
     * The personal key is HMAC(server secret, id + version) (src/server/access/keys.ts), so
     * nothing secret is stored: re-issuing bumps the version, revoking sets keyRevokedAt.
     */
    keyVersion: integer('key_version').notNull().default(1),
    keyRevokedAt: timestamp('key_revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('registrants_edition_email_key').on(t.editionId, t.email),
    index('registrants_edition_created_idx').on(t.editionId, t.createdAt),
  ],
);

/** A signed-in registrant's first visit per timed page: their windows, on every device. */
export const registrantVisits = pgTable(
  'registrant_visits',
  {
    registrantId: integer('registrant_id')
      .notNull()
      .references(() => registrants.id, { onDelete: 'cascade' }),
    pageType: text('page_type').notNull(),
    firstVisitTimestamp: timestamp('first_visit_timestamp', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.registrantId, t.pageType] })],
);

/** A pass a registrant holds or held: bought through the payment provider or granted in the admin. */
export const purchases = pgTable(
  'purchases',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    registrantId: integer('registrant_id')
      .notNull()
      .references(() => registrants.id, { onDelete: 'cascade' }),
    pass: text('pass', { enum: ['replay', 'aap'] }).notNull(),
    source: text('source', { enum: ['provider', 'admin'] }).notNull(),
    /** In the currency's smallest unit (cents), as the provider reports it. */
    amount: integer('amount'),
    currency: text('currency'),
    providerEventId: text('provider_event_id'),
    /** The provider's payment (payment_intent) id: what refunds and disputes name. */
    paymentRef: text('payment_ref'),
    status: text('status', { enum: ['active', 'refunded', 'disputed', 'removed'] })
      .notNull()
      .default('active'),
    createdAt: createdAt(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [index('purchases_registrant_idx').on(t.registrantId), index('purchases_payment_ref_idx').on(t.paymentRef)],
);

/** Provider events already handled, by id: a repeated delivery is acknowledged and changes nothing. */
export const paymentEvents = pgTable('payment_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A brand configuration document (SPEC.md "Brand configuration"); at most one is active. */
export const brandConfigs = pgTable(
  'brand_configs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    config: jsonb('config').$type<Record<string, unknown>>().notNull(),
    isActive: boolean('is_active').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('brand_configs_one_active')
      .on(t.isActive)
      .where(sql`${t.isActive}`),
  ],
);

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
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('uploaded_files_storage_key_key').on(t.storageKey), index('uploaded_files_expires_idx').on(t.expiresAt)],
);

/**
 * Rate-limit counters shared by every app process (rate-limiter-flexible's Drizzle store: one
 * row per limiter and key, counting points until `expire`).
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  points: integer('points').notNull(),
  expire: timestamp('expire', { withTimezone: true }),
});

/** Small facts about the installation, e.g. that the demo content has been seeded once. */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  createdAt: createdAt(),
});

/**
 * Every e-mail the site sends, one row per (recipient, message): a transactional outbox written
 * in the same transaction as what caused it (the confirmation), or by the scheduler for an
 * edition's message (registrantId + editionMessageId, rendered when sent). dedupeKey makes each
 * (registrant, message) exist once; the worker claims rows with a lease and retries with backoff.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    to: text('to').notNull(),
    /** Null for an edition message: it is rendered from the message when it is sent. */
    subject: text('subject'),
    text: text('text'),
    html: text('html'),
    registrantId: integer('registrant_id').references(() => registrants.id, { onDelete: 'cascade' }),
    editionMessageId: integer('edition_message_id').references(() => editionMessages.id, { onDelete: 'cascade' }),
    /** "m{message}:r{registrant}" for scheduled messages: the unique index makes them exactly one row. */
    dedupeKey: text('dedupe_key'),
    status: text('status', { enum: ['pending', 'sent', 'failed', 'skipped'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** The failure, or why a scheduled message was skipped (unsubscribed, switched off, stale, ...). */
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('mail_outbox_pending_idx').on(t.status, t.nextAttemptAt),
    uniqueIndex('mail_outbox_dedupe_key').on(t.dedupeKey),
    index('mail_outbox_message_status_idx').on(t.editionMessageId, t.status),
  ],
);

/** The e-mails of an edition's sequence, edited in the admin (src/domain/mail/send-rules.ts). */
export const editionMessages = pgTable(
  'edition_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    editionId: integer('edition_id')
      .notNull()
      .references(() => editions.id, { onDelete: 'cascade' }),
    /** Stable name of the message within its edition, e.g. "day-1-open". */
    key: text('key').notNull(),
    name: text('name').notNull(),
    category: text('category', { enum: ['marketing', 'transactional'] })
      .$type<MessageCategory>()
      .notNull(),
    subject: text('subject').notNull(),
    /** Markdown with merge fields ({{first_name}}, {{day_link}}, ...). */
    body: text('body').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    rule: jsonb('rule').$type<SendRule>().notNull(),
    position: position(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('edition_messages_edition_key').on(t.editionId, t.key)],
);

/** A registrant's mail preferences: their time zone (for deadlines) and whether they unsubscribed. */
export const mailPreferences = pgTable('mail_preferences', {
  registrantId: integer('registrant_id')
    .primaryKey()
    .references(() => registrants.id, { onDelete: 'cascade' }),
  /** The browser's IANA time zone at registration, when it sent one. */
  timeZone: text('time_zone'),
  /** Set: no marketing messages (transactional ones such as access links still go). */
  unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
  updatedAt: updatedAt(),
});

/** People who may sign in to /admin. An account has an e-mail, a phone number, or both. */
export const adminUsers = pgTable(
  'admin_users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: text('email'),
    phone: text('phone'),
    /** scrypt$N$r$p$salt$hash (src/server/auth/passwords.ts). */
    passwordHash: text('password_hash').notNull(),
    createdAt: createdAt(),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('admin_users_email_key').on(t.email),
    uniqueIndex('admin_users_phone_key').on(t.phone),
    check('admin_users_has_identifier', sql`${t.email} is not null or ${t.phone} is not null`),
  ],
);

/** Signed-in admin sessions. Only a hash of the cookie's token is stored. */
export const adminSessions = pgTable(
  'admin_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => adminUsers.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('admin_sessions_user_idx').on(t.userId)],
);

/** Who changed what and when (the admin's audit trail). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    actorId: integer('actor_id').references(() => adminUsers.id, { onDelete: 'set null' }),
    /** Kept when the account is deleted later. */
    actorLabel: text('actor_label').notNull(),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    summary: text('summary').notNull(),
    details: jsonb('details'),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt)],
);
