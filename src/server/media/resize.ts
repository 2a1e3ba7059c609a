/**
 * Resizes local raster images on request (GET /media/{width}/{path}) with sharp, to WebP. Only
 * the widths of IMAGE_WIDTHS are served, so the set of variants is bounded; results are kept
 * in a small in-memory cache and marked cacheable for a day by browsers and CDNs. Sources are
 * the site's public folder and the upload folder; paths cannot leave them.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { IMAGE_WIDTHS, isResizable } from '../../domain/images.ts';
import { env } from '../env.ts';

const MAX_CACHED = 300;
const cache = new Map<string, Buffer>();

export type MediaResult = { ok: true; body: Buffer } | { ok: false; status: 400 | 404 | 415 };

/** public/ while developing, dist/client/ in a build (both exist where the site runs). */
function publicRoots(): string[] {
  return [path.resolve('dist/client'), path.resolve('public')];
}

function within(root: string, relative: string): string | null {
  const full = path.resolve(root, `.${path.posix.normalize(`/${relative}`)}`);
  return full.startsWith(root + path.sep) ? full : null;
}

async function locate(source: string): Promise<string | null> {
  const roots = source.startsWith('/uploads/')
    ? [path.join(env().dataDir, 'uploads')]
    : publicRoots();
  const relative = source.startsWith('/uploads/') ? source.slice('/uploads/'.length) : source;
  for (const root of roots) {
    const candidate = within(root, relative);
    if (!candidate) return null;
    try {
      if ((await fs.stat(candidate)).isFile()) return candidate;
    } catch {
      // try the next root
    }
  }
  return null;
}

export async function resizeMedia(widthText: string, source: string): Promise<MediaResult> {
  const width = Number(widthText);
  if (!(IMAGE_WIDTHS as readonly number[]).includes(width)) return { ok: false, status: 400 };
  if (!isResizable(source)) return { ok: false, status: 415 };
  const file = await locate(source);
  if (!file) return { ok: false, status: 404 };

  const stat = await fs.stat(file);
  const key = `${file}:${stat.mtimeMs}:${width}`;
  const hit = cache.get(key);
  if (hit) return { ok: true, body: hit };

  const body = await sharp(file).rotate().resize({ width, withoutEnlargement: true }).webp({ quality: 76 }).toBuffer();
  if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value as string);
  cache.set(key, body);
  return { ok: true, body };
}
