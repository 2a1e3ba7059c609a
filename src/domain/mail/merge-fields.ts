/**
 * Merge fields in a message's subject and body: {{first_name}}, {{day_link}}, ... The body is
 * markdown rendered once per message (costly), not once per registrant, so each field first
 * becomes a sentinel that passes through markdown and HTML untouched; the sentinels are then
 * replaced per registrant, HTML-escaped in the HTML part. A value is therefore always data:
 * a first name of "*Bob*" or "<b>" shows as typed, never as markup. Inside a URL (a link target,
 * an image source, a URL in the plain-text part) a value is percent-encoded, so it stays one
 * parameter or path segment: a first name of `x&redirect=https://evil` adds no parameter. A text
 * value is one line: it cannot write lines of its own into the plain-text part.
 */
import { isSafeLinkUrl } from '../url-policy.ts';
import { oneLineName } from '../one-line-name.ts';
import type { PassNames } from '../passes.ts';
import { formatMoney, toMinorUnits } from '../money.ts';

export const mergeFields = {
  first_name: { kind: 'text', help: 'The registrant’s first name' },
  summit_name: { kind: 'text', help: 'The summit’s name (the brand’s)' },
  day: { kind: 'text', help: 'The day the message is about (1, 2 or 3)' },
  day_link: { kind: 'url', help: 'Their personal link to the message’s day (day 1 when it has none)' },
  dashboard_link: { kind: 'url', help: 'Their personal link to the members dashboard' },
  feed_link: { kind: 'url', help: 'Their private podcast feed' },
  time_left: { kind: 'text', help: 'How long the day stays open, e.g. “12 hours”' },
  deadline: { kind: 'text', help: 'When the day closes, in the registrant’s time zone' },
  pass_name: { kind: 'text', help: 'The pass they hold, by the edition’s name for it (empty for free registrants)' },
  replay_pass_name: { kind: 'text', help: 'The edition’s name for its first pass (Passes and prices)' },
  all_access_pass_name: { kind: 'text', help: 'The edition’s name for its second, top pass (Passes and prices)' },
  offered_pass_name: {
    kind: 'text',
    help: 'The pass offered to them: the top pass, by the edition’s name. A paragraph using it is left out for someone who holds it; in the subject, the message is not sent to them',
  },
  offered_pass_link: {
    kind: 'url',
    help: 'The offered pass’s checkout link, carrying who is buying; left out like the pass’s name for someone who holds it',
  },
  offered_pass_price: {
    kind: 'text',
    help: 'The offered pass’s price when the message goes, in the edition’s currency, with its early price and when it ends while one applies. Left out like the pass’s name for someone who holds it',
  },
  offered_pass_price_deadline: {
    kind: 'text',
    help: 'When the offered pass’s early price ends, e.g. “Fri Dec 4, 23:59 (Europe/Berlin)”; empty when no early price applies, so write it in a sentence that reads well without it',
  },
  unsubscribe_link: { kind: 'url', help: 'Their one-click unsubscribe page' },
  summit_dates: { kind: 'text', help: 'The edition’s summit dates, e.g. “July 15-17 2025”' },
  preferences_link: {
    kind: 'url',
    help: 'Their e-mail choices: opt in to the reminders, magazine and offers (or out); the same page as the unsubscribe link',
  },
  receipt_pass: { kind: 'text', help: 'Receipts and refund notices: the pass paid for, by the edition’s name' },
  receipt_amount: { kind: 'text', help: 'Receipts and refund notices: the amount paid with its currency' },
  receipt_tax: { kind: 'text', help: 'Receipts and refund notices: the tax in the amount (“none” when the payment reported none)' },
  receipt_link: {
    kind: 'url',
    help: 'Receipts and refund notices: the payment provider’s invoice or receipt page (their dashboard when the provider gave none)',
  },
  receipt_note: { kind: 'text', help: 'Receipts and refund notices: the words for the receipt link, saying which it is' },
  refund_amount: { kind: 'text', help: 'Refund notices: the amount this refund gave back, with its currency' },
  refund_outcome: { kind: 'text', help: 'Refund notices: whether the pass stays active or has ended with the refund' },
  your_data_link: { kind: 'url', help: 'Their “Your data” page: what the site holds about them, its download and “Erase me”' },
} as const;

export type MergeField = keyof typeof mergeFields;

/** What each field gives, as the editor lists it: the pass fields say the edition's own names, the amounts its currency. */
export function mergeFieldHelp({ passNames, currency }: { passNames: PassNames; currency: string }): Record<MergeField, string> {
  const help = Object.fromEntries(Object.entries(mergeFields).map(([name, field]) => [name, field.help])) as Record<MergeField, string>;
  const money = (major: number) => formatMoney(toMinorUnits(major, currency), currency);
  return {
    ...help,
    replay_pass_name: `The edition’s name for its first pass, now “${passNames.replay}” (Passes and prices)`,
    all_access_pass_name: `The edition’s name for its second, top pass, now “${passNames.aap}” (Passes and prices)`,
    offered_pass_name: help.offered_pass_name.replace('the top pass, by the edition’s name', `the top pass, “${passNames.aap}”`),
    offered_pass_price: `${help.offered_pass_price}; e.g. “${money(197)}”, or while an early price applies “${money(97)} until Fri Dec 4, 23:59 (Europe/Berlin), then ${money(197)}”`,
    receipt_amount: `${help.receipt_amount}, e.g. “${money(197)} ${currency.toUpperCase()}”`,
  };
}

export type MergeValues = Record<MergeField, string>;

const fieldNames = Object.keys(mergeFields) as MergeField[];
const FIELD_PATTERN = /\{\{\s*([a-z_]+)\s*\}\}/g;
/** Letters only, so markdown reads them as a plain word (no emphasis, no escaping); two, so 676 fields fit. */
const sentinel = (index: number) => `xmergefield${String.fromCharCode(97 + Math.floor(index / 26), 97 + (index % 26))}x`;
const indexOfLetters = (letters: string) => (letters.charCodeAt(0) - 97) * 26 + (letters.charCodeAt(1) - 97);
/** URL fields inside a link target must still look like a URL, or the link policy blanks them. */
const SENTINEL_ORIGIN = 'https://merge.invalid/';

/** The names used in a text that are not merge fields, for the admin's validation message. */
export function unknownMergeFields(source: string): string[] {
  const unknown = new Set<string>();
  for (const match of source.matchAll(FIELD_PATTERN)) {
    if (!(fieldNames as string[]).includes(match[1] as string)) unknown.add(match[1] as string);
  }
  return [...unknown];
}

/** Replaces every known {{field}} with its sentinel (URL fields as a sentinel URL). */
export function toSentinels(source: string): string {
  return source.replace(FIELD_PATTERN, (whole, name: string) => {
    const index = fieldNames.indexOf(name as MergeField);
    if (index < 0) return whole;
    return mergeFields[name as MergeField].kind === 'url' ? `${SENTINEL_ORIGIN}${sentinel(index)}` : sentinel(index);
  });
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

const SENTINEL_PATTERN = /(?:https:\/\/merge\.invalid\/)?xmergefield([a-z]{2})x/g;

const unescapeHtml = (value: string) =>
  value.replace(
    /&(amp|lt|gt|quot|#39|#x27);/g,
    (_all, entity: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'" })[entity] as string,
  );

/** Link targets in the rendered HTML (double-quoted, as React renders attributes). */
const LINK_ATTRIBUTE = /\b(href|src)="([^"]*)"/g;
/** A URL in the plain-text part (the text render writes a link as its words, then its target). */
const TEXT_URL = /^[a-z][a-z0-9+.-]*:\/\//i;
const TEXT_URL_SOURCE = String.raw`\b[a-z][a-z0-9+.-]*:\/\/\S+`;
const HTML_PARTS = new RegExp(`${LINK_ATTRIBUTE.source}|${SENTINEL_PATTERN.source}`, 'g');
const TEXT_PARTS = new RegExp(`${TEXT_URL_SOURCE}|${SENTINEL_PATTERN.source}`, 'gi');

/**
 * Puts the registrant's values where the sentinels are: escaped for HTML, or as they are for text.
 * Inside a URL, values are percent-encoded (inUrl). In HTML, a link target holding a merge value
 * must pass the link policy once filled (`[Click]({{first_name}})` with a first
 * name of `javascript:alert(1)`), or it is blanked.
 */
export function fillSentinels(rendered: string, values: MergeValues, target: 'html' | 'text'): string {
  // One pass over the text, URLs and lone sentinels alike, so a value is never read again for sentinels.
  return rendered.replace(target === 'html' ? HTML_PARTS : TEXT_PARTS, (whole, ...groups: unknown[]) => {
    if (!whole.includes('xmergefield')) return whole;
    if (target === 'text') return fillValues(whole, values, { target: 'text', inUrl: TEXT_URL.test(whole) });
    const [attribute, url] = groups as [string | undefined, string | undefined];
    if (attribute === undefined || url === undefined) return fillValues(whole, values, { target: 'html', inUrl: false });
    const filled = fillValues(url, values, { target: 'html', inUrl: true });
    return isSafeLinkUrl(unescapeHtml(filled)) ? `${attribute}="${filled}"` : `${attribute}=""`;
  });
}

/**
 * A value as it goes in. Text values are one line. Inside a URL, a URL field that starts the
 * target is the link itself (`[Day 1]({{day_link}})`) and goes in whole; every other value is
 * one component of the URL and is percent-encoded.
 */
function valueFor(name: MergeField, values: MergeValues, place: { inUrl: boolean; startsTarget: boolean }): string {
  const isUrl = mergeFields[name].kind === 'url';
  const value = isUrl ? values[name] : oneLineName(values[name]);
  if (!place.inUrl || (isUrl && place.startsTarget)) return value;
  return encodeURIComponent(value);
}

function fillValues(rendered: string, values: MergeValues, { target, inUrl }: { target: 'html' | 'text'; inUrl: boolean }): string {
  return rendered.replace(SENTINEL_PATTERN, (whole, letters: string, offset: number) => {
    const name = fieldNames[indexOfLetters(letters)];
    if (!name) return whole;
    const value = valueFor(name, values, { inUrl, startsTarget: offset === 0 && whole.startsWith(SENTINEL_ORIGIN) });
    return target === 'html' ? escapeHtml(value) : value;
  });
}

/** A subject line with its fields filled (a header: line breaks become spaces). */
export function fillSubject(subject: string, values: MergeValues): string {
  return fillSentinels(toSentinels(subject), values, 'text')
    .replace(/[\r\n]+/g, ' ')
    .trim();
}
