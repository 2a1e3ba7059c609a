/**
 * npm run build [-- --force]
 * Builds the site into a new folder, dist-{id}/, and then points `dist` at it (one atomic
 * rename), so processes already running keep the build they started from (decision 0040).
 * When the current sources were built before, that build is used again and nothing is built;
 * --force builds anew all the same. Old builds no running process uses are removed.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { buildFolderFor, finishBuild, isCompleteBuild, makeCurrent, newBuildingFolder, pruneBuilds } from '../builds/build-folders.ts';
import { sourceFingerprint } from '../builds/source-fingerprint.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

function astroBuild(outDir: string): boolean {
  const astro = path.join(ROOT, 'node_modules', '.bin', 'astro');
  const result = spawnSync(astro, ['build', '--outDir', outDir], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  return result.status === 0;
}

function main(): number {
  const { values } = parseArgs({ options: { force: { type: 'boolean', default: false } } });
  const id = sourceFingerprint(ROOT);
  const existing = buildFolderFor(ROOT, id);
  let folder: string;
  if (!values.force && isCompleteBuild(existing)) {
    console.log(`These sources are built already (${path.basename(existing)}): nothing to build.`);
    folder = existing;
  } else {
    const building = newBuildingFolder(ROOT);
    if (!astroBuild(building)) {
      fs.rmSync(building, { recursive: true, force: true });
      console.error('The build failed; the current build stays in place.');
      return 1;
    }
    folder = finishBuild(building, values.force ? buildFolderFor(ROOT, `${id}-${Date.now()}`) : existing);
  }
  makeCurrent(ROOT, folder);
  const removed = pruneBuilds(ROOT);
  console.log(`dist -> ${path.basename(folder)}${removed.length ? `; removed ${removed.map((f) => path.basename(f)).join(', ')}` : ''}`);
  return 0;
}

process.exitCode = main();
