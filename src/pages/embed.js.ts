import type { APIRoute } from 'astro';
import loader from '../embed/loader.js?raw';

/** The partner loader script (src/embed/loader.js), served as written. */
export const GET: APIRoute = () =>
  new Response(loader, {
    headers: {
      'content-type': 'text/javascript; charset=utf-8',
      'cache-control': 'public, max-age=3600, stale-while-revalidate=86400',
      // Partner pages load it cross-origin with a plain <script> tag.
      'cross-origin-resource-policy': 'cross-origin',
    },
  });
