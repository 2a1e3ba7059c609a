/** /r/{code}: a speaker's or host's share link (src/server/attribution/share-link-route.ts). */
import type { APIRoute } from 'astro';
import { followShareLink } from '../../server/attribution/share-link-route.ts';

export const GET: APIRoute = async ({ params, url, request, cookies, rewrite, clientAddress, locals }) =>
  (await followShareLink({
    code: params.code,
    url,
    request,
    cookies,
    socketAddress: clientAddress,
    limit: locals.config.LISTENERS_PER_ADDRESS_LIMIT,
  })) ?? rewrite('/404');
