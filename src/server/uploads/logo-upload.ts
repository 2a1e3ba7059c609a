/**
 * POST /api/uploads/logo: one image, checked by content, at most 2 MB, stored under
 * brands/{timestamp}-{random}.{ext}; answers the public URL. Rate-limited per client address.
 */
import type { Database } from '../db/client.ts';
import { env } from '../env.ts';
import { createRateLimiter } from '../http/rate-limit.ts';
import { json, jsonError } from '../http/responses.ts';
import { log } from '../log.ts';
import type { Storage } from '../storage/storage.ts';
import { MAX_LOGO_BYTES, TOO_LARGE } from './inspect-image.ts';
import { storeImage } from './store-image.ts';

/** Room for the multipart envelope around a 2 MB file. */
const MAX_BODY_BYTES = MAX_LOGO_BYTES + 64 * 1024;

let limiter: ReturnType<typeof createRateLimiter> | undefined;

export async function uploadLogo(request: Request, address: string, db: Database, storage: Storage): Promise<Response> {
  limiter ??= createRateLimiter(env().UPLOAD_RATE_LIMIT, 60_000);
  const verdict = limiter.take(address);
  if (!verdict.allowed) {
    const response = jsonError(429, 'You have uploaded several files in a short time. Please wait a minute and try again.');
    response.headers.set('retry-after', String(verdict.retryAfterSeconds));
    return response;
  }
  const length = Number(request.headers.get('content-length') ?? Number.NaN);
  if (Number.isNaN(length)) return jsonError(411, 'Send the upload with a Content-Length.');
  if (length > MAX_BODY_BYTES) return jsonError(413, TOO_LARGE);

  let file: FormDataEntryValue | null;
  try {
    file = (await request.formData()).get('logo');
  } catch {
    return jsonError(400, 'Send the logo as a multipart form field named "logo".');
  }
  if (!(file instanceof File)) return jsonError(400, 'Choose a logo file to upload.');

  let stored;
  try {
    stored = await storeImage(db, storage, 'brands', file);
  } catch (error) {
    log.error({ err: error, storage: storage.name }, 'logo upload could not be stored');
    return jsonError(500, `Upload failed - Please ensure your storage is properly configured. (${storage.name})`);
  }
  if (!stored.ok) return jsonError(415, stored.error);
  return json(201, { url: stored.url });
}
