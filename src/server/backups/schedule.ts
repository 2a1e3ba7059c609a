/**
 * Scheduled backups (BACKUP_EVERY, BACKUP_KEEP, BACKUP_DIR; docs/decisions/0061). The site starts
 * `npm run backup -- --scheduled` as a process of its own when one is due: the site only copies its
 * database (on the embedded one), the other process writes the file, so pages never wait on it.
 * The next is due BACKUP_EVERY after the newest backup in the folder, so restarts do not put it off.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Env } from '../env.ts';
import { log } from '../log.ts';
import { SCHEDULED_BACKUP_NAME } from './take-backup.ts';

/** A backup due at start waits this long, so it does not compete with the first requests. */
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
  void newestBackupTime(config.backupDir).then((newest) => schedule(Math.max(firstRunDelayMs, newest + every - Date.now())));
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
