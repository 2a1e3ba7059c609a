/**
 * Which sites run from this project folder, so the commands (admin:create, token:create, backup…)
 * work on the data the running site uses, not a second, empty database in ./data (decision 0080).
 * A started site writes one small file per process in `.running-sites/` of the project folder (the
 * folder its code is in, which the commands find the same way): its data folder, the address it
 * serves and its kind of database, never a secret. The file goes when the process exits; a file
 * whose process is gone is ignored.
 */
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { isProcessAlive } from '../db/folder-lock.ts';

const FOLDER = '.running-sites';

const runningSiteSchema = z.object({
  pid: z.number().int().positive(),
  dataDir: z.string().min(1),
  url: z.string().min(1),
  database: z.enum(['embedded', 'postgres']),
});
export type RunningSite = z.infer<typeof runningSiteSchema>;

/** Records a running site of the project in `root` (this process by default) until it exits; returns the removal. */
export function recordRunningSite(root: string, site: Omit<RunningSite, 'pid'>, pid = process.pid): () => void {
  const file = path.join(root, FOLDER, `${pid}.json`);
  const remove = () => fs.rmSync(file, { force: true });
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, JSON.stringify({ pid, ...site }));
    process.on('exit', remove);
  } catch {
    // A read-only project folder: the commands then need DATA_DIR, as they say.
  }
  return remove;
}

/** The sites running from the project in `root`, one per data folder. */
export function runningSites(root: string): RunningSite[] {
  let names: string[];
  try {
    names = fs.readdirSync(path.join(root, FOLDER));
  } catch {
    return [];
  }
  const byDataDir = new Map<string, RunningSite>();
  for (const name of names) {
    const site = readRecord(path.join(root, FOLDER, name));
    if (site && isProcessAlive(site.pid) && !byDataDir.has(site.dataDir)) byDataDir.set(site.dataDir, site);
  }
  return [...byDataDir.values()];
}

function readRecord(file: string): RunningSite | null {
  try {
    const parsed = runningSiteSchema.safeParse(JSON.parse(fs.readFileSync(file, 'utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
