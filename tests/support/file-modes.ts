/**
 * File modes for the tests of "files only the site's user can read" (docs/decisions/0068): what
 * under a folder other users may read, change or enter, and a umask set around a test.
 */
import fs from 'node:fs';
import path from 'node:path';

export interface OpenEntry {
  path: string;
  mode: string;
}

/** `root` and everything under it whose mode grants group or others anything (links not followed). */
export function openToOthers(root: string): OpenEntry[] {
  const found: OpenEntry[] = [];
  const visit = (entry: string) => {
    const stat = fs.lstatSync(entry);
    if (stat.isSymbolicLink()) return;
    if ((stat.mode & 0o077) !== 0) found.push({ path: path.relative(root, entry) || '.', mode: (stat.mode & 0o777).toString(8) });
    if (stat.isDirectory()) for (const name of fs.readdirSync(entry)) visit(path.join(entry, name));
  };
  visit(root);
  return found;
}

export const modeOf = (file: string) => (fs.statSync(file).mode & 0o777).toString(8);

/** Runs `body` with the process's umask set to `mask`, as a host's shell or service manager would leave it. */
export async function underUmask<T>(mask: number, body: () => Promise<T>): Promise<T> {
  const before = process.umask(mask);
  try {
    return await body();
  } finally {
    process.umask(before);
  }
}
