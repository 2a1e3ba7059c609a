/**
 * GET /uploads/{key}: a stored image with the type its extension (chosen by us) says, and a
 * policy that lets nothing in it run even when opened directly: an SVG is shown as a picture
 * in a sandbox with no scripts, no loads and no plugins. With MEDIA_PUBLIC_URL (a CDN in front
 * of the bucket), a permanent redirect there instead: the bytes never pass through Node.
 */
import { contentTypeOfKey, isStorageKey } from './stored-files.ts';
import { getStorage, mediaPublicUrl } from './upload-storage.ts';

/** Keys are random and never reused: the file at a key never changes. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

const notFound = () => new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain', 'cache-control': 'no-store' } });

export async function serveUpload(key: string): Promise<Response> {
  const type = contentTypeOfKey(key);
  if (!isStorageKey(key) || !type) return notFound();
  const publicBase = mediaPublicUrl();
  if (publicBase) return new Response(null, { status: 301, headers: { location: `${publicBase}/${key}`, 'cache-control': IMMUTABLE } });
  const file = await getStorage().get(key);
  if (!file) return notFound();
  return new Response(new Uint8Array(file.data), {
    headers: {
      'content-type': type,
      'content-length': String(file.size),
      'cache-control': IMMUTABLE,
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      'cross-origin-resource-policy': 'same-site',
    },
  });
}
