/** The audio episodes of an edition's days (issue 17). */
import { sql } from 'drizzle-orm';
import { bigint, check, integer, pgTable, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, editionDayList, identityId, position, updatedAt } from './columns.ts';
import { editionId } from './editions.ts';

/**
 * An episode of an edition day (issues 17 and 26): exactly one source, a file we keep (audioKey,
 * in the audio store, src/server/episodes/audio-store.ts), an audio URL the host keeps elsewhere
 * (externalUrl), or an external player (embedUrl: an https page on AUDIO_EMBED_HOST, shown in an
 * iframe on the day page and dashboard; it has no audio file, so the feed leaves it out). Size,
 * type, duration and bitrate are read from the file, never trusted from the form. The guid is the
 * feed item's identity in podcast apps, so it never changes.
 */
export const episodes = pgTable(
  'episodes',
  {
    id: identityId(),
    editionId: editionId(),
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
    embedUrl: text('embed_url'),
    contentType: text('content_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull().default(0),
    durationSeconds: integer('duration_seconds'),
    bitrate: integer('bitrate'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    ...editionDayList('episodes', t),
    uniqueIndex('episodes_guid_key').on(t.guid),
    check('episodes_one_source', sql`num_nonnulls(${t.audioKey}, ${t.externalUrl}, ${t.embedUrl}) = 1`),
  ],
);
