/**
 * What duplicating an edition would carry over that is probably wrong for the new one (decision
 * 0031): every date already past (summit, retreat and workshop dates, live day windows, dates in
 * any text) and every text that names another edition ("Unable to load July speakers", a
 * checkout link under /september/, "opens Day One of the September edition", the code SEPT25). The host reads the
 * list and confirms before anything is saved.
 */

export interface ReviewFinding {
  kind: 'past-date' | 'names-edition';
  /** Where it is, readable: "Settings › retreat › startDate", "Speakers › Anouk Devereux › bio". */
  where: string;
  /** What was found: the past date, or the edition's name as written. */
  found: string;
  /** The text around it (at most about 120 characters). */
  excerpt: string;
}

/** An edition that is not the new one, by the words that name it. */
export interface OtherEdition {
  slug: string;
  name: string;
}

/** The sections of the copy (settings, timers, days, people), each any JSON value. */
export type CopiedSections = Record<string, unknown>;

const ISO_DATE = /\b(\d{4}-\d{2}-\d{2})(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})?)?\b/g;
/** Keys whose values are the copy's own identity or bookkeeping, replaced or meaningless to review. */
const SKIPPED_KEYS = new Set(['slug', 'name', 'position', 'day', 'version', 'mode']);
const EXCERPT_CHARS = 120;

/** The section names as the review lists them ("Settings › retreat › startDate"). */
const SECTION_LABELS: Record<string, string> = {
  edition: 'Edition',
  settings: 'Settings',
  timers: 'Timers',
  days: 'Days',
  speakers: 'Speakers',
  hosts: 'Hosts',
  implementationSessions: 'Implementation sessions',
  bonusBundle: 'Bonus bundle',
};

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The name as a whole word or phrase, in any case; "july" matches "July 21" and "/july/replay", not "julyish". */
function wordPattern(words: string): RegExp | null {
  const trimmed = words.trim();
  if (trimmed.length < 2) return null;
  return new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(trimmed)}(?![\\p{L}\\p{N}])`, 'iu');
}

/**
 * A code made of the start of the name's first word and a number, as discount codes are written
 * ("SEPT25", "AUG2025" for September and August): three letters of the name at least.
 */
function codePattern(name: string): RegExp | null {
  const word = /^\p{L}+/u.exec(name.trim())?.[0];
  if (!word || word.length < 3) return null;
  const starts = Array.from({ length: word.length - 2 }, (_, index) => escapeRegExp(word.slice(0, index + 3)));
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${starts.join('|')})\\d+(?![\\p{L}\\p{N}])`, 'iu');
}

function excerpt(text: string, index: number, length: number): string {
  const flat = text.replace(/\s+/g, ' ');
  if (flat.length <= EXCERPT_CHARS) return flat;
  const start = Math.max(0, Math.min(index - 40, flat.length - EXCERPT_CHARS));
  return `${start > 0 ? '…' : ''}${flat.slice(start, start + Math.max(EXCERPT_CHARS, length))}${start + EXCERPT_CHARS < flat.length ? '…' : ''}`;
}

/** A readable label for one step of a path: a person's name for a list entry when it has one. */
function stepLabel(key: string | number, value: unknown): string {
  if (typeof key === 'number' && value && typeof value === 'object') {
    const row = value as Record<string, unknown>;
    const person = [row.firstName, row.lastName].filter((part) => typeof part === 'string' && part).join(' ');
    if (person) return person;
    if (typeof row.day === 'number') return `Day ${row.day}`;
    if (typeof row.title === 'string' && row.title) return row.title;
    return `#${key + 1}`;
  }
  return String(key);
}

/** Every string in the value with its readable place, skipping the copy's own identity keys. */
function textsOf(value: unknown, where: string[], out: { where: string; text: string }[]): void {
  if (typeof value === 'string') {
    if (value) out.push({ where: where.join(' › '), text: value });
    return;
  }
  if (Array.isArray(value)) {
    value.forEach((item, index) => textsOf(item, [...where, stepLabel(index, item)], out));
    return;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (!SKIPPED_KEYS.has(key)) textsOf(item, [...where, key], out);
    }
  }
}

function pastDates(text: string, today: string): { found: string; index: number }[] {
  return [...text.matchAll(ISO_DATE)]
    .filter((match) => (match[1] as string) < today)
    .map((match) => ({ found: match[0], index: match.index }));
}

/**
 * The findings, in the copy's order. `today`: 'YYYY-MM-DD' in the edition's time zone; a date
 * before it is past. `others`: every edition but the new one (the source included), whose names
 * and slugs a text should not carry into the new edition.
 */
export function reviewDuplicate({
  sections,
  others,
  today,
}: {
  sections: CopiedSections;
  others: OtherEdition[];
  today: string;
}): ReviewFinding[] {
  const texts: { where: string; text: string }[] = [];
  for (const [section, value] of Object.entries(sections)) textsOf(value, [SECTION_LABELS[section] ?? section], texts);
  const patterns = others.flatMap((other) =>
    [...[...new Set([other.name, other.slug])].map(wordPattern), codePattern(other.name)].filter((pattern) => pattern !== null),
  );
  const findings: ReviewFinding[] = [];
  for (const { where, text } of texts) {
    for (const { found, index } of pastDates(text, today)) {
      findings.push({ kind: 'past-date', where, found, excerpt: excerpt(text, index, found.length) });
    }
    const named = patterns.map((pattern) => pattern.exec(text)).find((match) => match !== null);
    if (named) findings.push({ kind: 'names-edition', where, found: named[0], excerpt: excerpt(text, named.index, named[0].length) });
  }
  return findings;
}
