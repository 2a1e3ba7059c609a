/**
 * Merge fields in a message's subject and body: {{first_name}}, {{day_link}}, ... The body is
 * markdown rendered once per message (costly), not once per registrant, so each field first
 * becomes a sentinel that passes through markdown and HTML untouched; the sentinels are then
 * replaced per registrant, HTML-escaped in the HTML part. A value is therefore always data:
 * a first name of "*Bob*" or "<b>" shows as typed, never as markup.
 */
import { isSafeLinkUrl } from '../url-policy.ts';

export const mergeFields = {
  first_name: { kind: 'text', help: 'The registrant’s first name' },
  summit_name: { kind: 'text', help: 'The summit’s name (the brand’s)' },
  day: { kind: 'text', help: 'The day the message is about (1, 2 or 3)' },
  day_link: { kind: 'url', help: 'Their personal link to the message’s day (day 1 when it has none)' },
  dashboard_link: { kind: 'url', help: 'Their personal link to the members dashboard' },
  feed_link: { kind: 'url', help: 'Their private podcast feed' },
  time_left: { kind: 'text', help: 'How long the day stays open, e.g. “12 hours”' },
  deadline: { kind: 'text', help: 'When the day closes, in the registrant’s time zone' },
  pass_name: { kind: 'text', help: 'The pass they hold, e.g. “All Access Pass” (empty for free registrants)' },
  unsubscribe_link: { kind: 'url', help: 'Their one-click unsubscribe page' },
  summit_dates: { kind: 'text', help: 'The edition’s summit dates, e.g. “July 15-17 2025”' },
  preferences_link: {
    kind: 'url',
    help: 'Their e-mail choices: opt in to the reminders, magazine and offers (or out); the same page as the unsubscribe link',
  },
} as const;

export type MergeField = keyof typeof mergeFields;
export type MergeValues = Record<MergeField, string>;

const fieldNames = Object.keys(mergeFields) as MergeField[];
const FIELD_PATTERN = /\{\{\s*([a-z_]+)\s*\}\}/g;
/** Letters only, so markdown reads them as a plain word (no emphasis, no escaping). */
const sentinel = (index: number) => `xmergefield${String.fromCharCode(97 + index)}x`;
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

const SENTINEL_PATTERN = /(?:https:\/\/merge\.invalid\/)?xmergefield([a-z])x/g;

const unescapeHtml = (value: string) =>
  value.replace(
    /&(amp|lt|gt|quot|#39|#x27);/g,
    (_all, entity: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'" })[entity] as string,
  );

/** Link targets in the rendered HTML (double-quoted, as React renders attributes). */
const LINK_ATTRIBUTE = /\b(href|src)="([^"]*)"/g;

/**
 * Puts the registrant's values where the sentinels are: escaped for HTML, or as they are for text.
 * In HTML, a link target holding a merge value must pass the link policy once filled (issue 27,
 * item 9: `[Click]({{first_name}})` with a first name of `javascript:alert(1)`), or it is blanked.
 */
export function fillSentinels(rendered: string, values: MergeValues, target: 'html' | 'text'): string {
  if (target === 'html') {
    rendered = rendered.replace(LINK_ATTRIBUTE, (whole, name: string, value: string) => {
      if (!value.includes('xmergefield')) return whole;
      const filled = fillValues(value, values, 'html');
      return isSafeLinkUrl(unescapeHtml(filled)) ? `${name}="${filled}"` : `${name}=""`;
    });
  }
  return fillValues(rendered, values, target);
}

function fillValues(rendered: string, values: MergeValues, target: 'html' | 'text'): string {
  return rendered.replace(SENTINEL_PATTERN, (whole, letter: string) => {
    const name = fieldNames[letter.charCodeAt(0) - 97];
    if (!name) return whole;
    const value = values[name];
    return target === 'html' ? escapeHtml(value) : value;
  });
}

/** A subject line with its fields filled (a header: line breaks become spaces). */
export function fillSubject(subject: string, values: MergeValues): string {
  return fillSentinels(toSentinels(subject), values, 'text')
    .replace(/[\r\n]+/g, ' ')
    .trim();
}
