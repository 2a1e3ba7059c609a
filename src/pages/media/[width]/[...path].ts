import type { APIRoute } from 'astro';
import { resizeMedia } from '../../../server/media/resize.ts';

export const GET: APIRoute = async ({ params }) => {
  const result = await resizeMedia(params.width ?? '', `/${params.path ?? ''}`);
  if (!result.ok) return new Response(null, { status: result.status, headers: { 'cache-control': 'no-store' } });
  return new Response(new Uint8Array(result.body), {
    headers: { 'content-type': 'image/webp', 'cache-control': 'public, max-age=86400, stale-while-revalidate=604800' },
  });
};
