/**
 * GET /uploads/{key}: a stored file with the type its extension (chosen by us) says, and a
 * policy that lets nothing in it run even when opened directly: an SVG is shown as a picture
 * in a sandbox with no scripts, no loads and no plugins.
 */
import { getStorage } from './upload-storage.ts';

const TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  svg: 'image/svg+xml',
};

export async function serveUpload(key: string): Promise<Response> {
  const file = await getStorage().get(key);
  const type = TYPES[key.split('.').pop() ?? ''];
  if (!file || !type)
    return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain', 'cache-control': 'no-store' } });
  return new Response(new Uint8Array(file.data), {
    headers: {
      'content-type': type,
      'content-length': String(file.size),
      // Keys are random and never reused: the file at a key never changes.
      'cache-control': 'public, max-age=31536000, immutable',
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      'cross-origin-resource-policy': 'same-site',
    },
  });
}
