/**
 * An episode's transcript (decision 0039; WCAG 2.2 success criterion 1.2.1): WebVTT, SRT or
 * plain text, recognised by what the file says (never its name or the browser's type), kept as
 * text and only ever written out as text (React and the feed's XML builder escape it; nothing
 * in it is markup). Each format has the type the podcast namespace names for
 * `podcast:transcript` and the extension its URL ends with.
 */

export type TranscriptFormat = 'vtt' | 'srt' | 'txt';

export const TRANSCRIPT_FORMATS: Record<TranscriptFormat, { contentType: string; label: string }> = {
  vtt: { contentType: 'text/vtt', label: 'WebVTT' },
  srt: { contentType: 'application/x-subrip', label: 'SRT' },
  txt: { contentType: 'text/plain', label: 'Plain text' },
};

const BY_CONTENT_TYPE = new Map(
  Object.entries(TRANSCRIPT_FORMATS).map(([format, { contentType }]) => [contentType, format as TranscriptFormat]),
);

export function transcriptFormatOf(contentType: string | null): TranscriptFormat | null {
  return contentType ? (BY_CONTENT_TYPE.get(contentType) ?? null) : null;
}

/** A transcript of an hour's talk is about 60 KB; 1 MB leaves room for long ones with timings. */
export const TRANSCRIPT_MAX_BYTES = 1_000_000;

export type TranscriptVerdict =
  { ok: true; format: TranscriptFormat; text: string } | { ok: false; problem: 'empty' | 'not-text' | 'no-cues' };

/*
 * A transcript is anyone's file of up to a megabyte, so every pattern below runs in time linear in
 * what it reads: each is anchored at a line's start or is one character class, and no repetition
 * is nested in another or followed by one that matches the same characters. Tags are stripped
 * by a scan, not a pattern (withoutTags).
 */

/** C0 controls but tab, LF and CR, and DEL: a file with them is not a text transcript. */
const BINARY = /[^\t\n\r\u0020-\u007E\u0080-\u{10FFFF}]/u;
const VTT_TIMING = /^(?:\d{2,}:)?\d{2}:\d{2}\.\d{3}[ \t]+-->[ \t]+(?:\d{2,}:)?\d{2}:\d{2}\.\d{3}/;
const SRT_TIMING = /^\d{1,3}:\d{2}:\d{2}[,.]\d{1,3}[ \t]*-->[ \t]*\d{1,3}:\d{2}:\d{2}[,.]\d{1,3}/;

/** Decoded as UTF-8, refusing bytes that are not: a transcript is text in one known encoding. */
function decodeUtf8(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return null;
  }
}

const normalised = (text: string) => text.replace(/\r\n?/g, '\n');

function formatOf(text: string): TranscriptFormat {
  if (/^WEBVTT(?:[ \t][^\n]*)?(?:\n|$)/.test(text)) return 'vtt';
  const [first = '', second = ''] = text.trimStart().split('\n', 2);
  return /^\d+[ \t]*$/.test(first) && SRT_TIMING.test(second) ? 'srt' : 'txt';
}

/** The transcript a file holds, judged by its bytes: WebVTT by its header, SRT by its first cue, else plain text. */
export function judgeTranscript(bytes: Uint8Array): TranscriptVerdict {
  const decoded = decodeUtf8(bytes);
  if (decoded === null || BINARY.test(decoded)) return { ok: false, problem: 'not-text' };
  const text = normalised(decoded).trim();
  if (!text) return { ok: false, problem: 'empty' };
  const format = formatOf(text);
  if (format !== 'txt' && transcriptCues(text, format).length === 0) return { ok: false, problem: 'no-cues' };
  return { ok: true, format, text: `${text}\n` };
}

/** One passage as a page shows it: when it starts ("1:05"; null for plain text), who speaks, and the words. */
export interface TranscriptCue {
  start: string | null;
  speaker: string | null;
  text: string;
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&nbsp;': ' ', '&lrm;': '', '&rlm;': '' };

/**
 * The voice a tag names: "v Ava Moon" or "v.loud Ava Moon" (the text between "<" and ">") names
 * Ava Moon; any other tag names none.
 */
function voiceOf(tag: string): string | null {
  if (tag[0] !== 'v') return null;
  const space = tag.search(/[ \t]/);
  if (space < 0 || (space > 1 && tag[1] !== '.')) return null;
  return tag.slice(space + 1).trim() || null;
}

/**
 * A cue's words without its tags (<v Name>, <i>, <c.loud>, timestamps), and the first voice a tag
 * names. A tag runs from a "<" to the next ">"; an unclosed "<" is a word. Scanned once, left to
 * right, with indexOf: a regular expression that looks for a tag's end from every "<" takes time
 * growing with the square of the cue ("<<<<…" with no ">"), and a transcript is anyone's file.
 */
function withoutTags(cue: string): { words: string; voice: string | null } {
  const words: string[] = [];
  let voice: string | null = null;
  let at = 0;
  for (let open = cue.indexOf('<'); open >= 0; open = cue.indexOf('<', at)) {
    const close = cue.indexOf('>', open + 1);
    if (close < 0) break;
    words.push(cue.slice(at, open));
    voice ??= voiceOf(cue.slice(open + 1, close));
    at = close + 1;
  }
  words.push(cue.slice(at));
  return { words: words.join(''), voice };
}

/** A cue's words without its tags and with WebVTT's escapes read, and who speaks them. */
function cueWords(lines: readonly string[]): { speaker: string | null; text: string } {
  const { words, voice } = withoutTags(lines.join('\n'));
  const text = words.replace(/&(?:amp|lt|gt|nbsp|lrm|rlm);/g, (entity) => ENTITIES[entity] ?? entity).trim();
  return { speaker: voice, text };
}

/** "00:01:05.250" or "01:05,250" as a listener reads it: "1:05", with hours when there are some. */
export function readableTime(timing: string): string {
  const [clock = ''] = timing.split(/[.,]/);
  const parts = clock.split(':').map(Number);
  const [hours, minutes, seconds] = parts.length === 3 ? parts : [0, ...parts];
  const twoDigits = (value: number | undefined) => String(value ?? 0).padStart(2, '0');
  return hours ? `${hours}:${twoDigits(minutes)}:${twoDigits(seconds)}` : `${minutes ?? 0}:${twoDigits(seconds)}`;
}

function timedCues(text: string, timing: RegExp): TranscriptCue[] {
  return text.split(/\n[ \t]*\n/).flatMap((block) => {
    const lines = block.split('\n');
    const at = lines.findIndex((line) => timing.test(line.trim()));
    if (at < 0) return [];
    const words = cueWords(lines.slice(at + 1));
    return words.text ? [{ start: readableTime(lines[at]!.trim()), ...words }] : [];
  });
}

/** The passages of a stored transcript: timed cues, or a plain text's paragraphs. */
export function transcriptCues(text: string, format: TranscriptFormat): TranscriptCue[] {
  if (format === 'vtt') return timedCues(text, VTT_TIMING);
  if (format === 'srt') return timedCues(text, SRT_TIMING);
  return text
    .split(/\n[ \t]*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => ({ start: null, speaker: null, text: paragraph }));
}
