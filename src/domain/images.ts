/**
 * Image URLs at the size they are shown. Local raster images (JPEG, PNG, WebP, AVIF, GIF) are
 * served resized through /media/{width}/{path}, with a 2x candidate for sharp screens; vector
 * (SVG) and remote images are used as they are.
 */
import { isSafeImageUrl } from './url-policy.ts';

export const IMAGE_WIDTHS = [160, 320, 480, 640, 960, 1280] as const;
/**
 * The most pixels an image may have to be accepted or resized: decoding cost grows with pixels,
 * not bytes (a small PNG can declare 8000×8000). 24 MP is a 6000×4000 camera photo.
 */
export const MAX_IMAGE_PIXELS = 24_000_000;

/** A width from a URL: plain decimal digits only ("1.6e2", "0xa0" and " 160" are not widths). */
export function parseImageWidth(text: string): number | null {
  if (!/^[1-9]\d{0,4}$/.test(text)) return null;
  const width = Number(text);
  return (IMAGE_WIDTHS as readonly number[]).includes(width) ? width : null;
}

const RASTER = /\.(jpe?g|png|webp|avif|gif)$/i;

/** The smallest served width that covers the wanted one. */
export function servedWidth(wanted: number): number {
  return IMAGE_WIDTHS.find((width) => width >= wanted) ?? IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]!;
}

export function isResizable(src: string): boolean {
  return src.startsWith('/') && !src.startsWith('//') && !src.startsWith('/media/') && RASTER.test(src.split('?')[0]!);
}

export function resizedImage(src: string, displayWidth: number): { src: string; srcSet?: string } {
  // Data that predates the image URL policy still never reaches an <img> (no javascript: etc.).
  if (!isSafeImageUrl(src)) return { src: '' };
  if (!isResizable(src)) return { src };
  const oneX = servedWidth(displayWidth);
  const twoX = servedWidth(displayWidth * 2);
  return { src: `/media/${oneX}${src}`, srcSet: `/media/${oneX}${src} 1x, /media/${twoX}${src} 2x` };
}
