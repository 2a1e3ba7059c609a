/**
 * An episode's transcript read into its passages once, not on every render: the day page, the
 * dashboard and the admin's episodes screen all show it, and reading a megabyte on each render
 * would hold up every page that shows the episode. The passages are kept by the episode and the
 * moment it was last written (every write sets updatedAt), so a new transcript is read anew; the
 * cache is bounded in entries and bytes like every other (caching/bounded-cache.ts).
 */
import { transcriptCues, transcriptFormatOf, type TranscriptCue } from '../../domain/podcast/transcripts.ts';
import { boundedCache, bytesOf } from '../caching/bounded-cache.ts';
import type { Episode } from './episodes.ts';

type TranscriptSource = Pick<Episode, 'id' | 'updatedAt' | 'transcript' | 'transcriptType'>;

const passages = boundedCache<TranscriptCue[]>({
  name: 'transcript passages',
  maxEntries: 500,
  maxBytes: 32 * 1024 * 1024,
  sizeOf: (cues) => cues.reduce((sum, cue) => sum + cue.text.length + (cue.speaker?.length ?? 0) + 32, 0),
});

/** The episode's version of its transcript: a write (updatedAt) or another text gives another key. */
function versionKey(episode: TranscriptSource, format: string, transcript: string): string {
  return `${episode.id}:${episode.updatedAt.getTime()}:${format}:${bytesOf.text(transcript)}`;
}

/** The passages of the episode's transcript, read once per version of it; null when it has none. */
export function transcriptPassages(episode: TranscriptSource): TranscriptCue[] | null {
  const format = transcriptFormatOf(episode.transcriptType);
  if (!format || !episode.transcript) return null;
  const key = versionKey(episode, format, episode.transcript);
  const kept = passages.get(key);
  if (kept) return kept;
  const cues = transcriptCues(episode.transcript, format);
  passages.set(key, cues);
  return cues;
}
