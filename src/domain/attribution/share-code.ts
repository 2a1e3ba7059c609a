/**
 * Share-link codes (decision 0038; `/r/{code}`): made from the person's name by default, editable
 * in the admin, unique within an edition. A code is what a speaker types into a newsletter, so it
 * is kept to lowercase letters, digits and single dashes, 2 to 40 characters.
 */
import { z } from 'zod';

const MAX_LENGTH = 40;

export const shareCodeSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(2, 'A share code has at least 2 characters.')
  .max(MAX_LENGTH, `A share code has at most ${MAX_LENGTH} characters.`)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Use lowercase letters, digits and single dashes (like jane-doe).');

/** "Zoë  O'Brien" -> "zoe-obrien": accents dropped, anything else between words becomes one dash. */
export function codeFromName(name: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_LENGTH)
    .replace(/-+$/, '');
  return base.length >= 2 ? base : `speaker${base ? `-${base}` : ''}`;
}

/**
 * A code from the name that no link holds yet. `taken` holds the codes of every edition, so a
 * default code also names one link site-wide (the edition's slug goes on first, then a number);
 * an admin may still give two editions the same code (then `/r/` prefers the home page's edition).
 */
export function uniqueShareCode({ name, editionSlug, taken }: { name: string; editionSlug: string; taken: ReadonlySet<string> }): string {
  const base = codeFromName(name);
  // A long slug would leave too little of the name; numbers alone tell those apart.
  const candidates = editionSlug.length <= 30 ? [base, fit(`${base}-${editionSlug}`, `-${editionSlug}`)] : [base];
  for (const candidate of candidates) if (!taken.has(candidate)) return candidate;
  for (let n = 2; ; n++) {
    const numbered = fit(`${base}-${n}`, `-${n}`);
    if (!taken.has(numbered)) return numbered;
  }
}

/** The code cut to the longest allowed, keeping its ending (a number) whole. */
function fit(code: string, ending = ''): string {
  if (code.length <= MAX_LENGTH) return code;
  return `${code.slice(0, MAX_LENGTH - ending.length).replace(/-+$/, '')}${ending}`;
}
