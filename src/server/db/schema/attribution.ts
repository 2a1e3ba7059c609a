/**
 * Where registrants come from (decision 0038): each speaker's and host's share link of an
 * edition, and the source recorded with a registration (the share link its browser followed
 * first, and the campaign's UTM fields). A pass bought later carries it through the registrant
 * (the checkout's client reference names them), so nothing is copied onto purchases.
 */
import { boolean, date, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, identityId, timestampTz } from './columns.ts';
import { editionId } from './editions.ts';
import { hosts, speakers } from './people.ts';
import { registrants } from './registrants.ts';

export const shareLinks = pgTable(
  'share_links',
  {
    id: identityId(),
    editionId: editionId(),
    /**
     * The person the link is theirs: a speaker or a host. Removing the person keeps the link (and
     * the registrations it brought), unattached; a person of the same name gets it back.
     */
    speakerId: integer('speaker_id').references(() => speakers.id, { onDelete: 'set null' }),
    hostId: integer('host_id').references(() => hosts.id, { onDelete: 'set null' }),
    /** The person's name when the link was last matched to them (shown on the leaderboard). */
    name: text('name').notNull(),
    /** `/r/{code}`: lowercase letters, digits and dashes, unique within the edition. */
    code: text('code').notNull(),
    /**
     * The speaker's own page is `/s/{id}-{HMAC(secret, "share-page:{id}:{version}")}`
     * (src/server/attribution/speaker-page-keys.ts): nothing secret stored; re-issuing bumps the
     * version, revoking sets the time until it is re-issued.
     */
    pageKeyVersion: integer('page_key_version').notNull().default(1),
    pageRevokedAt: timestampTz('page_revoked_at'),
    /** A partner the host added as an affiliate (no speaker or host row): their e-mail is here. */
    partner: boolean('partner').notNull().default(false),
    email: text('email'),
    /** This affiliate's commission in basis points (2500 = 25%); null: the edition's default rate. */
    commissionRateBp: integer('commission_rate_bp'),
    /** Visitors that followed `/r/{code}`, each once a day (share_link_clicks; shown on Affiliates). */
    clicks: integer('clicks').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('share_links_edition_code_key').on(t.editionId, t.code),
    uniqueIndex('share_links_speaker_key').on(t.speakerId),
    uniqueIndex('share_links_host_key').on(t.hostId),
  ],
);

/** The source of one registration: at most one row per registrant, written with it. */
export const registrationSources = pgTable(
  'registration_sources',
  {
    registrantId: integer('registrant_id')
      .primaryKey()
      .references(() => registrants.id, { onDelete: 'cascade' }),
    /** The share link the browser followed first within 30 days (the referrer cookie); null: none. */
    shareLinkId: integer('share_link_id').references(() => shareLinks.id, { onDelete: 'set null' }),
    utmSource: text('utm_source'),
    utmMedium: text('utm_medium'),
    utmCampaign: text('utm_campaign'),
    recordedAt: timestampTz('recorded_at').notNull().defaultNow(),
  },
  (t) => [index('registration_sources_share_link_idx').on(t.shareLinkId)],
);

/**
 * Who followed a share link on a UTC day (docs/decisions/0069), counted as anonymous listeners are
 * (decisions 0037, 0054): the visitor as the hash of address and user agent with the day's salt,
 * the address and agent as the listening check hashes them. A row is a counted click; the address
 * hash caps how many visitors one address counts. Rows older than yesterday are deleted.
 */
export const shareLinkClicks = pgTable(
  'share_link_clicks',
  {
    shareLinkId: integer('share_link_id')
      .notNull()
      .references(() => shareLinks.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    visitorKey: text('visitor_key').notNull(),
    addressHash: text('address_hash').notNull(),
    agentHash: text('agent_hash').notNull(),
  },
  (t) => [primaryKey({ columns: [t.shareLinkId, t.day, t.visitorKey] }), index('share_link_clicks_address_idx').on(t.day, t.addressHash)],
);
