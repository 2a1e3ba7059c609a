/**
 * Personal pages (day pages, dashboards) are rendered once per shared context as a shell with a
 * slot, and each request fills the slot with what is the visitor's own (the access banner with
 * its countdown values and deadline). Pure: the marker and the fill.
 */
import { formatZonedDateTime } from './dates.ts';
import type { PassKind } from './passes.ts';

/** The slot as React renders it (src/components/PersonalSlot.tsx). */
export const PERSONAL_SLOT_MARKUP = '<div data-personal-slot="banner"></div>';

/** A rendered page split at its slot. */
export interface Shell {
  before: string;
  after: string;
}

/** The rendered page split at its one slot, or null when the slot is missing or repeated. */
export function splitAtSlot(html: string): Shell | null {
  const at = html.indexOf(PERSONAL_SLOT_MARKUP);
  if (at === -1 || html.indexOf(PERSONAL_SLOT_MARKUP, at + 1) !== -1) return null;
  return { before: html.slice(0, at), after: html.slice(at + PERSONAL_SLOT_MARKUP.length) };
}

/**
 * A cached page ready to fill: the page's text cut at each per-request field (the countdown's
 * numbers), so a request only writes the fields between parts it already has. parts has one
 * more entry than fields: parts[0] field[0] parts[1] ... field[n-1] parts[n].
 */
export interface PageTemplate<Field extends string = string> {
  parts: string[];
  fields: Field[];
}

/** The text a field is rendered as in a template, replaced by its value per request. */
export function fieldMarker(name: string): string {
  return `__summit_field_${name}__`;
}

/**
 * The shell with its banner (rendered with field markers) in the slot, cut at the markers; null
 * when a marker is missing or repeated. Only the banner is searched, so page content that
 * happens to contain a marker cannot move a field.
 */
export function pageTemplate<Field extends string>(
  shell: Shell,
  bannerWithMarkers: string,
  names: readonly Field[],
): PageTemplate<Field> | null {
  const found = names
    .map((name) => ({ name, at: bannerWithMarkers.indexOf(fieldMarker(name)) }))
    .filter(({ at }) => at !== -1)
    .sort((a, b) => a.at - b.at);
  for (const { name, at } of found) if (bannerWithMarkers.indexOf(fieldMarker(name), at + 1) !== -1) return null;
  const parts: string[] = [];
  let from = 0;
  for (const { name, at } of found) {
    parts.push(bannerWithMarkers.slice(from, at));
    from = at + fieldMarker(name).length;
  }
  parts.push(bannerWithMarkers.slice(from));
  parts[0] = shell.before + parts[0];
  parts[parts.length - 1] += shell.after;
  return { parts, fields: found.map(({ name }) => name) };
}

/**
 * What of a signed-in registrant's page is theirs alone, besides the banner: their feed key (in
 * the feed URL and each app's subscribe link), the feed's QR code, and the reference and e-mail
 * their checkout links carry. The shell is rendered once per page shape with a marker for each,
 * and each request writes the registrant's values where the markers were.
 */
export const REGISTRANT_FIELD_NAMES = ['feedKey', 'qrSvg', 'buyerReference', 'buyerEmail'] as const;
export type RegistrantField = (typeof REGISTRANT_FIELD_NAMES)[number];
export type RegistrantFields = Record<RegistrantField, string>;

/**
 * When a day that is not open to the visitor yet opens for them (decision 0033): a registrant's
 * own instant where the day drips to them, so a field of the page like their feed key. Each day has
 * the instant as an ISO string (a <time> element's datetime) and as text.
 */
export const OPENING_FIELD_NAMES = [
  'day1OpensIso',
  'day1OpensText',
  'day2OpensIso',
  'day2OpensText',
  'day3OpensIso',
  'day3OpensText',
] as const;
export type OpeningField = (typeof OPENING_FIELD_NAMES)[number];
export type OpeningFields = Partial<Record<OpeningField, string>>;

/** The two fields of a day's opening instant. */
export function openingFieldsOf(day: number): { iso: OpeningField; text: OpeningField } {
  return { iso: `day${day}OpensIso` as OpeningField, text: `day${day}OpensText` as OpeningField };
}

/**
 * "26 Nov 2026, 00:00 CET": the text a page shows, in the edition's zone with the zone named,
 * until the visitor's browser writes it in their own.
 */
export function openingText(at: number, timeZone: string): string {
  return formatZonedDateTime(at, timeZone);
}

/** The fields' values for the days that open later (day -> instant); `text` writes an instant (openingText, or a remembered one). */
export function openingFieldValues(openings: ReadonlyMap<number, number>, text: (at: number) => string): OpeningFields {
  const values: OpeningFields = {};
  for (const [day, at] of openings) {
    const names = openingFieldsOf(day);
    values[names.iso] = new Date(at).toISOString();
    values[names.text] = text(at);
  }
  return values;
}

/**
 * An early price's deadline on a signed-in registrant's shared dashboard (its tier cards): written
 * in the reader's own zone, so a field like a day's opening. One per pass; a shell has the fields
 * of the passes whose early price is in force (the prices in force are part of its key).
 */
export const PRICE_DEADLINE_FIELD_NAMES = ['replayPriceDeadline', 'aapPriceDeadline'] as const;
export type PriceDeadlineField = (typeof PRICE_DEADLINE_FIELD_NAMES)[number];
export type PriceDeadlineFields = Partial<Record<PriceDeadlineField, string>>;

/** The field of a pass's early-price deadline. */
export function priceDeadlineFieldOf(pass: PassKind): PriceDeadlineField {
  return `${pass}PriceDeadline`;
}

/**
 * The marker of a registrant field in a shell: letters and digits only, so URL encoding, form
 * encoding and HTML escaping leave it as it is wherever the page puts it; the nonce (random, per
 * process) keeps any content from containing one.
 */
export function shellFieldMarker(nonce: string, name: RegistrantField | OpeningField | PriceDeadlineField): string {
  return `summitfield${nonce}${name}end`;
}

/**
 * The template cut again at every occurrence of the markers (a field may appear several times:
 * the feed key is in the feed URL and in each app's link), in page order.
 */
export function cutAtMarkers(template: PageTemplate, markers: ReadonlyArray<{ name: string; marker: string }>): PageTemplate {
  const parts: string[] = [];
  const fields: string[] = [];
  template.parts.forEach((part, index) => {
    if (index > 0) fields.push(template.fields[index - 1]!);
    let rest = part;
    for (;;) {
      const next = markers
        .map(({ name, marker }) => ({ name, marker, at: rest.indexOf(marker) }))
        .filter(({ at }) => at !== -1)
        .sort((a, b) => a.at - b.at)[0];
      if (!next) break;
      parts.push(rest.slice(0, next.at));
      fields.push(next.name);
      rest = rest.slice(next.at + next.marker.length);
    }
    parts.push(rest);
  });
  return { parts, fields };
}
