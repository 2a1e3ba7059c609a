/**
 * The heading fonts' files, self-hosted: Vite copies each woff2 of ./heading-fonts into the
 * build under a hashed name, served by our own origin (CSP font-src 'self'). Each font is one
 * weight in two files by character (heading-font-files.ts, decision 0026).
 */
import type { HeadingFont } from '../domain/brand.ts';
import { HEADING_FONTS } from '../domain/brand.ts';
import { HEADING_FONT_PART_RANGES, HEADING_FONT_WEIGHT, type DownloadedHeadingFont, type HeadingFontPart } from './heading-font-files.ts';
import frauncesCore from './heading-fonts/fraunces-700-core.woff2?url';
import frauncesRest from './heading-fonts/fraunces-700-rest.woff2?url';
import loraCore from './heading-fonts/lora-700-core.woff2?url';
import loraRest from './heading-fonts/lora-700-rest.woff2?url';
import playfairDisplayCore from './heading-fonts/playfair-display-700-core.woff2?url';
import playfairDisplayRest from './heading-fonts/playfair-display-700-rest.woff2?url';

const FILES: Record<DownloadedHeadingFont, Record<HeadingFontPart, string>> = {
  fraunces: { core: frauncesCore, rest: frauncesRest },
  lora: { core: loraCore, rest: loraRest },
  'playfair-display': { core: playfairDisplayCore, rest: playfairDisplayRest },
};

/**
 * The core file's URL (to preload) and the @font-face rules of both parts, or null for the
 * system serif. Headings are bold (font-serif with font-bold), the one weight the files hold.
 * font-display: swap shows text at once; the preload makes the core file arrive with the first
 * render, so the swap happens before anything is laid out around it (Lighthouse CLS 0). The rest
 * file is fetched only by a page whose headings use one of its characters.
 */
export function headingFontFace(font: HeadingFont): { preloadUrl: string; css: string } | null {
  const family = HEADING_FONTS[font].family;
  if (font === 'system' || !family) return null;
  const files = FILES[font];
  const face = (part: HeadingFontPart) =>
    `@font-face{font-family:"${family}";font-style:normal;font-display:swap;font-weight:${HEADING_FONT_WEIGHT};src:url(${files[part]}) format("woff2");unicode-range:${HEADING_FONT_PART_RANGES[part]}}`;
  return { preloadUrl: files.core, css: face('core') + face('rest') };
}
