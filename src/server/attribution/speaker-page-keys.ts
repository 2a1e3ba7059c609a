/**
 * The private link of a speaker's own page (decision 0038): `/s/{link id}-{MAC}`, the MAC of
 * "share-page:{id}:{version}" under the server secret (src/server/access/keys.ts), so nothing
 * secret is stored. Re-issuing bumps the version (the old link stops working); revoking closes
 * it until it is re-issued. The purpose string keeps these apart from registrants' keys.
 */
import type { Database } from '../db/client.ts';
import { accessSecret, parseKey, purposeMac, purposeMacMatches } from '../access/keys.ts';
import { shareLinkById, type ShareLink } from './share-links.ts';

const purpose = (link: Pick<ShareLink, 'id' | 'pageKeyVersion'>) => `share-page:${link.id}:${link.pageKeyVersion}`;

export function speakerPageKey(secret: string, link: Pick<ShareLink, 'id' | 'pageKeyVersion'>): string {
  return `${link.id}-${purposeMac(secret, purpose(link))}`;
}

export function speakerPagePath(secret: string, link: Pick<ShareLink, 'id' | 'pageKeyVersion'>): string {
  return `/s/${speakerPageKey(secret, link)}`;
}

/** The share link whose page the key opens, or null (malformed, wrong, re-issued since, or revoked). */
export async function openSpeakerPage(db: Database, key: string): Promise<ShareLink | null> {
  const parsed = parseKey(key);
  if (!parsed) return null;
  const link = await shareLinkById(db, parsed.registrantId);
  if (!link || link.pageRevokedAt) return null;
  const secret = await accessSecret(db);
  return purposeMacMatches(secret, purpose(link), parsed.mac) ? link : null;
}
