/**
 * Edition archives waiting for the admin to import them (docs/decisions/0035): the upload route
 * (archive-upload-route.ts, before Astro, as archives are larger than any form body) streams
 * each to DATA_DIR/uploads/imports/{id}.zip; the editions screen then imports it with the
 * ordinary form, which shows every problem as the JSON import does. The folder is shared by
 * every app process like the rest of the uploads; an archive left there is swept after a day.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { uploadsRoot } from '../uploads/upload-storage.ts';

const STAGED_ID = /^[a-f0-9]{32}$/;
const KEEP_MS = 24 * 3600_000;

const stagedFolder = () => path.join(uploadsRoot(), 'imports');

export function isStagedArchiveId(id: string | null | undefined): id is string {
  return typeof id === 'string' && STAGED_ID.test(id);
}

/** A new staged archive's id and the path to write it to. */
export async function newStagedArchive(): Promise<{ id: string; file: string }> {
  await fs.mkdir(stagedFolder(), { recursive: true });
  const id = randomBytes(16).toString('hex');
  return { id, file: path.join(stagedFolder(), `${id}.zip`) };
}

/** The staged archive's path and size, or null when there is none with that id. */
export async function findStagedArchive(id: string): Promise<{ file: string; sizeBytes: number } | null> {
  if (!isStagedArchiveId(id)) return null;
  const file = path.join(stagedFolder(), `${id}.zip`);
  const stat = await fs.stat(file).catch(() => null);
  return stat?.isFile() ? { file, sizeBytes: stat.size } : null;
}

export async function discardStagedArchive(id: string): Promise<void> {
  if (isStagedArchiveId(id)) await fs.rm(path.join(stagedFolder(), `${id}.zip`), { force: true });
}

/** Deletes archives staged more than a day ago (housekeeping). */
export async function sweepStagedArchives(now = Date.now()): Promise<void> {
  const names = await fs.readdir(stagedFolder()).catch(() => [] as string[]);
  for (const name of names) {
    const file = path.join(stagedFolder(), name);
    const stat = await fs.stat(file).catch(() => null);
    if (stat && now - stat.mtimeMs > KEEP_MS) await fs.rm(file, { force: true });
  }
}
