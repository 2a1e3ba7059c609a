/**
 * Files only the site's user can read (docs/decisions/0068). A review found the embedded
 * database's files 0666 under umask 022, and backups 0644 in a 0755 folder: any local user could
 * rewrite the admin's password hash or read every registrant. Here, on real files, whatever the
 * umask the site was started with: the database folder, a backup, the outbox and the uploads are
 * owner-only (0700 folders, 0600 files), and the server's start tightens a widened DATA_DIR and
 * says which paths were open.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backUpSite } from '../../../src/server/backups/take-backup.ts';
import { openDatabase } from '../../../src/server/db/client.ts';
import { parseEnv } from '../../../src/server/env.ts';
import { fileTransport } from '../../../src/server/mail/transport.ts';
import { localFolderStorage } from '../../../src/server/uploads/upload-storage.ts';
import { modeOf, openToOthers, underUmask } from '../../support/file-modes.ts';

let root: string;
beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'owner-only-'));
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe.each([
  ['022', 0o022],
  ['002', 0o002],
])('under umask %s', (name, mask) => {
  const site = () => path.join(root, `site-${name}`);

  it('the embedded database folder is owner-only, every file PGlite writes included', async () => {
    await underUmask(mask, async () => {
      const handle = await openDatabase({ driver: 'pglite', dataDir: path.join(site(), 'pglite') });
      await handle.migrate();
      await handle.close();
    });
    expect(fs.readdirSync(path.join(site(), 'pglite')).length).toBeGreaterThan(5);
    expect(openToOthers(site())).toEqual([]);
  }, 120_000);

  it('a backup and the folder made for it are owner-only', async () => {
    const config = parseEnv({ DATA_DIR: site() });
    const file = path.join(config.backupDir, 'summit-test.zip');
    await underUmask(mask, () => backUpSite(config, file));
    expect(modeOf(file)).toBe('600');
    expect(modeOf(config.backupDir)).toBe('700');
    expect(openToOthers(site())).toEqual([]);
  }, 120_000);

  it("the outbox's messages are owner-only", async () => {
    const outbox = path.join(site(), 'outbox');
    await underUmask(mask, () =>
      fileTransport(outbox).send({ to: 'ada@example.com', subject: 'Your access', text: 'link', html: '<p>link</p>' }, 'host@example.com'),
    );
    expect(fs.readdirSync(outbox).filter((entry) => entry.endsWith('.eml'))).toHaveLength(1);
    expect(openToOthers(outbox)).toEqual([]);
  });

  it('uploads are owner-only, stored, moved in from another folder or copied', async () => {
    const uploads = path.join(site(), 'uploads');
    const storage = localFolderStorage(uploads);
    const arriving = path.join(root, `arriving-${name}.png`);
    await underUmask(mask, async () => {
      await storage.put('images/logo.png', Buffer.from('png'));
      fs.writeFileSync(arriving, 'png'); // a temporary file elsewhere, made under the host's umask
      await storage.putFile('images/moved/photo.png', arriving);
      await storage.copy('images/logo.png', 'images/copies/logo.png');
    });
    expect(fs.readdirSync(path.join(uploads, 'images'), { recursive: true })).toHaveLength(5);
    expect(openToOthers(uploads)).toEqual([]);
  });
});

async function freePort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;
  server.close();
  return port;
}

/** Starts the real server (src/server/boot.ts) under `umask`, waits until it listens, stops it; returns its log. */
async function startAndStop(dataDir: string, umask: string, env: Record<string, string> = {}): Promise<string> {
  const tsx = path.resolve('node_modules/.bin/tsx');
  const server = spawn('sh', ['-c', `umask ${umask} && exec "$0" tests/support/start-bare-server.ts`, tsx], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      SEED_DEMO_CONTENT: 'false',
      BACKUP_EVERY: 'off',
      ...env,
    },
  });
  let log = '';
  server.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const exited = once(server, 'exit');
  await new Promise<void>((resolve, reject) => {
    server.stdout.on('data', (chunk: Buffer) => {
      log += chunk.toString();
      if (log.includes('"msg":"listening"')) resolve();
    });
    void exited.then(() => reject(new Error(`the server stopped before listening:\n${log}`)));
  });
  server.kill('SIGTERM');
  await exited;
  return log;
}

describe("the server's start", () => {
  it('tightens a DATA_DIR open to other users, names what was open, and keeps what it writes owner-only', async () => {
    const dataDir = path.join(root, 'widened');
    // As a restored folder, a copy or an older version of the site may have left it.
    fs.mkdirSync(path.join(dataDir, 'uploads', 'images'), { recursive: true });
    fs.mkdirSync(path.join(dataDir, 'backups'));
    fs.writeFileSync(path.join(dataDir, 'uploads', 'images', 'logo.png'), 'png');
    fs.writeFileSync(path.join(dataDir, 'backups', 'summit-20260101-000000.zip'), 'zip');
    fs.chmodSync(dataDir, 0o777);
    fs.chmodSync(path.join(dataDir, 'uploads'), 0o775);
    fs.chmodSync(path.join(dataDir, 'uploads', 'images', 'logo.png'), 0o666);
    fs.chmodSync(path.join(dataDir, 'backups', 'summit-20260101-000000.zip'), 0o644);
    // DATA_DIR named through a link (a data folder on another disk): the folder it points at is checked.
    const link = path.join(root, 'data-link');
    fs.symlinkSync(dataDir, link);
    // A BACKUP_DIR elsewhere, in a folder other things share: its backups are tightened, nothing deeper.
    const backupDir = path.join(root, 'shared', 'backups');
    fs.mkdirSync(path.join(backupDir, 'someone-elses'), { recursive: true });
    fs.writeFileSync(path.join(backupDir, 'summit-20260102-000000.zip'), 'zip');
    fs.writeFileSync(path.join(backupDir, 'someone-elses', 'notes.txt'), 'notes');
    fs.chmodSync(path.join(backupDir, 'summit-20260102-000000.zip'), 0o644);
    fs.chmodSync(path.join(backupDir, 'someone-elses', 'notes.txt'), 0o644);

    const log = await startAndStop(link, '002', { BACKUP_DIR: backupDir });

    const warnings = log.split('\n').filter((line) => line.includes('were open to other users'));
    const warning = warnings.find((line) => line.includes(`in ${link} were open`));
    expect(warning).toBeDefined();
    expect(warning).toContain(`${dataDir} was 0777`);
    expect(warning).toContain(path.join(dataDir, 'uploads', 'images', 'logo.png'));
    expect(JSON.parse(warning!)).toMatchObject({ level: 'warn' });
    const backupWarning = warnings.find((line) => line.includes(`in ${backupDir} were open`));
    expect(JSON.parse(backupWarning!).paths).toContain(path.join(backupDir, 'summit-20260102-000000.zip'));
    // The new database the start made, its lock, the uploads and the old backup: all owner-only.
    expect(fs.existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true);
    expect(openToOthers(dataDir)).toEqual([]);
    expect(modeOf(path.join(backupDir, 'summit-20260102-000000.zip'))).toBe('600');
    expect(modeOf(path.join(backupDir, 'someone-elses', 'notes.txt'))).toBe('644');
  }, 120_000);

  it('says nothing when DATA_DIR is owner-only already', async () => {
    const log = await startAndStop(path.join(root, 'widened'), '022');
    expect(log).not.toContain('open to other users');
    expect(openToOthers(path.join(root, 'widened'))).toEqual([]);
  }, 120_000);
});
