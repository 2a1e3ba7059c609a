/**
 * The API reference's files (/api/docs, docs/decisions/0060): Swagger UI as its maintainers ship it
 * (swagger-ui-dist), served from this site so the page keeps the site's Content-Security-Policy
 * (its scripts and styles come from 'self'; nothing from elsewhere). Only the files listed here.
 */
import { createRequire } from 'node:module';
import fs from 'node:fs/promises';
import path from 'node:path';

const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
};

const folder = (): string => path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

const cache = new Map<string, Buffer>();

/** The file's answer, or null when the name is not one of the reference's files. */
export async function docsAsset(name: string): Promise<Response | null> {
  const type = Object.hasOwn(ASSETS, name) ? ASSETS[name] : undefined;
  if (!type) return null;
  let bytes = cache.get(name);
  if (!bytes) cache.set(name, (bytes = await fs.readFile(path.join(folder(), name))));
  return new Response(new Uint8Array(bytes), { headers: { 'content-type': type, 'cache-control': 'public, max-age=86400' } });
}
