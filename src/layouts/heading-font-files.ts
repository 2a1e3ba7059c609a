/**
 * What the heading fonts' files hold (docs/decisions/0026-one-heading-weight-in-two-files.md).
 * Each font ships as one weight (bold, 700: every font-serif heading's weight) cut from its
 * Fontsource variable file into two files by character: `core` (printable ASCII and the common
 * typographic punctuation), which every page needs and preloads, and `rest` (the remainder of
 * Fontsource's Latin range: accented letters and rarer signs), which a browser fetches only for
 * a page whose headings use one of those characters (the @font-face unicode-range).
 *
 * tools/subset-heading-fonts.ts writes the files into ./heading-fonts from these lists;
 * tests/architecture/heading-font-files.test.ts proves the committed files are what it writes.
 */
import type { HeadingFont } from '../domain/brand.ts';

export type DownloadedHeadingFont = Exclude<HeadingFont, 'system'>;
export type HeadingFontPart = 'core' | 'rest';

export const HEADING_FONT_WEIGHT = 700;

/** Each font's source: its Fontsource package's Latin file with the weight axis. */
export const HEADING_FONT_SOURCES: Record<DownloadedHeadingFont, string> = {
  fraunces: '@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2',
  lora: '@fontsource-variable/lora/files/lora-latin-wght-normal.woff2',
  'playfair-display': '@fontsource-variable/playfair-display/files/playfair-display-latin-wght-normal.woff2',
};

/** The Latin range Fontsource's latin subset covers (from its own CSS). */
const LATIN_RANGE =
  'U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD';

/** Printable ASCII, no-break space, middle dot, en and em dash, curly quotes, bullet, ellipsis. */
const CORE_RANGE = 'U+0020-007E,U+00A0,U+00B7,U+2013-2014,U+2018-2019,U+201C-201D,U+2022,U+2026';

/** The code points a CSS unicode-range lists ("U+0020-007E,U+00A0"). */
export function codePointsOf(range: string): number[] {
  return range.split(',').flatMap((part) => {
    const [first, last = first] = part.trim().replace(/^U\+/i, '').split('-') as [string, string?];
    const from = parseInt(first, 16);
    const to = parseInt(last, 16);
    return Array.from({ length: to - from + 1 }, (_, i) => from + i);
  });
}

/** A CSS unicode-range for a list of code points, consecutive ones as one span. */
export function unicodeRangeOf(points: number[]): string {
  const sorted = [...new Set(points)].sort((a, b) => a - b);
  const spans: string[] = [];
  const hex = (point: number) => point.toString(16).toUpperCase().padStart(4, '0');
  for (let start = 0; start < sorted.length;) {
    let end = start;
    while (end + 1 < sorted.length && sorted[end + 1] === sorted[end]! + 1) end++;
    spans.push(sorted[start] === sorted[end] ? `U+${hex(sorted[start]!)}` : `U+${hex(sorted[start]!)}-${hex(sorted[end]!)}`);
    start = end + 1;
  }
  return spans.join(',');
}

const core = new Set(codePointsOf(CORE_RANGE));

/** Each part's unicode-range: together they are Fontsource's Latin range, with no overlap. */
export const HEADING_FONT_PART_RANGES: Record<HeadingFontPart, string> = {
  core: CORE_RANGE,
  rest: unicodeRangeOf(codePointsOf(LATIN_RANGE).filter((point) => !core.has(point))),
};

/** A part's file name in ./heading-fonts. */
export function headingFontFileName(font: DownloadedHeadingFont, part: HeadingFontPart): string {
  return `${font}-${HEADING_FONT_WEIGHT}-${part}.woff2`;
}
