/** Visitors and registrants: the anonymous first visits, registrants and their own first visits. */
import { index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { registrantTiers } from '../../../domain/entities.ts';
import { createdAt, identityId, timestampTz, updatedAt } from './columns.ts';
import { editionId } from './editions.ts';

/** The first visit to one timed page; the key of the row names who visited. */
const firstVisitColumns = () => ({
  pageType: text('page_type').notNull(),
  firstVisitTimestamp: timestampTz('first_visit_timestamp').notNull().defaultNow(),
});

/**
 * The anonymous visitor's first visit per timed page (docs/PRODUCT.md "Visitor sessions"). One row per
 * (session, page type): the primary key is what makes concurrent upserts safe.
 */
export const userSessions = pgTable(
  'user_sessions',
  {
    sessionId: uuid('session_id').notNull(),
    ...firstVisitColumns(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.pageType] })],
);

export const registrants = pgTable(
  'registrants',
  {
    id: identityId(),
    editionId: editionId('restrict'),
    firstName: text('first_name').notNull(),
    /** Stored lower-cased and trimmed, so one address registers once per edition. */
    email: text('email').notNull(),
    tier: text('tier', { enum: registrantTiers }).notNull().default('free'),
    /**
     * Marketing consent (decision 0034): when the registrant ticked the optional box (or opted
     * in later from their e-mail preferences page), and the words they agreed to, as shown. Null:
     * transactional mail only (their links, receipts); the sequence's marketing messages skip them.
     */
    consentedAt: timestampTz('consented_at'),
    consentWording: text('consent_wording'),
    /**
     * The personal key is HMAC(server secret, id + version) (src/server/access/keys.ts), so
     * nothing secret is stored: re-issuing bumps the version, revoking sets keyRevokedAt.
     */
    keyVersion: integer('key_version').notNull().default(1),
    keyRevokedAt: timestampTz('key_revoked_at'),
    createdAt: createdAt(),
    /**
     * Set by a trigger on every change of the row (the migration that added it), so no writer can
     * forget it: the API lists registrants changed since a time, in (updatedAt, id) order (docs/decisions/0060).
     */
    updatedAt: updatedAt(),
    /**
     * The import that last added or changed the row (import_jobs.id, docs/decisions/0076): the API
     * lists an import's registrants by it. No foreign key: an import's row may be pruned, the registrant stays.
     */
    importId: integer('import_id'),
    /**
     * When the edition's retention anonymised the row (docs/decisions/0085): its name and e-mail
     * are placeholders, its link revoked; null for everyone else.
     */
    anonymisedAt: timestampTz('anonymised_at'),
  },
  (t) => [
    uniqueIndex('registrants_edition_email_key').on(t.editionId, t.email),
    index('registrants_import_idx').on(t.importId, t.id),
    index('registrants_edition_created_idx').on(t.editionId, t.createdAt),
    index('registrants_updated_idx').on(t.updatedAt, t.id),
  ],
);

/** The row's registrant; deleting the registrant deletes the row. */
export const registrantId = () => integer('registrant_id').references(() => registrants.id, { onDelete: 'cascade' });

/** A signed-in registrant's first visit per timed page: their windows, on every device. */
export const registrantVisits = pgTable(
  'registrant_visits',
  {
    registrantId: registrantId().notNull(),
    ...firstVisitColumns(),
  },
  (t) => [primaryKey({ columns: [t.registrantId, t.pageType] })],
);

/**
 * Pages a signed-in registrant opened without starting a window there: a free or Replay
 * registrant's own reduced dashboard (decision 0033). Never read by the access rule (a window
 * that starts when they upgrade still starts then); the insights count who opened each page from
 * these and the windows together (decision 0074).
 */
export const registrantPageOpens = pgTable(
  'registrant_page_opens',
  {
    registrantId: registrantId().notNull(),
    pageType: text('page_type').notNull(),
    firstOpenedAt: timestampTz('first_opened_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.registrantId, t.pageType] })],
);
