/**
 * Listening as the podcast industry counts it (issue 28): one row per counted download, written
 * behind the audio routes in batches by src/server/listening/. The rules that decide when a
 * download counts (IAB Podcast Measurement Technical Guidelines) live in src/domain/listening/;
 * this table only keeps what they counted, so insights are plain aggregate queries over it.
 */
import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { identityId, timestampTz } from './columns.ts';
import { editionId } from './editions.ts';
import { episodes } from './episodes.ts';
import { registrantId } from './registrants.ts';

export const episodeDownloads = pgTable(
  'episode_downloads',
  {
    id: identityId(),
    editionId: editionId(),
    episodeId: integer('episode_id')
      .notNull()
      .references(() => episodes.id, { onDelete: 'cascade' }),
    /** The registrant the key or cookie named; null for a listener known only by address and agent. Erasure cascades. */
    registrantId: registrantId(),
    /**
     * Who listened, as counted: `r:<registrant id>`, or a hash of the address and user agent with
     * the day's salt (the address itself is never stored). Distinct values are the listeners.
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
