/**
 * Writes the heading fonts' files (src/layouts/heading-fonts/*.woff2) from their Fontsource
 * packages: each font at its one heading weight, cut into the parts src/layouts/heading-font-files.ts
 * lists. Run it after a Fontsource package update (a test fails until you do):
 *
 *   node tools/subset-heading-fonts.ts
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import subsetFont from 'subset-font';
import {
  codePointsOf,
  HEADING_FONT_PART_RANGES,
  HEADING_FONT_SOURCES,
  HEADING_FONT_WEIGHT,
  headingFontFileName,
  type DownloadedHeadingFont,
  type HeadingFontPart,
} from '../src/layouts/heading-font-files.ts';

/**
 * The OpenType features headings use: kerning, ligatures, contextual forms, accents. Fractions,
 * figure styles and the like are dropped (they would add about 1.5 KB to Lora and Playfair).
 */
const HEADING_FEATURES = ['kern', 'liga', 'calt', 'ccmp', 'locl', 'mark', 'mkmk'];

export const HEADING_FONTS_FOLDER = fileURLToPath(new URL('../src/layouts/heading-fonts/', import.meta.url));

/** One part of one font, as woff2 bytes: the same input always gives the same bytes. */
export async function subsetHeadingFont(font: DownloadedHeadingFont, part: HeadingFontPart): Promise<Buffer> {
  const source = readFileSync(createRequire(import.meta.url).resolve(HEADING_FONT_SOURCES[font]));
  const text = String.fromCodePoint(...codePointsOf(HEADING_FONT_PART_RANGES[part]));
  // keepFeatures is in subset-font's README but not in its (older) type declarations.
  const options: Parameters<typeof subsetFont>[2] & { keepFeatures: string[] } = {
    targetFormat: 'woff2',
    variationAxes: { wght: HEADING_FONT_WEIGHT },
    keepFeatures: HEADING_FEATURES,
  };
  return subsetFont(source, text, options);
}

export const HEADING_FONT_FILES = (Object.keys(HEADING_FONT_SOURCES) as DownloadedHeadingFont[]).flatMap((font) =>
  (Object.keys(HEADING_FONT_PART_RANGES) as HeadingFontPart[]).map((part) => ({ font, part, name: headingFontFileName(font, part) })),
);

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const { font, part, name } of HEADING_FONT_FILES) {
    const bytes = await subsetHeadingFont(font, part);
    writeFileSync(HEADING_FONTS_FOLDER + name, bytes);
    console.log(`${name}: ${bytes.length} bytes`);
  }
}
