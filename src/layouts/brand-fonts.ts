/**
 * The heading fonts' files, self-hosted: Vite copies each Fontsource woff2 (latin subset, the
 * variable weight axis, ~37 KB) into the build under a hashed name, served by our own origin
 * (CSP font-src 'self'). One file per font covers every heading weight.
 */
import type { HeadingFont } from '../domain/brand.ts';
import { HEADING_FONTS } from '../domain/brand.ts';
import fraunces from '@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2?url';
import lora from '@fontsource-variable/lora/files/lora-latin-wght-normal.woff2?url';
import playfairDisplay from '@fontsource-variable/playfair-display/files/playfair-display-latin-wght-normal.woff2?url';

const FILES: Record<Exclude<HeadingFont, 'system'>, string> = { fraunces, lora, 'playfair-display': playfairDisplay };

/** The Latin range Fontsource's latin subset covers (from its own CSS). */
const LATIN_RANGE =
  'U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD';

/**
 * The font's file URL (to preload) and its @font-face rule, or null for the system serif.
 * font-display: swap shows text at once; the preload makes the file arrive with the first
 * render so the swap happens before anything is laid out around it (Lighthouse CLS 0).
 */
export function headingFontFace(font: HeadingFont): { url: string; css: string } | null {
  const family = HEADING_FONTS[font].family;
  if (font === 'system' || !family) return null;
  const url = FILES[font];
  return {
    url,
    css: `@font-face{font-family:"${family}";font-style:normal;font-display:swap;font-weight:100 900;src:url(${url}) format("woff2");unicode-range:${LATIN_RANGE}}`,
  };
}
