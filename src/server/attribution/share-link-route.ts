/**
 * GET /r/{code} (decision 0038): the share link's edition's landing page, with the referrer
 * remembered in a first-party cookie for 30 days (first touch wins). The landing page itself stays
 * the one cached page for everyone: only this redirect sets the cookie, and only the registration
 * reads it (decision 0038). The campaign fields of the link travel on in the redirect's query, so
 * the landing page's registration link is followed with them in its Referer.
 */
import type { AstroCookies } from 'astro';
import { shareCodeSchema } from '../../domain/attribution/share-code.ts';
import { readUtm, utmQuery } from '../../domain/attribution/utm.ts';
import { editionSlugSchema } from '../../domain/edition.ts';
import { getDatabase } from '../db/index.ts';
import { readHomeEditionSlug } from '../editions/home-edition.ts';
import { NO_STORE } from '../http/responses.ts';
import { clientAddress, isHttps } from '../http/request-origin.ts';
import { requestNow } from '../clock.ts';
import { referrerFromRequest, rememberReferrer } from './referrer-cookie.ts';
import { ensureAllShareLinks, findShareLink } from './share-links.ts';
import { countClick } from './share-link-clicks.ts';

interface ShareLinkRequest {
  code: string | undefined;
  url: URL;
  request: Request;
  cookies: AstroCookies;
  /** The socket's address (Astro's clientAddress): the visitor is counted by it, behind a trusted proxy by the forwarded one. */
  socketAddress: string | undefined;
  /** LISTENERS_PER_ADDRESS_LIMIT: one address counts at most this many visitors a day. */
  limit: number;
}

/** The redirect, or null when no link has the code (the page answers 404). */
export async function followShareLink({ code, url, request, cookies, socketAddress, limit }: ShareLinkRequest): Promise<Response | null> {
  const parsedCode = shareCodeSchema.safeParse(code ?? '');
  if (!parsedCode.success) return null;
  const asked = editionSlugSchema.safeParse(url.searchParams.get('edition'));
  const query = { code: parsedCode.data, editionSlug: asked.success ? asked.data : null };
  const { db } = await getDatabase();
  let found = await findShareLink(db, query);
  if (!found) {
    // A speaker added since the links were last made: make them now, then look again.
    await ensureAllShareLinks(db);
    found = await findShareLink(db, query);
  }
  if (!found) return null;
  // A browser this link brought already is not counted again; any other request counts once per visitor and day (decision 0069).
  if (referrerFromRequest(request, found.link.editionId) !== found.link.id) {
    const address = clientAddress(request, socketAddress);
    await countClick(db, { linkId: found.link.id, address, userAgent: request.headers.get('user-agent'), now: requestNow(request), limit });
  }
  rememberReferrer(cookies, { editionId: found.link.editionId, linkId: found.link.id, secure: isHttps(request, url) });
  const home = await readHomeEditionSlug(db);
  const campaign = utmQuery(readUtm(url.searchParams));
  // Only the home page's edition has a landing page; another edition's is its registration page.
  const landing = found.editionSlug === home ? `/${campaign}` : `/register?summit=${found.editionSlug}${campaign.replace('?', '&')}`;
  return new Response(null, { status: 302, headers: { location: landing, 'cache-control': NO_STORE } });
}
