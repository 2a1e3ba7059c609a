/**
 * Resizes local raster images on request (GET /media/{width}/{path}) with sharp, to WebP. Only
 * the widths of IMAGE_WIDTHS are served, so the set of variants is bounded; results are kept
 * in a small in-memory cache and marked cacheable for a day by browsers and CDNs. Sources are
 * the site's public folder (paths cannot leave it) and the uploads storage (by key).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { isResizable, MAX_IMAGE_PIXELS, parseImageWidth } from '../../domain/images.ts';
import { log } from '../log.ts';
import { getStorage, isStorageKey } from '../uploads/upload-storage.ts';
import { boundedCache, bytesOf } from '../caching/bounded-cache.ts';

/** Resized images kept: at most 300, and at most 32 MB. */
const cache = boundedCache<Buffer>({ name: 'resized media', maxEntries: 300, maxBytes: 32 * 1024 * 1024, sizeOf: bytesOf.buffers });

export type MediaResult = { ok: true; body: Buffer } | { ok: false; status: 400 | 404 | 415 | 503 };

/**
 * Resizes run one at a time. sharp works in libuv's thread pool, which the server's
 * file reads share (the static files, the uploads): a few 24 MP sources asked for at every width
 * at once took all of its threads for seconds, and every other request waited. Queued beyond
 * MAX_WAITING, a resize is refused with 503 (the browser asks again; the result is cached).
 */
const MAX_WAITING = 24;
let busy = false;
const waiting: (() => void)[] = [];

async function oneAtATime<T>(work: () => Promise<T>): Promise<T | 'busy'> {
  if (busy) {
    if (waiting.length >= MAX_WAITING) return 'busy';
    await new Promise<void>((resolve) => waiting.push(resolve));
  }
  busy = true;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else busy = false;
  }
}

/** public/ while developing, dist/client/ in a build (both exist where the site runs). */
function publicRoots(): string[] {
  return [path.resolve('dist/client'), path.resolve('public')];
}

function within(root: string, relative: string): string | null {
  const full = path.resolve(root, `.${path.posix.normalize(`/${relative}`)}`);
  return full.startsWith(root + path.sep) ? full : null;
}

/** A public file on disk, or an upload's bytes from the storage (the folder or the bucket). */
type Source = { input: string | Buffer; version: string };

async function publicFile(source: string): Promise<Source | null> {
  for (const root of publicRoots()) {
    const candidate = within(root, source);
    if (!candidate) return null;
    const stat = await fs.stat(candidate).catch(() => null);
    if (stat?.isFile()) return { input: candidate, version: `${candidate}:${stat.mtimeMs}` };
  }
  return null;
}

async function locate(source: string): Promise<Source | null> {
  if (!source.startsWith('/uploads/')) return publicFile(source);
  const key = source.slice('/uploads/'.length);
  if (!isStorageKey(key)) return null;
  // Keys are never reused: the key is the version.
  const stored = await getStorage().get(key);
  return stored ? { input: stored.data, version: `upload:${key}` } : null;
}

export async function resizeMedia(widthText: string, source: string): Promise<MediaResult> {
  const width = parseImageWidth(widthText);
  if (width === null) return { ok: false, status: 400 };
  if (!isResizable(source)) return { ok: false, status: 415 };
  const cacheKey = (version: string) => `${version}:${width}`;
  const file = await locate(source);
  if (!file) return { ok: false, status: 404 };
  const hit = cache.get(cacheKey(file.version));
  if (hit) return { ok: true, body: hit };

  let body: Buffer | 'busy';
  try {
    // limitInputPixels is checked from the header, before any pixel is decoded.
    body = await oneAtATime(() =>
      sharp(file.input, { limitInputPixels: MAX_IMAGE_PIXELS })
        .rotate()
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: 76 })
        .toBuffer(),
    );
  } catch (error) {
    // A damaged, truncated or oversized source is not something this route can serve.
    log.warn({ err: error, source }, 'image could not be resized');
    return { ok: false, status: 415 };
  }
  if (body === 'busy') return { ok: false, status: 503 };
  cache.set(cacheKey(file.version), body);
  return { ok: true, body };
}
