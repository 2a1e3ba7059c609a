/**
 * POST /api/uploads/logo: one image, checked by content, at most 2 MB, stored under
 * brands/{timestamp}-{random}.{ext}; answers the public URL. Open to anyone (the public brand
 * page), so it is rate-limited per client address, and the file is temporary: it expires unless
 * an admin applies a brand using it, within a total quota (temporary-uploads.ts). A signed-in
 * admin (the admin's brand page uploads here too) is not held to the quota, or anyone could
 * keep the admin from changing the logo by filling it.
 */
import type { Database } from '../db/client.ts';
import type { Env } from '../env.ts';
import { rateLimiter } from '../rate-limits/rate-limit.ts';
import { json, jsonError } from '../http/responses.ts';
import { log } from '../log.ts';
import type { Storage } from './upload-storage.ts';
import { TOO_LARGE } from './inspect-image.ts';
import { BODY_LIMITS } from '../../domain/body-limits.ts';
import { storeImage } from './store-image.ts';

/** Room for the multipart envelope around a 2 MB file. */
const MAX_BODY_BYTES = BODY_LIMITS.logoUpload.bytes;

export interface UploadPolicy {
  quotaBytes: number;
  expiryMs: number;
  /** Uploads accepted per client address per minute. */
  perMinute: number;
}

/** The policy the configuration sets (UPLOAD_QUOTA_MB, UPLOAD_EXPIRY_HOURS, UPLOAD_RATE_LIMIT); the route passes its request's configuration (locals.config). */
export function uploadPolicy(config: Pick<Env, 'UPLOAD_QUOTA_MB' | 'UPLOAD_EXPIRY_HOURS' | 'UPLOAD_RATE_LIMIT'>): UploadPolicy {
  return {
    quotaBytes: config.UPLOAD_QUOTA_MB * 1024 * 1024,
    expiryMs: config.UPLOAD_EXPIRY_HOURS * 3600_000,
    perMinute: config.UPLOAD_RATE_LIMIT,
  };
}

export async function uploadLogo({
  request,
  address,
  db,
  storage,
  policy,
  byAdmin = false,
}: {
  request: Request;
  address: string;
  db: Database;
  storage: Storage;
  policy: UploadPolicy;
  byAdmin?: boolean;
}): Promise<Response> {
  const limiter = rateLimiter(db, { name: 'upload', limit: policy.perMinute, windowSeconds: 60 });
  const verdict = await limiter.take(address);
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

  // The admin's upload is temporary too (kept once a brand uses it) but never held to the quota.
  const temporary = { expiresAt: new Date(Date.now() + policy.expiryMs), quotaBytes: byAdmin ? Infinity : policy.quotaBytes };
  let stored;
  try {
    stored = await storeImage({ db, storage, folder: 'brands', file, temporary });
  } catch (error) {
    log.error({ err: error, storage: storage.name }, 'logo upload could not be stored');
    return jsonError(500, `Upload failed - Please ensure your storage is properly configured. (${storage.name})`);
  }
  if (!stored.ok) {
    if (stored.quotaFull) {
      log.warn({ address }, 'upload quota full');
      return jsonError(503, stored.error);
    }
    if (!stored.busy) return jsonError(415, stored.error);
    const busy = jsonError(503, stored.error);
    busy.headers.set('retry-after', '60');
    return busy;
  }
  return json(201, { url: stored.url });
}
