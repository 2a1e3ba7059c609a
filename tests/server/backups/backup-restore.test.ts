/**
 * `npm run backup` and `npm run restore`, the real commands, on an embedded database folder
 * (docs/decisions/0061): a backup of a stopped site and of a running one (the site copies its own
 * database while registrations go on), a restore compared table by table with the original, and
 * the refusals that overwrite nothing: a folder in use, a file cut short, changed or too new.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import yauzl from 'yauzl';
import yazl from 'yazl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAdminSocket } from '../../../src/server/admin-socket/admin-socket.ts';
import { digestTable, siteTables } from '../../../src/server/backups/tables.ts';
import { openDatabase, type DbHandle } from '../../../src/server/db/client.ts';
import { currentSchemaVersion } from '../../../src/server/db/schema-version.ts';
import { seedDemoContent } from '../../../src/server/demo-content/seed.ts';
import { registerAttendee } from '../../../src/server/registrants/register.ts';
import { configureUploads } from '../../../src/server/uploads/upload-storage.ts';

const run = promisify(execFile);

function command(name: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  return run(process.execPath, [path.resolve(`src/server/cli/${name}.ts`), ...args], {
    env: { ...process.env, LOG_LEVEL: 'silent', ...env },
  }).catch((error: { code: number; stdout: string; stderr: string }) => error);
}

/** Every table's row count and checksum, and every stored file's bytes. */
async function contents(dataDir: string): Promise<{ tables: Record<string, unknown>; files: Record<string, string> }> {
  const handle = await openDatabase({ driver: 'pglite', dataDir: path.join(dataDir, 'pglite') });
  try {
    const tables = await handle.transact(async (session) => {
      const result: Record<string, unknown> = {};
      for (const table of await siteTables(session)) result[table] = await digestTable(session, table);
      return result;
    });
    return { tables, files: filesUnder(path.join(dataDir, 'uploads')) };
  } finally {
    await handle.close();
  }
}

function filesUnder(root: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (entry.isFile())
      files[path.relative(root, path.join(entry.parentPath, entry.name))] = fs
        .readFileSync(path.join(entry.parentPath, entry.name))
        .toString('base64')
        .slice(0, 64);
  }
  return files;
}

async function register(handle: DbHandle, email: string) {
  return registerAttendee({ db: handle.db, editionSlug: 'july', input: { firstName: 'Ada', email, consent: false } as never });
}

describe('backup and restore of the embedded database', () => {
  let root: string;
  let site: string;

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'summit-backups-'));
    site = path.join(root, 'site');
    configureUploads(site);
    const handle = await openDatabase({ driver: 'pglite', dataDir: path.join(site, 'pglite') });
    await handle.migrate();
    await seedDemoContent(handle.db);
    for (let index = 0; index < 20; index++) await register(handle, `listener${index}@backup.example`);
    await handle.close();
  }, 120_000);
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('backs up a stopped site and restores it into an empty folder, every table and file the same', async () => {
    const file = path.join(root, 'stopped.zip');
    const backup = await command('backup', ['--out', file], { DATA_DIR: site });
    expect(backup).toMatchObject({ stdout: expect.stringMatching(/^Backed up \d+ tables/) });
    expect(fs.existsSync(`${file}.partial`)).toBe(false);

    const target = path.join(root, 'restored');
    const restored = await command('restore', [file, '--data-dir', target, '--resume-outbound'], {});
    expect(restored).toMatchObject({ stdout: expect.stringContaining(`into ${target}`) });
    const [original, copy] = [await contents(site), await contents(target)];
    expect(Object.keys(original.tables).length).toBeGreaterThan(20);
    expect(copy).toEqual(original);
    expect(Object.keys(copy.files).length).toBeGreaterThan(0);
  }, 180_000);

  it('refuses a folder that is not empty, and with --force moves what it replaces aside', async () => {
    const file = path.join(root, 'stopped.zip');
    const target = path.join(root, 'restored');
    const before = await contents(target);
    const refused = await command('restore', [file, '--data-dir', target, '--resume-outbound'], {});
    expect(refused).toMatchObject({ code: 1, stderr: expect.stringContaining('is not empty') });
    expect(await contents(target)).toEqual(before);

    const forced = await command('restore', [file, '--data-dir', target, '--force', '--resume-outbound'], {});
    expect(forced).toMatchObject({ stdout: expect.stringContaining('The database and media it replaced are in') });
    expect(fs.readdirSync(target).some((name) => name.startsWith('replaced-'))).toBe(true);
    expect(await contents(target)).toEqual(before);
  }, 180_000);

  it('refuses a file cut short, a changed file and one from a newer version, and writes nothing', async () => {
    const file = path.join(root, 'stopped.zip');
    const bytes = fs.readFileSync(file);
    const cut = path.join(root, 'cut.zip');
    fs.writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length / 2)));
    const changed = path.join(root, 'changed.zip');
    await rewrite(file, changed, (name, data) =>
      name.startsWith('tables/registrants') ? Buffer.from(data.toString().replace('listener1@', 'intruder@')) : data,
    );
    const newer = path.join(root, 'newer.zip');
    await rewrite(file, newer, (name, data) => {
      if (name !== 'manifest.json') return data;
      const manifest = JSON.parse(data.toString());
      manifest.schema = { migrations: currentSchemaVersion().migrations + 1, tag: '9999_from_the_future' };
      return Buffer.from(JSON.stringify(manifest));
    });
    const expectations: [string, RegExp][] = [
      [cut, /is not a complete backup/],
      [changed, /tables\/registrants\.jsonl does not match its checksum/],
      [newer, /comes from a newer version of the site/],
    ];
    for (const [backup, message] of expectations) {
      const target = path.join(root, `target-${path.basename(backup)}`);
      const refused = await command('restore', [backup, '--data-dir', target], {});
      expect(refused).toMatchObject({ code: 1, stderr: expect.stringMatching(message) });
      expect((refused as { stderr: string }).stderr).toContain('Nothing was changed.');
      expect(fs.existsSync(path.join(target, 'pglite'))).toBe(false);
    }
  }, 180_000);

  it('backs up a running site: it copies its own database while registrations go on', async () => {
    const running = await openDatabase({ driver: 'pglite', dataDir: path.join(site, 'pglite') });
    const socket = await startAdminSocket(running.db, { dataDir: site, siteUrl: 'http://127.0.0.1:1', copyDatabase: running.copyRunning });
    try {
      const count = async () =>
        (await running.transact((s) => s.query<{ n: number }>('select count(*)::int as n from registrants'))).rows[0]!.n;
      const before = await count();
      let registering = true;
      let made = 0;
      // One registration after another, each after the event loop's I/O (as requests arrive in the site).
      const burst = (async () => {
        while (registering) {
          await register(running, `burst${made++}@backup.example`);
          await new Promise((resolve) => setImmediate(resolve));
        }
      })();
      const file = path.join(root, 'running.zip');
      const backup = await command('backup', ['--out', file], { DATA_DIR: site });
      registering = false;
      await burst;
      expect(backup).toMatchObject({ stdout: expect.stringMatching(/^Backed up/) });
      const manifest = JSON.parse(await entryText(file, 'manifest.json'));
      const registrants = manifest.tables.find((table: { name: string }) => table.name === 'registrants').rows;
      expect(registrants).toBeGreaterThanOrEqual(before);
      expect(registrants).toBeLessThanOrEqual(await count());
      // Consistent: every registrant in the backup has its confirmation queued, in the same backup.
      const target = path.join(root, 'from-running');
      await command('restore', [file, '--data-dir', target, '--resume-outbound'], {});
      const copy = await openDatabase({ driver: 'pglite', dataDir: path.join(target, 'pglite') });
      const orphans = await copy.transact((s) =>
        s.query<{ n: number }>(
          'select count(*)::int as n from registrants r where not exists (select 1 from mail_outbox m where m.registrant_id = r.id)',
        ),
      );
      await copy.close();
      expect(orphans.rows[0]!.n).toBe(0);
    } finally {
      await socket.stop();
      await running.close();
    }
  }, 180_000);
});

async function entryText(file: string, name: string): Promise<string> {
  const zip = await yauzl.openPromise(file);
  try {
    for await (const entry of zip.eachEntry()) {
      if (entry.fileName !== name) continue;
      const chunks: Buffer[] = [];
      for await (const chunk of await zip.openReadStreamPromise(entry)) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks).toString();
    }
    throw new Error(`no ${name}`);
  } finally {
    zip.close();
  }
}

/** Copies a backup with some entries changed (the manifest as it was, unless changed too). */
async function rewrite(from: string, to: string, change: (name: string, data: Buffer) => Buffer): Promise<void> {
  const source = await yauzl.openPromise(from, { autoClose: false });
  const target = new yazl.ZipFile();
  const written = new Promise<void>((resolve) => target.outputStream.pipe(fs.createWriteStream(to)).on('close', resolve));
  for await (const entry of source.eachEntry()) {
    const chunks: Buffer[] = [];
    for await (const chunk of await source.openReadStreamPromise(entry)) chunks.push(chunk as Buffer);
    target.addBuffer(change(entry.fileName, Buffer.concat(chunks)), entry.fileName);
  }
  source.close();
  target.end();
  await written;
}
