/**
 * /access/{key}[?to=day-1|day-2|day-3|dashboard|your-data]: a personal link. A key that opens a registrant
 * signs this browser in and lands on the page (by default the one their pass is for); any other
 * key gets a clear page with the "Find my access" form, never someone else's access.
 * The key never reaches the logs (src/domain/access/redact.ts).
 */
import type { AstroCookies } from 'astro';
import type { Database } from '../db/client.ts';
import { redirectTo, show, type PageOutcome } from '../http/page-outcome.ts';
import { isHttps } from '../http/request-origin.ts';
import { defaultTarget, editionPagePath, isLinkTarget, YOUR_DATA_PATH, YOUR_DATA_TARGET } from './links.ts';
import { registrantByKey, signedInRegistrant, signIn, type SignedInRegistrant } from './registrant-session.ts';

export type PersonalLinkPageState =
  /** Signed in with another registration: switching needs a confirmation posted from this site. */
  { kind: 'confirm-switch'; action: string; keepHref: string } | { kind: 'opens-nothing' };

const HEADERS = { 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' };

interface PersonalLinkRequest {
  request: Request;
  url: URL;
  cookies: AstroCookies;
  key: string;
}

/**
 * A link opened from another site (any request but a same-origin one) in a browser signed in with
 * another registration changes nothing until the person confirms here (`confirmed`: the form of
 * the confirmation, posted from this site): another site's page can send a browser to a link of
 * its own choosing.
 */
function mustConfirmSwitch(
  registrant: SignedInRegistrant,
  current: SignedInRegistrant | null,
  { crossSite, confirmed }: { crossSite: boolean; confirmed: boolean },
): current is SignedInRegistrant {
  if (!current || current.id === registrant.id) return false;
  return crossSite && !confirmed;
}

const confirmsSwitch = async (request: Request) =>
  request.method === 'POST' && (await request.formData().catch(() => null))?.get('confirm') === 'switch';

export async function openPersonalLink(
  db: Database,
  { request, url, cookies, key }: PersonalLinkRequest,
): Promise<PageOutcome<PersonalLinkPageState>> {
  const registrant = await registrantByKey(db, key);
  if (!registrant) return show({ kind: 'opens-nothing' }, 404, HEADERS);
  const current = await signedInRegistrant(db, cookies);
  const crossSite = request.headers.get('sec-fetch-site') !== 'same-origin';
  if (mustConfirmSwitch(registrant, current, { crossSite, confirmed: await confirmsSwitch(request) })) {
    const keepHref = editionPagePath(current.editionSlug, defaultTarget(current.tier));
    return show({ kind: 'confirm-switch', action: `${url.pathname}${url.search}`, keepHref }, 200, HEADERS);
  }
  signIn({ cookies, key: registrant.key, secure: isHttps(request, url), editionSlug: registrant.editionSlug });
  const to = url.searchParams.get('to');
  if (to === YOUR_DATA_TARGET) return redirectTo(YOUR_DATA_PATH);
  return redirectTo(editionPagePath(registrant.editionSlug, isLinkTarget(to) ? to : defaultTarget(registrant.tier)));
}
