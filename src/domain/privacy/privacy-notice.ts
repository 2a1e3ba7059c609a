/**
 * The site's privacy page (docs/PRODUCT.md "Privacy page"), composed from what the site actually
 * records: the brand's legal information, the cookies the site sets (each listed where it is set,
 * src/server/privacy/site-cookies.ts), how listening is counted, the providers this site is
 * connected to, and each edition's retention. Pure: the server gathers the facts, this says them.
 */
import { RETENTION_WORDS } from './retention-words.ts';
import type { RetentionSettings } from '../edition-settings/schema.ts';

export interface SiteCookie {
  name: string;
  /** Who gets it: every visitor of a timed page, a signed-in registrant, an admin, … */
  who: string;
  purpose: string;
  /** How long it lasts, in words ("1 year", "10 minutes"). */
  lasts: string;
}

/** A service outside the site that receives data, as configured now. */
export interface ConnectedProvider {
  name: string;
  receives: string;
}

export interface PrivacyFacts {
  /** Who runs the site: the brand's company name, else the summit's name. */
  owner: string;
  contactEmail: string | null;
  /** The brand's own full privacy policy, when it links one. */
  policyUrl: string | null;
  cookies: readonly SiteCookie[];
  providers: readonly ConnectedProvider[];
  editions: readonly { name: string; retention: RetentionSettings }[];
}

export interface PrivacySection {
  id: string;
  heading: string;
  paragraphs: string[];
}

/** Lifetimes in words: "10 minutes", "7 days", "1 year". */
export function lifetimeWords(seconds: number): string {
  const units: [number, string][] = [
    [365 * 86_400, 'year'],
    [86_400, 'day'],
    [3600, 'hour'],
    [60, 'minute'],
  ];
  for (const [size, unit] of units)
    if (seconds >= size && seconds % size === 0) return `${seconds / size} ${unit}${seconds / size === 1 ? '' : 's'}`;
  return `${seconds} seconds`;
}

/** The edition's retention as a visitor reads it. */
export function retentionSentence(retention: RetentionSettings): string {
  if (retention.mode === 'off') return RETENTION_WORDS.off;
  const months = `${retention.monthsAfterEnd} month${retention.monthsAfterEnd === 1 ? '' : 's'}`;
  return `${RETENTION_WORDS[retention.mode]} ${months} after the summit ends. ${RETENTION_WORDS.accounting(retention.accountingMonths)}`;
}

export function privacySections(facts: PrivacyFacts): PrivacySection[] {
  const contact = facts.contactEmail ? ` Write to ${facts.contactEmail} about anything on this page.` : '';
  return [
    {
      id: 'who',
      heading: 'Who keeps your details',
      paragraphs: [
        `This site is run by ${facts.owner}. When you register, it keeps your first name, your e-mail address, when you registered, whether you agreed to the marketing e-mails (and the words you agreed to), your pass and what you bought.${contact}`,
      ],
    },
    {
      id: 'cookies',
      heading: 'Cookies',
      paragraphs: [
        'The site sets only its own cookies, each needed for something you asked it to do. None is for advertising, none follows you to other sites, and no other company sets cookies here, so there is nothing to consent to and no cookie banner.',
      ],
    },
    {
      id: 'listening',
      heading: 'Listening figures',
      paragraphs: [
        'When an episode is played, the site counts the download as podcast publishers count them. For a signed-in registrant, the count is kept with their registration. For anyone else, it keeps only a hash of the network address and browser made with a random value that changes every day; that value is deleted after two days, after which nobody, the site’s owner included, can tell which address a count came from. The address itself is never stored.',
      ],
    },
    {
      id: 'providers',
      heading: 'Services this site uses',
      paragraphs: facts.providers.length
        ? ['These services outside the site are connected to it now and receive what is said:']
        : ['No service outside the site is connected to it: everything stays on this site’s own server.'],
    },
    {
      id: 'retention',
      heading: 'How long registrations are kept',
      paragraphs: facts.editions.length ? [] : ['There is no summit on this site yet.'],
    },
  ];
}
