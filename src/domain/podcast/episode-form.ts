/**
 * The admin's episode form (decision 0020): what a host types, validated with Zod. The audio
 * itself (a file or an external URL) is judged separately: a file by its bytes on the server,
 * a URL here. Outcomes travel back to the admin screen as short codes in the redirect, so the
 * screen shows our sentence, never text from a URL.
 */
import { z } from 'zod';
import { isSafeImageUrl } from '../url-policy.ts';
import { parseAudioEmbed } from '../audio-embed.ts';
import { ACCEPTED_AUDIO_DESCRIPTION } from './audio-formats.ts';
import { STATED_LENGTH_PROBLEMS } from './episode-length.ts';

const text = (max: number) => z.string().trim().max(max);

export const episodeFieldsSchema = z.object({
  day: z.coerce.number().int().min(1, 'Choose day 1, 2 or 3.').max(3, 'Choose day 1, 2 or 3.'),
  title: text(200).min(1, 'Give the episode a title.'),
  description: text(20_000).default(''),
  speaker: text(200).default(''),
  artwork: text(2000)
    .default('')
    .refine((value) => value === '' || isSafeImageUrl(value), 'Artwork must be an https address or an uploaded image path.'),
  position: z.coerce.number().int().min(0).max(1000).default(0),
});
export type EpisodeFields = z.infer<typeof episodeFieldsSchema>;

/** An external audio URL must be https (podcast apps refuse mixed content and so do we). */
export function readExternalAudioUrl(value: string | undefined): { ok: true; url: string | null } | { ok: false } {
  const trimmed = value?.trim() ?? '';
  if (!trimmed) return { ok: true, url: null };
  try {
    const url = new URL(trimmed);
    return url.protocol === 'https:' && !url.username && !url.password ? { ok: true, url: url.toString() } : { ok: false };
  } catch {
    return { ok: false };
  }
}

/**
 * An external player (an embed is a kind of episode): its https address on the
 * allowed audio host (AUDIO_EMBED_HOST), or the host's iframe snippet, whose src is kept and
 * nothing else. Empty: no external player.
 */
export function readEmbedUrl(value: string | undefined, audioHost: string): { ok: true; url: string | null } | { ok: false } {
  const trimmed = value?.trim() ?? '';
  if (!trimmed) return { ok: true, url: null };
  const snippet = trimmed.startsWith('<') ? trimmed : `<iframe src="${trimmed.replaceAll('"', '&quot;')}"></iframe>`;
  const embed = parseAudioEmbed(snippet, audioHost);
  // Written out by URL, so what is kept is one normalised address.
  return embed.kind === 'iframe' ? { ok: true, url: new URL(embed.src).toString() } : { ok: false };
}

/** The word the admin types to confirm deleting an episode, as an edition's slug confirms deleting it. */
export const DELETE_CONFIRMATION = 'delete';

/** Whether the delete form's confirmation field holds the word (any case, spaces around it ignored). */
export function isDeleteConfirmed(value: string | undefined): boolean {
  return (value ?? '').trim().toLowerCase() === DELETE_CONFIRMATION;
}

export const EPISODE_OUTCOMES = {
  created: 'Added the episode.',
  saved: 'Saved the episode.',
  deleted: 'Deleted the episode.',
  'too-large': 'The audio file is larger than the limit of {limit}. Please upload a smaller file (for example a lower bitrate MP3).',
  'not-audio': `That file is not ${ACCEPTED_AUDIO_DESCRIPTION} audio.`,
  'empty-file': 'The audio file is empty.',
  'padded-audio': 'That audio file is far larger than its length explains: part of it is not audio. Please export the recording again.',
  'no-audio': 'Upload an audio file, give an external audio URL or an external player.',
  'both-audio': 'Give one source: an audio file, an external audio URL or an external player, not several.',
  'bad-url': 'The external audio URL must be a full https:// address.',
  'bad-embed':
    'The external player must be an https:// address on the audio host this site allows (AUDIO_EMBED_HOST), or that host’s iframe snippet.',
  'transcript-too-large': 'The transcript is larger than 1 MB. Please upload a shorter file.',
  'not-transcript': 'The transcript must be a WebVTT, SRT or plain-text file in UTF-8.',
  'empty-transcript': 'The transcript file is empty.',
  'transcript-no-cues': 'The transcript looks like WebVTT or SRT but has no cue with a time and words.',
  'bad-chapters':
    'The chapters must be a JSON chapters file of at most 200 KB: a version and a list of chapters, each with a startTime in seconds (links https:// only).',
  ...STATED_LENGTH_PROBLEMS,
  invalid: 'Some fields need attention: {details}',
  'not-found': 'That episode no longer exists.',
  'confirm-delete': `Nothing was deleted: type “${DELETE_CONFIRMATION}” in the episode’s confirmation field to delete it.`,
  'bad-request': 'The form could not be read. Please try again.',
  'unknown-action': 'That request was not understood; nothing was changed.',
} as const;
export type EpisodeOutcome = keyof typeof EPISODE_OUTCOMES;
export const EPISODE_SUCCESSES: readonly EpisodeOutcome[] = ['created', 'saved', 'deleted'];

export function isEpisodeOutcome(value: string | null): value is EpisodeOutcome {
  return value !== null && Object.hasOwn(EPISODE_OUTCOMES, value);
}

/** Field names the "invalid" outcome may list (never free text from the request). */
export const EPISODE_FIELD_LABELS: Record<keyof EpisodeFields, string> = {
  day: 'day',
  title: 'title',
  description: 'description',
  speaker: 'speaker',
  artwork: 'artwork',
  position: 'order',
};
