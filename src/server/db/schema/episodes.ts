/** The audio episodes of an edition's days (decision 0020). */
import { sql } from 'drizzle-orm';
import { bigint, check, integer, pgTable, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, editionDayList, identityId, position, updatedAt } from './columns.ts';
import { editionId } from './editions.ts';

/**
 * An episode of an edition day (decision 0020): exactly one source, a file we keep (audioKey,
 * in the audio store, src/server/episodes/audio-store.ts), an audio URL the host keeps elsewhere
 * (externalUrl), or an external player (embedUrl: an https page on AUDIO_EMBED_HOST, shown in an
 * iframe on the day page and dashboard; it has no audio file, so the feed leaves it out). Size,
 * type, duration and bitrate are read from the file, never trusted from the form; a host may
 * state a length, which is then shown instead of the one read. The guid is the
 * feed item's identity in podcast apps, so it never changes. A transcript and chapters are
 * optional (decision 0039), kept as text in the row: they are small and served with the feed's access.
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
    /** An image URL (an upload or https); null: podcast apps show the show's artwork (podcast settings). */
    artwork: text('artwork'),
    audioKey: text('audio_key'),
    externalUrl: text('external_url'),
    embedUrl: text('embed_url'),
    contentType: text('content_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull().default(0),
    /** Measured from the audio file (null when there is none to measure). */
    durationSeconds: integer('duration_seconds'),
    /**
     * The length the host states (a sample file standing in for the recording, an external
     * player); shown instead of the measured one when set (src/domain/podcast/episode-length.ts).
     */
    statedDurationSeconds: integer('stated_duration_seconds'),
    bitrate: integer('bitrate'),
    /** The transcript as text (src/domain/podcast/transcripts.ts), null when there is none; never markup. */
    transcript: text('transcript'),
    /** Its type as podcast:transcript names it: text/vtt, application/x-subrip or text/plain. */
    transcriptType: text('transcript_type'),
    /** The JSON chapters file, written anew from checked values (src/domain/podcast/chapters.ts). */
    chapters: text('chapters'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    ...editionDayList('episodes', t),
    uniqueIndex('episodes_guid_key').on(t.guid),
    check('episodes_one_source', sql`num_nonnulls(${t.audioKey}, ${t.externalUrl}, ${t.embedUrl}) = 1`),
    check('episodes_transcript_typed', sql`(${t.transcript} is null) = (${t.transcriptType} is null)`),
  ],
);
