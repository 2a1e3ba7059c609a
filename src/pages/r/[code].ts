/** /r/{code}: a speaker's or host's share link (src/server/attribution/share-link-route.ts). */
import type { APIRoute } from 'astro';
import { followShareLink } from '../../server/attribution/share-link-route.ts';

export const GET: APIRoute = async ({ params, url, request, cookies, rewrite }) =>
  (await followShareLink({ code: params.code, url, request, cookies })) ?? rewrite('/404');
