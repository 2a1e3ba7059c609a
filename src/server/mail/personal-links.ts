/**
 * The one place e-mails get a registrant's personal links from: the day links, the dashboard
 * link and the private feed link are built from the registrant's access key (decision 0015; src/server/access/keys.ts and links.ts), so revoking or re-issuing the key changes them too;
 * the unsubscribe link carries its own MAC under the same server secret. Nothing else in
 * src/server/mail knows how a key or a link is made.
 */
import { accessSecret, buildKey, purposeMac, purposeMacMatches } from '../access/keys.ts';
import { personalLink, personalLinks, yourDataLink } from '../access/links.ts';
import type { Database } from '../db/client.ts';

export interface LinkRecipient {
  registrantId: number;
  /** The registrant's current key version (registrants.key_version). */
  keyVersion: number;
}

export interface PersonalMailLinks {
  day: (day: 1 | 2 | 3) => string;
  dashboard: string;
  feed: string;
  unsubscribe: string;
  /** Signs in and opens "Your data" (every e-mail's footer). */
  yourData: string;
}

const unsubscribePurpose = (registrantId: number) => `unsubscribe:${registrantId}`;
const UNSUBSCRIBE_TOKEN = /^(\d{1,10})-([A-Za-z0-9_-]{32})$/;

/** Builds links for many recipients with one secret lookup. */
export async function linkBuilder(db: Database, siteUrl: string): Promise<(recipient: LinkRecipient) => PersonalMailLinks> {
  return linksUnder(await accessSecret(db), siteUrl);
}

/** The links under a given secret: the site's own, or a rehearsal's throwaway one (decision 0077), whose links open nothing. */
export function linksUnder(secret: string, siteUrl: string): (recipient: LinkRecipient) => PersonalMailLinks {
  return ({ registrantId, keyVersion }) => {
    const key = buildKey(secret, registrantId, keyVersion);
    const { dashboard, feed } = personalLinks(siteUrl, key);
    return {
      day: (day) => personalLink(siteUrl, key, `day-${day}`),
      dashboard,
      feed,
      yourData: yourDataLink(siteUrl, key),
      unsubscribe: `${siteUrl}/unsubscribe/${registrantId}-${purposeMac(secret, unsubscribePurpose(registrantId))}`,
    };
  };
}

/** The registrant an unsubscribe token is for, or null when it is not a valid token. */
export async function registrantForUnsubscribeToken(db: Database, token: string): Promise<number | null> {
  const match = UNSUBSCRIBE_TOKEN.exec(token);
  if (!match) return null;
  const registrantId = Number(match[1]);
  if (!Number.isSafeInteger(registrantId) || registrantId < 1 || registrantId > 2_147_483_647) return null;
  return purposeMacMatches(await accessSecret(db), unsubscribePurpose(registrantId), match[2] as string) ? registrantId : null;
}
