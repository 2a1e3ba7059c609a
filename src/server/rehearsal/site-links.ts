/**
 * What the site answers a link of its own for a rehearsal's registrant at a moment (decision
 * 0081): the route the path reaches, and that route's own rule for this registrant then. Nothing
 * is requested: the rehearsal writes no registrant (decision 0077), so a real request with their
 * key would find no one. The rules asked are the routes' own: a personal key or unsubscribe
 * token is checked with the key code under the rehearsal's secret (a wrong or someone else's key
 * opens nothing), an erased registrant's row is gone, a day page or dashboard answers by the one
 * access rule (closed is a redirect, not an error), a checkout by openCheckout's conditions.
 */
import { isPassKind } from '../../domain/passes.ts';
import { stateAt, type CastMember } from '../../domain/rehearsal/cast.ts';
import { pageAnswer, type PageQuestion } from '../../domain/rehearsal/page-states.ts';
import { keyMatches, parseKey, purposeMacMatches } from '../access/keys.ts';
import { isLinkTarget, YOUR_DATA_TARGET } from '../access/links.ts';

/** The site's answer in a status and why: 2xx and 3xx open something, 4xx and 5xx do not. */
export interface SiteAnswer {
  status: number;
  why: string;
}

export interface LinkAsker {
  member: CastMember;
  /** The registrant id the rehearsal gave them (their key and token carry it). */
  id: number;
  at: number;
  question: PageQuestion;
  slug: string;
  secret: string;
  /** The edition's passes: on sale here when priced, or at the host's own checkout link. */
  passOnSale: (pass: 'replay' | 'aap') => boolean;
}

const ok = (why: string): SiteAnswer => ({ status: 200, why });
const redirect = (why: string): SiteAnswer => ({ status: 303, why });
const notFound = (why: string): SiteAnswer => ({ status: 404, why });

/** Pages anyone may open: the landing, registration, the thank-you page, "Find my access", the embeds. */
const OPEN_PATHS = [/^\/$/, /^\/register$/, /^\/thank-you$/, /^\/access$/, /^\/embed(\.js)?$/, /^\/setup-guide$/, /^\/healthz$/];

function personalKey(key: string, asker: LinkAsker): SiteAnswer | null {
  const parsed = parseKey(key);
  if (!parsed || parsed.registrantId !== asker.id) return notFound('the key is not theirs');
  if (!keyMatches({ secret: asker.secret, key, registrantId: asker.id, version: 1 })) return notFound('the key does not match');
  if (stateAt(asker.member, asker.at).erased) return notFound('the registrant was erased, so the key opens nothing');
  return null;
}

/** The edition page a path names ("/july/day-2"), answered by the access rule for them then. */
function editionPage(target: string, asker: LinkAsker): SiteAnswer {
  if (!isLinkTarget(target)) return notFound(`there is no page “${target}” in the edition`);
  const page = target === 'dashboard' ? 'dashboard' : (`day${target.slice(-1)}` as 'day1' | 'day2' | 'day3');
  const answer = pageAnswer(asker.question, page, asker.at);
  if (answer.kind === 'over' || answer.kind === 'sign-in') return redirect(`${target} is closed to them: it redirects`);
  return ok(`${target} opens`);
}

/** The site's answer to one of its own paths for this registrant at this moment. */
export function siteAnswer(url: URL, asker: LinkAsker): SiteAnswer {
  const path = url.pathname;
  if (OPEN_PATHS.some((pattern) => pattern.test(path))) return ok('a page anyone may open');
  const access = /^\/access\/([^/]+)$/.exec(path);
  if (access) {
    const refused = personalKey(decodeURIComponent(access[1]!), asker);
    if (refused) return refused;
    const to = url.searchParams.get('to');
    if (to === YOUR_DATA_TARGET) return redirect('signs them in, then to their data');
    if (to !== null && !isLinkTarget(to)) return redirect('signs them in, then to their default page');
    return redirect(`signs them in, then to ${to ?? 'their default page'}`);
  }
  const feed = /^\/feed\/([^/]+)\.xml$/.exec(path);
  if (feed) return personalKey(decodeURIComponent(feed[1]!), asker) ?? ok('their private feed');
  const unsubscribe = /^\/unsubscribe\/(\d+)-([A-Za-z0-9_-]{32})$/.exec(path);
  if (unsubscribe) {
    if (Number(unsubscribe[1]) !== asker.id || !purposeMacMatches(asker.secret, `unsubscribe:${asker.id}`, unsubscribe[2]!))
      return notFound('the unsubscribe token is not theirs');
    return stateAt(asker.member, asker.at).erased ? notFound('the registrant was erased') : ok('their e-mail choices');
  }
  if (path.startsWith('/unsubscribe/')) return notFound('the unsubscribe token is malformed');
  const checkout = /^\/checkout\/([^/]+)\/([^/]+)$/.exec(path);
  if (checkout) {
    const [, slug, pass] = checkout;
    if (decodeURIComponent(slug!) !== asker.slug || !isPassKind(pass!)) return notFound('there is no such pass to buy');
    return asker.passOnSale(pass) ? redirect('opens the checkout') : notFound('this pass is not on sale here');
  }
  const page = /^\/([^/]+)\/([^/]+)$/.exec(path);
  if (page && decodeURIComponent(page[1]!) === asker.slug) return editionPage(page[2]!, asker);
  // The home edition's pages also answer without the slug ("/day-1": src/pages/[...summit]).
  const home = /^\/([^/]+)$/.exec(path);
  if (home && isLinkTarget(home[1]!)) return editionPage(home[1]!, asker);
  return notFound('no page of the site answers this path');
}
