/**
 * The id of a build: a hash of everything `astro build` reads (the sources, the public files,
 * the configuration and the locked dependencies). Equal ids mean equal builds, so a start whose
 * sources were built already uses that build instead of building again.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

// tools/page-routes.mjs is the Vite plugin astro.config.mjs takes the site's route list from.
const BUILD_INPUTS = ['src', 'public', 'astro.config.mjs', 'tools/page-routes.mjs', 'tsconfig.json', 'package.json', 'package-lock.json'];

function filesUnder(entry: string): string[] {
  const stat = fs.statSync(entry, { throwIfNoEntry: false });
  if (!stat) return [];
  if (stat.isFile()) return [entry];
  if (!stat.isDirectory()) return [];
  return fs
    .readdirSync(entry)
    .sort()
    .flatMap((name) => filesUnder(path.join(entry, name)));
}

/** 16 hex digits: short enough for a folder name, long enough that two sources never meet. */
export function sourceFingerprint(root: string): string {
  const hash = createHash('sha256');
  for (const input of BUILD_INPUTS) {
    for (const file of filesUnder(path.join(root, input))) {
      hash.update(path.relative(root, file)).update('\0').update(fs.readFileSync(file)).update('\0');
    }
  }
  return hash.digest('hex').slice(0, 16);
}
