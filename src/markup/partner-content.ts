/**
 * What content may look like when it leaves the site through the public API (partner sites
 * render it in their own pages): the same policy as our pages. HTML fields pass the markup
 * sanitiser (src/markup/safe-html.ts); links keep only the allowed protocols (javascript: and the
 * like become null); image addresses must pass the image rule. Applied to every row, nested
 * objects (a freebie) included, so data from before a rule or from an import is covered too.
 */
import { renderMarkup } from './safe-html.ts';
import { isSafeImageUrl, safeHttpUrl, safeLinkUrl } from '../domain/url-policy.ts';
import { PASS_ONLY_FIELDS } from '../domain/access/pass-content.ts';

/** Fields documented as "HTML or markdown" that partner sites insert as HTML. */
const HTML_FIELDS = new Set(['shortDescription']);
/** Links that leave the site: absolute http(s) only. */
const EXTERNAL_LINK_FIELDS = new Set(['websiteUrl', 'integrationSessionLink']);
/** Other links (a download may be a path of this site). */
const LINK_FIELDS = new Set(['downloadUrl', 'link', 'url', 'ctaUrl']);
const IMAGE_FIELDS = new Set(['image', 'headshot', 'imageUrl', 'logo']);

interface PartnerOptions {
  /** false for a `registrants` edition: what a pass unlocks becomes null (domain/access/pass-content.ts). */
  passContent: boolean;
}

function cleanField(key: string, value: unknown, options: PartnerOptions): unknown {
  if (!options.passContent && PASS_ONLY_FIELDS.has(key)) return null;
  if (Array.isArray(value)) return value.map((item) => forPartners(item, options));
  if (value !== null && typeof value === 'object') return forPartners(value, options);
  if (typeof value !== 'string') return value;
  if (HTML_FIELDS.has(key)) return String(renderMarkup(value));
  if (EXTERNAL_LINK_FIELDS.has(key)) return value.trim() === '' ? value : safeHttpUrl(value);
  if (LINK_FIELDS.has(key)) return value.trim() === '' ? value : safeLinkUrl(value.trim()) || null;
  if (IMAGE_FIELDS.has(key)) return value.trim() === '' || isSafeImageUrl(value) ? value : null;
  return value;
}

/** A copy of the row (or list of rows) fit to hand to a partner site. */
export function forPartners<T>(row: T, options: PartnerOptions = { passContent: true }): T {
  if (Array.isArray(row)) return row.map((item) => forPartners(item, options)) as T;
  if (row === null || typeof row !== 'object' || row instanceof Date) return row;
  return Object.fromEntries(Object.entries(row).map(([key, value]) => [key, cleanField(key, value, options)])) as T;
}
