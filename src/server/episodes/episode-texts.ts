/**
 * The transcript and chapters an episode form brings (decision 0039): each judged by its bytes
 * (src/domain/podcast/transcripts.ts, chapters.ts), or removed when the admin ticks its box. The
 * answer is the columns to write (none when the form changes neither), or the outcome to show.
 */
import { judgeChapters } from '../../domain/podcast/chapters.ts';
import type { EpisodeOutcome } from '../../domain/podcast/episode-form.ts';
import { judgeTranscript, TRANSCRIPT_FORMATS } from '../../domain/podcast/transcripts.ts';
import type { NewEpisode } from './episodes.ts';
import type { EpisodeForm, SmallFile } from './read-episode-form.ts';

export type TextValues = Partial<Pick<NewEpisode, 'transcript' | 'transcriptType' | 'chapters'>>;

const TRANSCRIPT_PROBLEMS = { empty: 'empty-transcript', 'not-text': 'not-transcript', 'no-cues': 'transcript-no-cues' } as const;

function transcriptValues(file: SmallFile | undefined, remove: boolean): TextValues | EpisodeOutcome {
  if (!file) return remove ? { transcript: null, transcriptType: null } : {};
  if (file.tooLarge) return 'transcript-too-large';
  const verdict = judgeTranscript(file.bytes);
  if (!verdict.ok) return TRANSCRIPT_PROBLEMS[verdict.problem];
  return { transcript: verdict.text, transcriptType: TRANSCRIPT_FORMATS[verdict.format].contentType };
}

function chaptersValues(file: SmallFile | undefined, remove: boolean): TextValues | EpisodeOutcome {
  if (!file) return remove ? { chapters: null } : {};
  if (file.tooLarge) return 'bad-chapters';
  const verdict = judgeChapters(file.bytes);
  return verdict.ok ? { chapters: verdict.json } : 'bad-chapters';
}

/** The transcript and chapters columns this form sets, or the outcome code of the first problem. */
export function judgeEpisodeTexts(form: Pick<EpisodeForm, 'fields' | 'texts'>): { values: TextValues } | { code: EpisodeOutcome } {
  const transcript = transcriptValues(form.texts.transcript, form.fields.removeTranscript === 'on');
  if (typeof transcript === 'string') return { code: transcript };
  const chapters = chaptersValues(form.texts.chapters, form.fields.removeChapters === 'on');
  if (typeof chapters === 'string') return { code: chapters };
  return { values: { ...transcript, ...chapters } };
}
