/**
 * An episode's length: the one a host states (a sample standing in for the real recording, an
 * external player whose audio we never see), else the one measured from its audio file. Day
 * pages, the dashboard, the admin and the feed's itunes:duration all show this one length.
 */
import { formatAudioDuration } from './audio-formats.ts';

/** The longest length a host can state: just under 100 hours. */
export const STATED_LENGTH_MAX_SECONDS = 100 * 3600 - 1;

/** Why a stated length was refused, as the admin screen says it. */
export const STATED_LENGTH_PROBLEMS = {
  'length-format': 'Write the length as h:mm:ss or m:ss, for example 2:15:30 or 45:30, or leave it empty to measure it from the audio.',
  'length-units': 'In a length, minutes and seconds go from 00 to 59 (2:15:30, not 2:75:30).',
  'length-zero': 'A stated length must be longer than 0:00. Leave it empty to measure it from the audio.',
  'length-too-long': 'A stated length must be under 100 hours.',
} as const;
export type StatedLengthProblem = keyof typeof STATED_LENGTH_PROBLEMS;

export type StatedLength = { ok: true; seconds: number | null } | { ok: false; problem: StatedLengthProblem };

/**
 * The length a host typed: "2:15:30" (h:mm:ss) or "45:30" (m:ss); empty means "measure it".
 * The first unit may be any size ("75:00" is 1:15:00); the ones after it are two digits, 00 to 59.
 */
export function parseStatedLength(text: string | undefined): StatedLength {
  const typed = (text ?? '').trim();
  if (typed === '') return { ok: true, seconds: null };
  const [lead = '', ...units] = typed.split(':');
  const wellFormed = (units.length === 1 || units.length === 2) && /^\d{1,3}$/.test(lead) && units.every((unit) => /^\d\d$/.test(unit));
  if (!wellFormed) return { ok: false, problem: 'length-format' };
  if (units.some((unit) => Number(unit) > 59)) return { ok: false, problem: 'length-units' };
  const seconds = [lead, ...units].reduce((total, unit) => total * 60 + Number(unit), 0);
  if (seconds === 0) return { ok: false, problem: 'length-zero' };
  if (seconds > STATED_LENGTH_MAX_SECONDS) return { ok: false, problem: 'length-too-long' };
  return { ok: true, seconds };
}

/** The length to show: stated, else measured, else unknown (null). */
export function episodeLengthSeconds(episode: { statedDurationSeconds: number | null; durationSeconds: number | null }): number | null {
  return episode.statedDurationSeconds ?? episode.durationSeconds;
}

/** The stated length as the admin's form shows it again ("2:15:30"), empty when none is stated. */
export function statedLengthText(seconds: number | null): string {
  return seconds === null ? '' : formatAudioDuration(seconds);
}
