/**
 * One listener's progress towards a counted download of one episode (IAB Podcast Measurement
 * Technical Guidelines v2.3, sections 5.5.1 to 5.5.4): the bytes they were sent add up across
 * requests until they make a minute of audio; the download then counts once, and nothing more
 * counts for that listener and episode inside the 24-hour window it opened. Partial progress older
 * than a window starts again (a minute heard over several days is not one listen).
 */
import { addSpan, coveredBytes, type ByteSpan } from './byte-spans.ts';
import { insideWindow } from './counting-window.ts';

export interface DownloadProgress {
  /** The bytes sent so far in this attempt; empty once counted. */
  spans: ByteSpan[];
  /** When the first of those bytes were sent. */
  startedAt: Date;
  /** When the download last counted: the start of its 24-hour window. */
  countedAt: Date | null;
}

export type ProgressOutcome = 'counted' | 'adding' | 'inside-window';

export interface SentBytes {
  /** The bytes sent (or asked for), or null when nothing was. */
  span: ByteSpan | null;
  at: Date;
  /** oneMinuteBytes() of the episode. */
  threshold: number;
}

export function addSentBytes(
  progress: DownloadProgress | undefined,
  { span, at, threshold }: SentBytes,
): { progress: DownloadProgress; outcome: ProgressOutcome } {
  const countedAt = progress?.countedAt ?? null;
  if (countedAt && insideWindow(countedAt, at)) return { progress: progress!, outcome: 'inside-window' };
  const fresh = !progress || progress.spans.length === 0 || !insideWindow(progress.startedAt, at);
  const before: DownloadProgress = fresh ? { spans: [], startedAt: at, countedAt } : progress;
  const spans = span ? addSpan(before.spans, span) : before.spans;
  if (coveredBytes(spans) >= threshold) return { progress: { spans: [], startedAt: at, countedAt: at }, outcome: 'counted' };
  return { progress: { ...before, spans }, outcome: 'adding' };
}
