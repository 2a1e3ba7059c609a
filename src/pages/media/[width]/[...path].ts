import type { APIRoute } from 'astro';
import { resizeMedia } from '../../../server/media/resize.ts';

export const GET: APIRoute = async ({ params }) => {
  const result = await resizeMedia(params.width ?? '', `/${params.path ?? ''}`);
  if (!result.ok) {
    const headers: Record<string, string> = { 'cache-control': 'no-store' };
    if (result.status === 503) headers['retry-after'] = '5';
    return new Response(null, { status: result.status, headers });
  }
  return new Response(new Uint8Array(result.body), {
    headers: { 'content-type': 'image/webp', 'cache-control': 'public, max-age=86400, stale-while-revalidate=604800' },
  });
};
