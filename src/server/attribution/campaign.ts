/**
 * The campaign (UTM fields) of a registration (decision 0038). The registration page's own URL
 * names it when the link pointed there; otherwise the page that sent the visitor does, in Referer
 * (the landing page: it is served from a cache, so the fields cannot be written into it, but the
 * browser names its URL, query included, on the way to the form). The form posts back to a URL
 * with the same fields, so the POST reads them the same way (decision 0038).
 */
import { hasUtm, readUtm, utmFromReferer, type Utm } from '../../domain/attribution/utm.ts';
import { siteOrigin } from '../http/request-origin.ts';

export function registrationCampaign(request: Request, url: URL): Utm {
  const own = readUtm(url.searchParams);
  if (hasUtm(own)) return own;
  return utmFromReferer(request.headers.get('referer'), siteOrigin({ request, url }));
}
