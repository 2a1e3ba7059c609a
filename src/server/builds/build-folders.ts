/**
 * Build once, run many (docs/decisions/0040). Every build is a folder of its
 * own beside the project's files, `dist-{id}/`, and `dist` is a symbolic link to the current one,
 * replaced by one atomic rename. A server process resolves the link once when it starts and loads
 * everything from the real folder, its lazily imported chunks too, so a later build never changes
 * a file under a running process. An old build folder is removed once no process started from it
 * is running (each registers its pid in `dist-{id}/running/`).
 *
 * The folders sit at the project's top level, as `dist/` did: the bundle finds the migrations
 * (`drizzle/`) by a path relative to its own files, which must keep its depth.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { isProcessAlive } from '../db/folder-lock.ts';

export const CURRENT_LINK = 'dist';
const BUILD_PREFIX = 'dist-';
const BUILDING_PREFIX = 'dist-building-';
const COMPLETE_MARKER = 'build-complete';
const RUNNING_FOLDER = 'running';

/** Where a finished build's server entry is. */
export function serverEntryOf(buildFolder: string): string {
  return path.join(buildFolder, 'server', 'entry.mjs');
}

export function isCompleteBuild(buildFolder: string): boolean {
  return fs.existsSync(path.join(buildFolder, COMPLETE_MARKER)) && fs.existsSync(serverEntryOf(buildFolder));
}

/** The real folder `dist` points at now, or null when there is no finished build. */
export function currentBuild(root: string): string | null {
  try {
    const folder = fs.realpathSync(path.join(root, CURRENT_LINK));
    // A `dist/` folder from before build folders (no marker) still serves.
    return fs.existsSync(serverEntryOf(folder)) ? folder : null;
  } catch {
    return null;
  }
}

export function buildFolderFor(root: string, id: string): string {
  return path.join(root, `${BUILD_PREFIX}${id}`);
}

/** A new, empty folder for a build in progress (its name carries the builder's pid). */
export function newBuildingFolder(root: string): string {
  const folder = path.join(root, `${BUILDING_PREFIX}${process.pid}-${randomBytes(4).toString('hex')}`);
  fs.rmSync(folder, { recursive: true, force: true });
  return folder;
}

/**
 * Marks a finished build and gives it its final name. When a build of the same id was finished
 * meanwhile (two starts at once), that one is kept and this one removed: they are the same sources.
 */
export function finishBuild(building: string, final: string): string {
  fs.writeFileSync(path.join(building, COMPLETE_MARKER), new Date().toISOString());
  try {
    fs.renameSync(building, final);
  } catch (error) {
    if (!isCompleteBuild(final)) throw error;
    fs.rmSync(building, { recursive: true, force: true });
  }
  return final;
}

/**
 * Points `dist` at the build folder, atomically: a new link is made beside it and renamed over
 * it, so a process starting at any moment finds the old build or the new one, never none. A
 * `dist/` folder from before build folders is moved aside first (a link cannot replace a folder).
 */
export function makeCurrent(root: string, buildFolder: string): void {
  const link = path.join(root, CURRENT_LINK);
  const stat = fs.lstatSync(link, { throwIfNoEntry: false });
  if (stat?.isDirectory()) fs.renameSync(link, buildFolderFor(root, `legacy-${Date.now()}`));
  const next = path.join(root, `${CURRENT_LINK}.next-${process.pid}`);
  fs.rmSync(next, { force: true });
  fs.symlinkSync(path.basename(buildFolder), next);
  fs.renameSync(next, link);
}

function runningPids(buildFolder: string): number[] {
  const folder = path.join(buildFolder, RUNNING_FOLDER);
  const names = fs.existsSync(folder) ? fs.readdirSync(folder) : [];
  return names.map(Number).filter((pid) => Number.isSafeInteger(pid) && isProcessAlive(pid));
}

/**
 * Records that this process runs from the build folder, until it exits. A process killed
 * outright leaves its file behind; its pid is then no longer running, which pruneBuilds checks.
 */
export function registerRunningProcess(buildFolder: string): void {
  const file = path.join(buildFolder, RUNNING_FOLDER, String(process.pid));
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, '');
  process.on('exit', () => fs.rmSync(file, { force: true }));
}

/** Which of the project's build folders may go: not the current one, none a running process uses, no build in progress. */
export function removableBuilds(root: string): string[] {
  const current = currentBuild(root);
  return fs
    .readdirSync(root)
    .filter((name) => name.startsWith(BUILD_PREFIX))
    .map((name) => path.join(root, name))
    .filter((folder) => folder !== current && fs.lstatSync(folder).isDirectory())
    .filter((folder) => {
      const name = path.basename(folder);
      if (name.startsWith(BUILDING_PREFIX)) return !isProcessAlive(Number(name.slice(BUILDING_PREFIX.length).split('-')[0]));
      return runningPids(folder).length === 0;
    });
}

export function pruneBuilds(root: string): string[] {
  const removable = removableBuilds(root);
  for (const folder of removable) fs.rmSync(folder, { recursive: true, force: true });
  return removable;
}
