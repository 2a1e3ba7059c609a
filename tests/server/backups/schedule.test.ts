/**
 * Scheduled backups (BACKUP_EVERY, BACKUP_KEEP, BACKUP_DIR; docs/decisions/0061): the schedule
 * runs the real `npm run backup -- --scheduled` as a process of its own, each due BACKUP_EVERY
 * after the last, and only the newest BACKUP_KEEP stay in the folder.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it, vi } from 'vitest';
import { verifyBackup } from '../../../src/server/backups/read-backup.ts';
import { startScheduledBackups } from '../../../src/server/backups/schedule.ts';
import { openDatabase } from '../../../src/server/db/client.ts';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'scheduled-backups-'));
afterAll(() => {
  vi.unstubAllEnvs();
  fs.rmSync(root, { recursive: true, force: true });
});

it('writes a verified backup on schedule and keeps only the newest BACKUP_KEEP', { timeout: 90_000 }, async () => {
  const dataDir = path.join(root, 'site');
  const backupDir = path.join(root, 'backups');
  const handle = await openDatabase({ driver: 'pglite', dataDir: path.join(dataDir, 'pglite') });
  await handle.migrate();
  await handle.close();
  // The backup process reads its settings from the environment it inherits, as under the site.
  vi.stubEnv('DATA_DIR', dataDir);
  vi.stubEnv('BACKUP_DIR', backupDir);
  vi.stubEnv('BACKUP_KEEP', '2');
  vi.stubEnv('LOG_LEVEL', 'silent');
  const schedule = startScheduledBackups({ backupDir, backupEveryMs: 1500 }, { firstRunDelayMs: 0 });
  const scheduled = () =>
    fs.existsSync(backupDir) ? fs.readdirSync(backupDir).filter((name) => /^summit-\d{8}-\d{6}\.zip$/.test(name)) : [];
  const seen = new Set<string>();
  try {
    await vi.waitFor(
      () => {
        for (const name of scheduled()) seen.add(name);
        expect(seen.size).toBeGreaterThanOrEqual(3);
      },
      { timeout: 80_000, interval: 200 },
    );
  } finally {
    schedule.stop();
  }
  await vi.waitFor(() => expect(scheduled().length).toBeLessThanOrEqual(2), { timeout: 10_000 });
  const newest = scheduled().sort().at(-1)!;
  const backup = await verifyBackup(path.join(backupDir, newest));
  expect(backup.manifest.format).toBe('summit-backup');
  backup.close();
});

it(
  'writes the first backup BACKUP_EVERY after the schedule began, restarts included, and never prunes one made by hand',
  { timeout: 90_000 },
  async () => {
    const dataDir = path.join(root, 'first-site');
    const backupDir = path.join(root, 'first-backups');
    const handle = await openDatabase({ driver: 'pglite', dataDir: path.join(dataDir, 'pglite') });
    await handle.migrate();
    await handle.close();
    vi.stubEnv('DATA_DIR', dataDir);
    vi.stubEnv('BACKUP_DIR', backupDir);
    vi.stubEnv('BACKUP_KEEP', '1');
    vi.stubEnv('LOG_LEVEL', 'silent');
    // A backup made by hand, as `npm run backup` names it, older than any the schedule writes.
    fs.mkdirSync(backupDir, { recursive: true });
    fs.writeFileSync(path.join(backupDir, 'summit-manual-20260101-000000.zip'), 'by hand');
    const every = 6000;
    const began = Date.now();
    const scheduled = () => fs.readdirSync(backupDir).filter((name) => /^summit-\d{8}-\d{6}\.zip$/.test(name));
    // A start, then a restart halfway through: neither moves the first backup earlier or later.
    let schedule = startScheduledBackups({ backupDir, backupEveryMs: every }, { firstRunDelayMs: 0 });
    await new Promise((resolve) => setTimeout(resolve, every / 2));
    schedule.stop();
    expect(scheduled()).toEqual([]);
    schedule = startScheduledBackups({ backupDir, backupEveryMs: every }, { firstRunDelayMs: 0 });
    try {
      await vi.waitFor(() => expect(scheduled().length).toBeGreaterThanOrEqual(2), { timeout: 80_000, interval: 200 });
    } finally {
      schedule.stop();
    }
    const first = fs.statSync(path.join(backupDir, scheduled().sort()[0]!)).mtimeMs;
    expect(first - began).toBeGreaterThanOrEqual(every);
    // BACKUP_KEEP=1 pruned the older scheduled one, never the one made by hand.
    await vi.waitFor(() => expect(scheduled()).toHaveLength(1), { timeout: 10_000 });
    expect(fs.existsSync(path.join(backupDir, 'summit-manual-20260101-000000.zip'))).toBe(true);
  },
);
