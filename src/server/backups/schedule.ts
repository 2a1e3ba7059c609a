/**
 * Scheduled backups (BACKUP_EVERY, BACKUP_KEEP, BACKUP_DIR; docs/decisions/0061). The site starts
 * `npm run backup -- --scheduled` as a process of its own when one is due: the site only copies its
 * database (on the embedded one), the other process writes the file, so pages never wait on it.
 * The next is due BACKUP_EVERY after the newest scheduled backup in the folder (the first, BACKUP_EVERY
 * after the schedule began), so restarts do not put it off; `npm run backup` by hand writes
 * `summit-manual-…`, which the schedule neither counts nor removes.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Env } from '../env.ts';
import { log } from '../log.ts';
import { SCHEDULED_BACKUP_NAME } from './take-backup.ts';

/** A backup overdue at a start waits this long, so it does not compete with the first requests. */
const FIRST_RUN_DELAY_MS = 60_000;

/** The command's file, found from this module whether it runs from src/ or from a build folder. */
function backupCommand(): string | null {
  let folder = path.dirname(fileURLToPath(import.meta.url));
  for (let depth = 0; depth < 8; depth++) {
    const candidate = path.join(folder, 'src', 'server', 'cli', 'backup.ts');
    if (fs.existsSync(candidate)) return candidate;
    folder = path.dirname(folder);
  }
  return null;
}

async function newestBackupTime(folder: string): Promise<number> {
  const names = (await fsp.readdir(folder).catch(() => [] as string[])).filter((name) => SCHEDULED_BACKUP_NAME.test(name));
  const newest = names.sort().at(-1);
  return newest ? ((await fsp.stat(path.join(folder, newest)).catch(() => null))?.mtimeMs ?? 0) : 0;
}

/** When this folder's schedule began (ms), kept beside the backups so restarts do not move it. */
const FIRST_START_FILE = '.schedule-started';

async function scheduleStart(folder: string): Promise<number> {
  const file = path.join(folder, FIRST_START_FILE);
  const known = Number((await fsp.readFile(file, 'utf8').catch(() => '')).trim());
  if (Number.isFinite(known) && known > 0) return known;
  const now = Date.now();
  try {
    await fsp.mkdir(folder, { recursive: true, mode: 0o700 });
    await fsp.writeFile(file, String(now), { mode: 0o600 });
  } catch (error) {
    log.warn({ err: error, folder }, 'the start of the backup schedule could not be kept; it counts from this start');
  }
  return now;
}

/**
 * When the next backup is due: BACKUP_EVERY after the newest, or, before the first, BACKUP_EVERY
 * after the schedule began (the site's first start with it), never at a start: a first backup a
 * minute after starting would land in the middle of the host's first imports.
 */
async function nextDue(folder: string, every: number): Promise<number> {
  const newest = await newestBackupTime(folder);
  return (newest > 0 ? newest : await scheduleStart(folder)) + every;
}

function runBackup(command: string): Promise<void> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [command, '--scheduled'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => {
      if (code === 0) log.info({ output: output.trim() }, 'scheduled backup written');
      else log.error({ code, output: output.trim() }, 'the scheduled backup failed');
      resolve();
    });
  });
}

export function startScheduledBackups(
  config: Pick<Env, 'backupEveryMs' | 'backupDir'>,
  { firstRunDelayMs = FIRST_RUN_DELAY_MS }: { firstRunDelayMs?: number } = {},
): { stop(): void } {
  const every = config.backupEveryMs;
  const command = backupCommand();
  if (every === null) return { stop: () => {} };
  if (!command) {
    log.warn('scheduled backups are off: src/server/cli/backup.ts was not found beside this build');
    return { stop: () => {} };
  }
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const schedule = (delay: number) => {
    if (stopped) return;
    timer = setTimeout(() => void runBackup(command).then(() => schedule(every)), Math.min(delay, 2 ** 31 - 1));
    timer.unref();
  };
  void nextDue(config.backupDir, every).then((due) => schedule(Math.max(firstRunDelayMs, due - Date.now())));
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
