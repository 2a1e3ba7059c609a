import type { APIRoute } from 'astro';
import loader from '../embed/loader.js?raw';
import { sharePublicly } from '../server/http/responses.ts';

/** The partner loader script (src/embed/loader.js), served as written. */
export const GET: APIRoute = ({ cache }) => {
  const response = new Response(loader, {
    headers: {
      'content-type': 'text/javascript; charset=utf-8',
      // Partner pages load it cross-origin with a plain <script> tag.
      'cross-origin-resource-policy': 'cross-origin',
    },
  });
  sharePublicly({ cache, headers: response.headers, maxAgeSeconds: 3600, staleSeconds: 86400 });
  return response;
};
