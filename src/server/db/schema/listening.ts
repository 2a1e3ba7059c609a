/**
 * Listening as the podcast industry counts it (decision 0037): one row per counted download, written
 * behind the audio routes in batches by src/server/listening/. The rules that decide when a
 * download counts (IAB Podcast Measurement Technical Guidelines) live in src/domain/listening/;
 * this table only keeps what they counted, so insights are plain aggregate queries over it.
 */
import { date, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { identityId, timestampTz } from './columns.ts';
import { editionId } from './editions.ts';
import { registrantId } from './registrants.ts';

export const episodeDownloads = pgTable(
  'episode_downloads',
  {
    id: identityId(),
    editionId: editionId(),
    /**
     * The episode, by id. No foreign key on purpose: deleting an episode keeps its listening
     * history for the insights, with the title and day it had (below); deleting the edition
     * deletes both.
     */
    episodeId: integer('episode_id').notNull(),
    /** Set when the episode is deleted: what the insights call the rows it left. */
    deletedEpisodeTitle: text('deleted_episode_title'),
    deletedEpisodeDay: integer('deleted_episode_day'),
    /** The registrant the key or cookie named; null for a listener known only by address and agent. Erasure cascades. */
    registrantId: registrantId(),
    /**
     * Who listened, as counted: `r:<registrant id>`, `v:` and a hash of the visitor's browser
     * session, or a hash of the address and user agent with the day's salt (the address itself is
     * never stored). Distinct values are the listeners.
     */
    listenerKey: text('listener_key').notNull(),
    /** Where the bytes were asked for: the private feed's enclosure, /listen, or a page's player. */
    route: text('route', { enum: ['feed', 'listen', 'page'] }).notNull(),
    /** When the download reached its first minute of audio: the start of its 24-hour window. */
    countedAt: timestampTz('counted_at').notNull().defaultNow(),
  },
  (t) => [
    index('episode_downloads_episode_listener_idx').on(t.episodeId, t.listenerKey, t.countedAt),
    index('episode_downloads_edition_counted_idx').on(t.editionId, t.countedAt),
    index('episode_downloads_registrant_idx').on(t.registrantId),
  ],
);

/**
 * Shared feeds (decision 0037): the networks (IPv4 /24, IPv6 /48) a personal key's audio was
 * fetched from, one row per registrant, UTC day and network. The network is kept only as a hash
 * with that day's salt; rows older than yesterday are deleted (src/server/listening/). Erasure
 * and a re-issued link remove them.
 */
export const feedNetworks = pgTable(
  'feed_networks',
  {
    registrantId: registrantId().notNull(),
    /** The UTC day the salt and the count belong to. */
    day: date('day').notNull(),
    networkHash: text('network_hash').notNull(),
  },
  (t) => [primaryKey({ columns: [t.registrantId, t.day, t.networkHash] }), index('feed_networks_day_idx').on(t.day)],
);

/**
 * A personal key whose audio came from more networks in one day than FEED_SHARE_NETWORK_LIMIT:
 * shown on the registrant's admin screen until the link is re-issued. Nothing is blocked.
 */
export const sharedFeedFlags = pgTable(
  'shared_feed_flags',
  {
    registrantId: registrantId().primaryKey(),
    editionId: editionId(),
    /** The most networks seen in one day. */
    networks: integer('networks').notNull(),
    day: date('day').notNull(),
    flaggedAt: timestampTz('flagged_at').notNull().defaultNow(),
  },
  (t) => [index('shared_feed_flags_edition_idx').on(t.editionId)],
);

/**
 * Suspicious traffic (src/domain/listening/suspicious-addresses.ts): which user agents and
 * listeners each address's anonymous audio requests came with, one row per UTC day, address,
 * agent and listener, all as hashes (address with that day's salt). Every app process writes
 * here, so the count per address is the same for all. Rows older than yesterday are deleted.
 */
export const listeningAddresses = pgTable(
  'listening_addresses',
  {
    day: date('day').notNull(),
    addressHash: text('address_hash').notNull(),
    agentHash: text('agent_hash').notNull(),
    listenerKey: text('listener_key').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.addressHash, t.agentHash, t.listenerKey] })],
);
