/**
 * Decides what an uploaded file really is, by its bytes, never its name or declared type: a
 * PNG, JPEG or WebP that actually decodes (and is not absurdly large), or an SVG, which is then
 * cleaned. Anything else is refused with a message a person can act on.
 */
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { MAX_IMAGE_PIXELS } from '../../domain/images.ts';
import { cleanSvg } from './clean-svg.ts';
import { MAX_LOGO_BYTES } from '../../domain/body-limits.ts';

const MAX_DIMENSION = 8000;

const RASTER = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
} as const;

export type InspectedImage =
  | { ok: true; contentType: string; extension: string; data: Buffer; width: number | null; height: number | null }
  /** busy: the SVG cleaning queue is full (the caller answers 503, not 415). */
  | { ok: false; error: string; busy?: boolean };

export const NOT_AN_IMAGE = 'That file is not a JPG, PNG, SVG or WebP image.';
export const TOO_LARGE = 'The logo is larger than 2 MB. Please choose a smaller image.';
export const TOO_MANY_PIXELS = `The image must be at most ${MAX_DIMENSION} pixels wide and high, and ${MAX_IMAGE_PIXELS / 1_000_000} megapixels in all.`;

export async function inspectImage(data: Buffer): Promise<InspectedImage> {
  if (data.length === 0) return { ok: false, error: 'The file is empty.' };
  if (data.length > MAX_LOGO_BYTES) return { ok: false, error: TOO_LARGE };

  const sniffed = await fileTypeFromBuffer(data);
  if (sniffed && sniffed.mime in RASTER) {
    try {
      // The header only (no pixel is decoded): the size checks below refuse with their own
      // message, where sharp's pixel limit would throw and read as a damaged file.
      const meta = await sharp(data, { limitInputPixels: false }).metadata();
      if (
        !meta.width ||
        !meta.height ||
        meta.width > MAX_DIMENSION ||
        meta.height > MAX_DIMENSION ||
        meta.width * meta.height > MAX_IMAGE_PIXELS
      ) {
        return { ok: false, error: TOO_MANY_PIXELS };
      }
      return {
        ok: true,
        contentType: sniffed.mime,
        extension: RASTER[sniffed.mime as keyof typeof RASTER],
        data,
        width: meta.width,
        height: meta.height,
      };
    } catch {
      return { ok: false, error: 'The image could not be read: it may be damaged.' };
    }
  }
  if (sniffed) return { ok: false, error: NOT_AN_IMAGE };

  const text = data.toString('utf8');
  if (!/<svg[\s>]/i.test(text)) return { ok: false, error: NOT_AN_IMAGE };
  // Off the event loop, after a cheap check of its shape (clean-svg.ts).
  const cleaned = await cleanSvg(text);
  if (!cleaned.ok) return cleaned;
  const clean = cleaned.svg;
  if (!clean) return { ok: false, error: NOT_AN_IMAGE };
  // What is stored is at most what is promised, whatever cleaning added (closing tags, quotes).
  if (Buffer.byteLength(clean) > MAX_LOGO_BYTES) return { ok: false, error: TOO_LARGE };
  return { ok: true, contentType: 'image/svg+xml', extension: 'svg', data: Buffer.from(clean), width: null, height: null };
}
