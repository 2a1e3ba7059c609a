/**
 * An edition's podcast settings (decision 0034): what every registrant's private feed says
 * about the show. Square artwork within Apple's sizes, Apple's category, the author and the
 * owner's name and address. Pure: the form's values in, the settings or one message per field out.
 */
import { z } from 'zod';
import { formText } from '../without-nul.ts';
import { isEmailAddress, MAX_EMAIL_ADDRESS_LENGTH } from '../email-address.ts';
import { categoryValue, parseCategoryValue } from './apple-categories.ts';

/** Apple Podcasts takes square show artwork from 1400 x 1400 to 3000 x 3000 pixels, JPEG or PNG, in RGB. */
export const ARTWORK_MIN_PX = 1400;
export const ARTWORK_MAX_PX = 3000;
/** Within the 4 MB an admin form may post; Apple's own advice is far smaller. */
export const ARTWORK_MAX_BYTES = 3 * 1024 * 1024;

export interface PodcastSettings {
  artworkUrl: string | null;
  category: string | null;
  subcategory: string | null;
  author: string | null;
  ownerName: string | null;
  ownerEmail: string | null;
}

export const EMPTY_PODCAST_SETTINGS: PodcastSettings = {
  artworkUrl: null,
  category: null,
  subcategory: null,
  author: null,
  ownerName: null,
  ownerEmail: null,
};

export interface PodcastFormValues {
  /** "" for none, else a categoryValue(). */
  category: string;
  author: string;
  ownerName: string;
  ownerEmail: string;
  /** "on": drop the artwork and use the site's default. */
  removeArtwork: boolean;
}

export type PodcastFormErrors = Partial<Record<keyof PodcastFormValues | 'artwork', string>>;

export function podcastFormValues(settings: PodcastSettings): PodcastFormValues {
  return {
    category: settings.category ? categoryValue({ category: settings.category, subcategory: settings.subcategory }) : '',
    author: settings.author ?? '',
    ownerName: settings.ownerName ?? '',
    ownerEmail: settings.ownerEmail ?? '',
    removeArtwork: false,
  };
}

export function readPodcastForm(form: FormData): PodcastFormValues {
  const text = (name: string) => formText(form, name);
  return {
    category: text('category'),
    author: text('author'),
    ownerName: text('ownerName'),
    ownerEmail: text('ownerEmail'),
    removeArtwork: text('removeArtwork') === 'on',
  };
}

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `Please keep the ${label} under ${max} characters.`)
    .transform((value) => value || null);

const ownerEmail = z
  .string()
  .trim()
  .max(MAX_EMAIL_ADDRESS_LENGTH, 'That e-mail address is too long.')
  .refine((value) => value === '' || isEmailAddress(value), 'Please give an e-mail address, like podcast@example.com.')
  .transform((value) => value || null);

/** The settings the form gives (the artwork is the caller's: it arrives as a file), or a message per field. */
export function validatePodcastForm(
  values: PodcastFormValues,
): { ok: true; data: Omit<PodcastSettings, 'artworkUrl'> } | { ok: false; errors: PodcastFormErrors } {
  const errors: PodcastFormErrors = {};
  const category = values.category.trim() ? parseCategoryValue(values.category.trim()) : { category: null, subcategory: null };
  if (!category) errors.category = 'Please choose one of Apple’s categories.';
  const author = optionalText(200, 'author').safeParse(values.author);
  if (!author.success) errors.author = author.error.issues[0]?.message;
  const ownerName = optionalText(200, 'owner’s name').safeParse(values.ownerName);
  if (!ownerName.success) errors.ownerName = ownerName.error.issues[0]?.message;
  const email = ownerEmail.safeParse(values.ownerEmail);
  if (!email.success) errors.ownerEmail = email.error.issues[0]?.message;
  if (!category || !author.success || !ownerName.success || !email.success) return { ok: false, errors };
  return {
    ok: true,
    data: {
      category: category.category,
      subcategory: category.subcategory,
      author: author.data,
      ownerName: ownerName.data,
      ownerEmail: email.data,
    },
  };
}

/** What the artwork's bytes say about it (read by the server from the file itself). */
export interface ArtworkFacts {
  /** 'jpeg', 'png', or what else the file is. */
  format: string;
  width: number;
  height: number;
  /** 'srgb', 'cmyk', 'b-w', … */
  space: string;
  hasAlpha: boolean;
  isPalette: boolean;
  bytes: number;
}

/** Why Apple would refuse this artwork, in words a host can act on; null when it is fine. */
export function artworkProblem(facts: ArtworkFacts): string | null {
  const size = `${facts.width} × ${facts.height} pixels`;
  if (facts.format !== 'jpeg' && facts.format !== 'png') return 'The podcast artwork must be a JPEG or PNG image.';
  if (facts.bytes > ARTWORK_MAX_BYTES) return 'The artwork file is larger than 3 MB. Please save it as a JPEG.';
  if (facts.width !== facts.height) return `The artwork must be square; this image is ${size}.`;
  if (facts.width < ARTWORK_MIN_PX)
    return `Apple needs artwork of at least ${ARTWORK_MIN_PX} × ${ARTWORK_MIN_PX} pixels; this image is ${size}.`;
  if (facts.width > ARTWORK_MAX_PX)
    return `Apple takes artwork up to ${ARTWORK_MAX_PX} × ${ARTWORK_MAX_PX} pixels; this image is ${size}. Please scale it down.`;
  if (facts.space !== 'srgb' || facts.hasAlpha || facts.isPalette)
    return 'Apple wants the artwork in full RGB colour without transparency. Please save it as a JPEG, or as a PNG without an alpha channel.';
  return null;
}
