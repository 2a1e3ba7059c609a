/**
 * The episodes and the e-mail sequence in a whole-edition document (decision 0035): what an
 * export writes and an import accepts, with the same rules as the admin's forms. An episode's
 * audio is named by its path in the audio store (`audio/{time}-{random}.{ext}`), which is also
 * its path inside the edition archive (.zip) that carries the files; nothing in a document is
 * ever used as a path without matching AUDIO_FILE_PATH.
 */
import { z } from 'zod';
import { episodeFieldsSchema, readExternalAudioUrl } from './podcast/episode-form.ts';
import { CHAPTERS_MAX_BYTES, judgeChapters } from './podcast/chapters.ts';
import { STATED_LENGTH_MAX_SECONDS } from './podcast/episode-length.ts';
import { judgeTranscript, TRANSCRIPT_MAX_BYTES } from './podcast/transcripts.ts';
import { bodySchema, subjectSchema } from './mail/message-form.ts';
import { messageCategorySchema, messageKindSchema } from './mail/message-kinds.ts';
import { sendRuleSchema } from './mail/send-rules.ts';

const utf8 = (text: string) => new TextEncoder().encode(text);

/** A stored episode file's key, and its path inside an edition archive. */
export const AUDIO_FILE_PATH = /^audio\/\d{13}-[a-f0-9]{16}\.(mp3|m4a|aac|ogg|opus)$/;

/** The document inside an edition archive. */
export const ARCHIVE_DOCUMENT_NAME = 'edition.json';

const MAX_EPISODES = 300;
const MAX_MESSAGES = 100;

export const transferEpisodeSchema = episodeFieldsSchema
  .extend({
    /** The feed item's identity in podcast apps: kept on re-import, new where it is already taken. */
    guid: z.uuid('Each episode needs a guid (a UUID).'),
    audioFile: z.string().regex(AUDIO_FILE_PATH, 'Name an audio file as the export does (audio/….mp3).').nullable(),
    externalUrl: z
      .string()
      .max(2000)
      .refine((url) => readExternalAudioUrl(url).ok, 'The external audio URL must be a full https:// address.')
      .nullable(),
    contentType: z.string().regex(/^audio\/[a-z0-9.+-]{1,40}$/, 'Give an audio content type such as audio/mpeg.'),
    sizeBytes: z.number().int().min(0),
    durationSeconds: z.number().int().min(0).nullable(),
    /** The length the host stated (src/domain/podcast/episode-length.ts); absent from older documents. */
    statedDurationSeconds: z.number().int().min(1).max(STATED_LENGTH_MAX_SECONDS).nullable().default(null),
    bitrate: z.number().int().min(0).nullable(),
    /** The transcript and chapters as text (decision 0039), judged as an upload is; absent from older documents. */
    transcript: z
      .string()
      .max(TRANSCRIPT_MAX_BYTES)
      .refine((text) => judgeTranscript(utf8(text)).ok, 'The transcript must be WebVTT, SRT or plain text with words in it.')
      .nullable()
      .default(null),
    chapters: z
      .string()
      .max(CHAPTERS_MAX_BYTES)
      .refine((text) => judgeChapters(utf8(text)).ok, 'The chapters must be a JSON chapters file (version, chapters with startTime).')
      .nullable()
      .default(null),
  })
  .refine((episode) => (episode.audioFile === null) !== (episode.externalUrl === null), {
    message: 'An episode has either an audio file or an external audio URL.',
    path: ['audioFile'],
  });
export type TransferEpisode = z.output<typeof transferEpisodeSchema>;

export const transferMessageSchema = z.object({
  /** The message's stable name within its edition (day-1-open, replay-offer, …): what a re-import matches. */
  key: z.string().regex(/^[a-z0-9][a-z0-9-]{0,59}$/, 'Use the message key as exported (lowercase letters, digits, dashes).'),
  /** A default of the code's sequence or the host's own; documents from before there were own messages hold defaults only. */
  kind: messageKindSchema.default('default'),
  name: z.string().trim().min(1).max(200),
  category: messageCategorySchema,
  subject: subjectSchema,
  body: bodySchema,
  enabled: z.boolean(),
  rule: sendRuleSchema,
});
export type TransferMessage = z.output<typeof transferMessageSchema>;

/** At most `max` items, each named once by its `field` (what a re-import matches it by). */
function uniqueList<ItemSchema extends z.ZodType<Record<Field, string>>, Field extends string>(
  item: ItemSchema,
  field: Field,
  max: number,
) {
  return z
    .array(item)
    .max(max)
    .superRefine((items, ctx) => {
      const seen = new Set<string>();
      items.forEach((entry, index) => {
        if (seen.has(entry[field]))
          ctx.addIssue({ code: 'custom', path: [index, field], message: `This ${field} appears more than once.` });
        seen.add(entry[field]);
      });
    });
}

export const transferEpisodesSchema = uniqueList(transferEpisodeSchema, 'guid', MAX_EPISODES);

export const transferMessagesSchema = uniqueList(transferMessageSchema, 'key', MAX_MESSAGES);
