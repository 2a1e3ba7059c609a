/**
 * What a rehearsal reads in the words a registrant is shown (decision 0077): the prices they quote,
 * the times they write and the zone each is in, and headings left empty. Pure, on the text as
 * rendered, so a host's own words are read exactly as the ones the product writes.
 */
import { fractionDigits, formatMoney } from '../money.ts';

/** A price written in a text: its words and its amount in minor units of the edition's currency. */
export interface QuotedAmount {
  text: string;
  amount: number;
}

const escape = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** How the currency is marked in the edition's language ("€", "US$", "EUR"), each a way to spot a price. */
function currencyMarks(currency: string, lang: string): string[] {
  const mark = (locale: string) => formatMoney(0, currency, locale).replace(/[\d\s.,\u00a0\u202f]/g, '');
  const narrow = new Intl.NumberFormat('en', { style: 'currency', currency: currency.toUpperCase(), currencyDisplay: 'narrowSymbol' })
    .format(0)
    .replace(/[\d\s.,\u00a0\u202f]/g, '');
  return [...new Set([mark(lang), mark('en'), narrow, currency.toUpperCase()].filter(Boolean))];
}

/** "1,234.50" or "1.234,50" in minor units: the last separator followed by the currency's digits is its point. */
function minorOf(figure: string, digits: number): number | null {
  const match = new RegExp(`^(.*?)(?:[.,](\\d{${digits}}))?$`).exec(figure);
  if (!match || digits === 0) return Number(figure.replace(/[^\d]/g, '')) * 10 ** digits;
  const whole = (match[1] ?? '').replace(/[^\d]/g, '');
  if (!whole && !match[2]) return null;
  return Number(whole || '0') * 10 ** digits + Number(match[2] ?? '0');
}

/** Every price the text writes in the edition's currency, before or after its mark. */
export function quotedAmounts(text: string, currency: string, lang: string): QuotedAmount[] {
  const digits = fractionDigits(currency);
  const marks = currencyMarks(currency, lang).map(escape).join('|');
  const figure = String.raw`\d{1,3}(?:[.,\u00a0\u202f ]\d{3})*(?:[.,]\d+)?|\d+(?:[.,]\d+)?`;
  const pattern = new RegExp(String.raw`(?:${marks})\s?(${figure})|(${figure})\s?(?:${marks})`, 'g');
  const found: QuotedAmount[] = [];
  for (const match of text.matchAll(pattern)) {
    const amount = minorOf((match[1] ?? match[2] ?? '').replace(/[\u00a0\u202f ]/g, ','), digits);
    if (amount !== null) found.push({ text: match[0].trim(), amount });
  }
  return found;
}

const LOCALES = ['en-AU', 'en-GB', 'en-US', 'en'];
const DAY_MS = 24 * 3600_000;
const namesByZoneAndDay = new Map<string, Set<string>>();

/** The names a zone goes by around an instant ("CET", "GMT+1", "Europe/Berlin"), as the site's formats write them. */
export function zoneNames(timeZone: string, at: number): Set<string> {
  // Formatters cost a millisecond each: a zone's names are kept per day asked.
  const key = `${timeZone} ${Math.floor(at / DAY_MS)}`;
  const known = namesByZoneAndDay.get(key);
  if (known) return known;
  const names = new Set([timeZone]);
  for (const locale of LOCALES) {
    for (const style of ['short', 'shortOffset'] as const) {
      // Both sides of a daylight-saving change within a season of the moment.
      for (const shift of [-120, -60, 0, 60, 120]) {
        const instant = new Date(at + shift * 24 * 3600_000);
        const part = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: style }).formatToParts(instant);
        const name = part.find((piece) => piece.type === 'timeZoneName')?.value;
        if (name) names.add(name);
      }
    }
  }
  if (names.has('GMT')) names.add('UTC');
  if (namesByZoneAndDay.size > 5000) namesByZoneAndDay.clear();
  namesByZoneAndDay.set(key, names);
  return names;
}

/** A time written in the text, and what zone follows it. */
export interface WrittenTime {
  text: string;
  /** The zone written right after it, or null when none is. */
  zone: string | null;
}

const TIME = String.raw`\b\d{1,2}:\d{2}(?:\s?[aApP]\.?[mM]\.?)?`;
const ZONE = String.raw`\(?(?:[A-Z][A-Za-z_]+\/[A-Za-z_\/+-]+|GMT[+\-−]?\d{0,2}(?::\d{2})?|UTC[+\-−]?\d{0,2}|[A-Z]{2,5})\)?`;
const TIME_AND_ZONE = new RegExp(`(${TIME})(?:\\s?(${ZONE}))?`, 'g');

/** Every time of day the text writes, with the zone it names (durations such as "45:30" of a player are not times: none is written in words). */
export function writtenTimes(text: string): WrittenTime[] {
  return [...text.matchAll(TIME_AND_ZONE)].map((match) => ({
    text: match[0].trim(),
    zone: match[2] ? match[2].replace(/^\(|\)$/g, '') : null,
  }));
}

/** What is wrong with the times a reader in `timeZone` is shown: each time without a zone, or in another. */
export function timeProblems(text: string, timeZone: string, at: number): string[] {
  const names = zoneNames(timeZone, at);
  return writtenTimes(text).flatMap((time) => {
    if (time.zone === null) return [`“${time.text}” is written without its time zone`];
    return names.has(time.zone) ? [] : [`“${time.text}” is written in ${time.zone}, not in the reader’s ${timeZone}`];
  });
}

/** Headings with no words in them (an empty field, an empty setting). */
export function emptyHeadings(html: string): string[] {
  return [...html.matchAll(/<h([1-6])\b[^>]*>((?:\s|&nbsp;|<[^>]+>)*)<\/h\1>/gi)].map((match) => `an empty level-${match[1]} heading`);
}
