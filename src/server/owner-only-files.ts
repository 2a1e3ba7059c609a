/**
 * Files only the site's user can read (docs/decisions/0068). DATA_DIR holds the database (the
 * admin's password hash, the secret every personal link is derived from), the media, the backups
 * and the outbox: no other user of the machine may read or change any of it.
 *
 * Three layers: every entry sets the umask to 0o077 first, so whatever the process creates is
 * owner-only; the site's own writers also pass their modes, so they hold whatever the umask; and
 * the folders are tightened where a umask cannot reach, since PGlite sets its files' modes itself
 * (0666 for the files of a new database, 0644 for its relation cache files, whatever the umask).
 */
import fsp from 'node:fs/promises';
import path from 'node:path';

export const OWNER_ONLY_UMASK = 0o077;
export const OWNER_ONLY_FOLDER = 0o700;
export const OWNER_ONLY_FILE = 0o600;

/** Called first by every entry (the server, each command): all the process creates is owner-only. */
export function keepNewFilesOwnerOnly(): void {
  process.umask(OWNER_ONLY_UMASK);
}

export interface WideEntry {
  path: string;
  /** The permission bits it had, e.g. 0o666. */
  mode: number;
}

/** Refused: a file or folder in DATA_DIR stays open to other users because this process cannot change it. */
export class NotOwnerOnly extends Error {}

const grantsOthers = (mode: number) => (mode & OWNER_ONLY_UMASK) !== 0;

/**
 * `root` and what lies under it (to `depth` levels; all by default) that group or others may use.
 * Links under it are not followed; `root` itself may be one (a DATA_DIR on another disk).
 */
export async function widerThanOwnerOnly(root: string, depth = Infinity): Promise<WideEntry[]> {
  const found: WideEntry[] = [];
  const visit = async (entry: string, level: number): Promise<void> => {
    const stat = await fsp.lstat(entry).catch(() => null);
    if (!stat || stat.isSymbolicLink()) return;
    if (grantsOthers(stat.mode)) found.push({ path: entry, mode: stat.mode & 0o7777 });
    if (!stat.isDirectory() || level >= depth) return;
    for (const name of await fsp.readdir(entry).catch(() => [] as string[])) await visit(path.join(entry, name), level + 1);
  };
  await visit(await fsp.realpath(root).catch(() => root), 0);
  return found;
}

/** Takes every group and other permission off `root` and what it holds; returns what was wider. */
export async function tightenToOwnerOnly(root: string, depth = Infinity): Promise<WideEntry[]> {
  const wide = await widerThanOwnerOnly(root, depth);
  for (const entry of wide) {
    try {
      await fsp.chmod(entry.path, entry.mode & ~OWNER_ONLY_UMASK);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') continue; // removed meanwhile (a temporary file)
      throw new NotOwnerOnly(
        `${entry.path} is open to other users (mode ${octal(entry.mode)}) and this process cannot change it (${code}). ` +
          `Run the site as the user who owns ${root}, or fix it once: chown -R <the site's user> ${root} && chmod -R go-rwx ${root}`,
      );
    }
  }
  return wide;
}

export const octal = (mode: number) => `0${mode.toString(8)}`;

export interface CheckedFolder {
  path: string;
  /** How deep to look: DATA_DIR is the site's whole; a BACKUP_DIR elsewhere only its own entries. */
  depth?: number;
}

/**
 * The check at start: each folder is made owner-only, created so if missing; what was wider is
 * reported, so the host learns that other users could read or change it until now. Throws
 * NotOwnerOnly when a path cannot be tightened.
 */
export async function checkOwnerOnly(folders: CheckedFolder[], report: (message: string, wide: WideEntry[]) => void): Promise<WideEntry[]> {
  const all: WideEntry[] = [];
  for (const folder of folders) {
    await fsp.mkdir(folder.path, { recursive: true, mode: OWNER_ONLY_FOLDER });
    const wide = await tightenToOwnerOnly(folder.path, folder.depth);
    if (wide.length === 0) continue;
    all.push(...wide);
    const first = wide[0]!;
    report(
      `${wide.length} files and folders in ${folder.path} were open to other users of this machine (${first.path} was ${octal(first.mode)}); ` +
        `they are now owner-only (folders 0700, files 0600). If other users could log in here, check that nothing in it was changed.`,
      wide,
    );
  }
  return all;
}
