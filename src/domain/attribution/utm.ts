/**
 * The campaign fields of a landing or registration URL (`utm_source`, `utm_medium`,
 * `utm_campaign`), recorded with the registration (decision 0038). Anyone can put anything in a
 * URL, so each value is cut to a short length, stripped of control characters, and dropped when
 * nothing printable is left; a bad value never stops a registration.
 */

export const UTM_FIELDS = ['utm_source', 'utm_medium', 'utm_campaign'] as const;
export type UtmField = (typeof UTM_FIELDS)[number];
export type Utm = Record<UtmField, string | null>;

export const UTM_MAX_LENGTH = 100;

export const NO_UTM: Utm = { utm_source: null, utm_medium: null, utm_campaign: null };

/** One value as recorded: printable, trimmed, at most UTM_MAX_LENGTH characters; null when empty. */
export function cleanUtmValue(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  const printable = [...value.replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2066-\u2069\ufeff]/g, '').trim()];
  const cut = printable.slice(0, UTM_MAX_LENGTH).join('').trim();
  return cut === '' ? null : cut;
}

/** The campaign fields a query string (or a form) holds. */
export function readUtm(params: { get(name: string): unknown }): Utm {
  return {
    utm_source: cleanUtmValue(params.get('utm_source')),
    utm_medium: cleanUtmValue(params.get('utm_medium')),
    utm_campaign: cleanUtmValue(params.get('utm_campaign')),
  };
}

export function hasUtm(utm: Utm): boolean {
  return UTM_FIELDS.some((field) => utm[field] !== null);
}

/**
 * The campaign of the page that sent the visitor to the registration form: the landing page is
 * served from a cache, so it cannot carry the fields itself, but the browser names it in Referer
 * (same origin: the site's referrer policy keeps the query). Only a page of this site counts.
 */
export function utmFromReferer(referer: string | null, siteOrigin: string): Utm {
  if (!referer || referer.length > 4096) return NO_UTM;
  let url: URL;
  try {
    url = new URL(referer);
  } catch {
    return NO_UTM;
  }
  return url.origin === siteOrigin ? readUtm(url.searchParams) : NO_UTM;
}

/** The query string (with its "?") that carries the campaign on to the next page; "" when none. */
export function utmQuery(utm: Utm): string {
  const params = new URLSearchParams();
  for (const field of UTM_FIELDS) {
    const value = utm[field];
    if (value !== null) params.set(field, value);
  }
  const query = params.toString();
  return query ? `?${query}` : '';
}
