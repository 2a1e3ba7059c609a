/**
 * A page's meta and social tags and its language, from the edition's words (docs/PRODUCT.md
 * "The host's own words"): the description is the edition's, else the brand's tagline; the
 * social image is the edition's, else none; the language is the edition's. Pages that belong to
 * no edition (the admin, the setup guide) use the brand's tagline and English.
 */
import type { EditionTexts } from './edition-texts/schema.ts';

export interface PageMeta {
  description: string;
  /** An absolute or site-relative image address for og:image; '' for none. */
  socialImage: string;
  lang: string;
}

export const SITE_LANG = 'en';

export function pageMeta(texts: EditionTexts | null, brand: { tagline: string }): PageMeta {
  if (!texts) return { description: brand.tagline, socialImage: '', lang: SITE_LANG };
  return { description: texts.meta.description || brand.tagline, socialImage: texts.meta.socialImage, lang: texts.meta.lang };
}

/** A site-relative image address made absolute for social previews, which need a whole URL. */
export function absoluteImage(image: string, origin: string): string {
  if (!image) return '';
  try {
    return new URL(image, origin).href;
  } catch {
    return '';
  }
}
