/**
 * The committed heading-font files are exactly what tools/subset-heading-fonts.ts makes from
 * the installed Fontsource packages (a package update fails here until the script is run), and
 * their two parts split Fontsource's Latin range without a gap or an overlap.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { codePointsOf, HEADING_FONT_PART_RANGES, unicodeRangeOf } from '../../src/layouts/heading-font-files.ts';
import { HEADING_FONT_FILES, HEADING_FONTS_FOLDER, subsetHeadingFont } from '../../tools/subset-heading-fonts.ts';

const LATIN =
  'U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD';

describe('heading font files', () => {
  it.each(HEADING_FONT_FILES)('$name is what the script makes from the Fontsource package', async ({ font, part, name }) => {
    const committed = readFileSync(HEADING_FONTS_FOLDER + name);
    expect((await subsetHeadingFont(font, part)).equals(committed), `run: node tools/subset-heading-fonts.ts`).toBe(true);
  });

  it('core and rest together are the Latin range, and no character is in both', () => {
    const core = codePointsOf(HEADING_FONT_PART_RANGES.core);
    const rest = codePointsOf(HEADING_FONT_PART_RANGES.rest);
    expect(core.filter((point) => rest.includes(point))).toEqual([]);
    expect(unicodeRangeOf([...core, ...rest])).toBe(unicodeRangeOf(codePointsOf(LATIN)));
    expect(core).toContain('A'.codePointAt(0));
    expect(rest).toContain('é'.codePointAt(0));
  });

  it('writes ranges as CSS does: spans of consecutive points, four hex digits', () => {
    expect(unicodeRangeOf([0x41, 0x20, 0x42, 0x2026, 0x43])).toBe('U+0020,U+0041-0043,U+2026');
    expect(codePointsOf('U+0020,U+0041-0043')).toEqual([0x20, 0x41, 0x42, 0x43]);
  });
});
