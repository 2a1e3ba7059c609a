/**
 * The commands find the site they are meant for: with DATA_DIR unset, `admin:create` run in the
 * project folder works on the running site's data and prints the address it serves (not a second,
 * empty database in ./data); two running sites make it ask which; none makes it say which folder
 * it is about to use or create.
 */
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { parseIdentifier } from '../../../src/domain/sign-in.ts';
import { startAdminSocket } from '../../../src/server/admin-socket/admin-socket.ts';
import { findAdminByIdentifier } from '../../../src/server/auth/accounts.ts';
import { openDatabase, type DbHandle } from '../../../src/server/db/client.ts';
import { findSite } from '../../../src/server/cli/find-site.ts';
import { recordRunningSite, runningSites } from '../../../src/server/processes/running-sites.ts';

const run = promisify(execFile);
const PROJECT = path.resolve('.');
const SITE = 'http://127.0.0.1:5177';

describe('a command run without DATA_DIR', () => {
  let root: string;
  let handle: DbHandle;
  let socket: { stop(): Promise<void> };
  const removals: Array<() => void> = [];

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'summit-find-site-'));
    // The running site: it holds the folder's lock, listens on the admin socket and says where it is.
    handle = await openDatabase({ driver: 'pglite', dataDir: path.join(root, 'pglite') });
    await handle.migrate();
    socket = await startAdminSocket(handle.db, { dataDir: root, siteUrl: SITE });
    removals.push(recordRunningSite(PROJECT, { dataDir: root, url: SITE, database: 'embedded' }));
  }, 60_000);
  afterAll(async () => {
    for (const remove of removals) remove();
    await socket?.stop();
    await handle?.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  const adminCreate = (email: string) => {
    const { DATA_DIR: _unset, ...environment } = process.env;
    return run(process.execPath, [path.resolve('src/server/cli/admin-create.ts'), '--email', email], {
      cwd: PROJECT,
      env: { ...environment, ADMIN_PASSWORD: 'a long enough password', LOG_LEVEL: 'silent' },
    });
  };

  it('works on the running site’s data and names the address it serves', async () => {
    const { stdout, stderr } = await adminCreate('found@tidewater.example');
    expect(stderr).toContain(`Using the data of the site running at ${SITE} (DATA_DIR=${root}).`);
    expect(stdout.trim()).toBe(`Created the admin found@tidewater.example. Sign in at ${SITE}/admin`);
    expect(await findAdminByIdentifier(handle.db, parseIdentifier('found@tidewater.example')!)).toBeTruthy();
  }, 60_000);

  it('asks which site when two run from the folder, and changes nothing', async () => {
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    const otherDir = path.join(root, 'other');
    removals.push(recordRunningSite(PROJECT, { dataDir: otherDir, url: 'http://127.0.0.1:5178', database: 'embedded' }, other.pid));
    try {
      const refused = await adminCreate('second@tidewater.example').catch((error: { code: number; stderr: string }) => error);
      expect(refused).toMatchObject({ code: 1 });
      const { stderr } = refused as { stderr: string };
      expect(stderr).toContain('2 sites are running from this folder');
      expect(stderr).toContain(`DATA_DIR=${root}   (serving ${SITE})`);
      expect(stderr).toContain(`DATA_DIR=${otherDir}   (serving http://127.0.0.1:5178)`);
      expect(stderr).toContain('Set DATA_DIR to the one you mean.');
      expect(await findAdminByIdentifier(handle.db, parseIdentifier('second@tidewater.example')!)).toBeFalsy();
      expect(fs.existsSync(otherDir)).toBe(false);
    } finally {
      other.kill();
      removals.pop()!();
    }
  }, 60_000);
});

describe('finding the site', () => {
  it('ignores a record whose process is gone, and one that is not a record', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'summit-find-site-'));
    recordRunningSite(root, { dataDir: '/gone', url: 'http://x', database: 'embedded' }, 2 ** 22 + 12345);
    fs.writeFileSync(path.join(root, '.running-sites', 'junk.json'), '{"pid":"no"}');
    expect(runningSites(root)).toEqual([]);
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('says plainly which folder it will use or create when no site runs, and keeps DATA_DIR when set', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'summit-find-site-'));
    const said = vi.spyOn(console, 'error').mockImplementation(() => {});
    const cwd = process.cwd();
    try {
      process.chdir(root);
      findSite({}, root);
      expect(said).toHaveBeenLastCalledWith(
        `No site is running from this folder, and ${path.join(fs.realpathSync(root), 'data')} does not exist yet: it will be created (set DATA_DIR to use your site's data folder).`,
      );
      fs.mkdirSync('data');
      findSite({}, root);
      expect(said).toHaveBeenLastCalledWith(
        `No site is running from this folder: using the data folder ${path.join(fs.realpathSync(root), 'data')} (set DATA_DIR for another).`,
      );
      const given = { DATA_DIR: '/srv/summit' };
      said.mockClear();
      findSite(given, root);
      expect(given).toEqual({ DATA_DIR: '/srv/summit' });
      expect(said).not.toHaveBeenCalled();
    } finally {
      process.chdir(cwd);
      said.mockRestore();
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  it('asks for DATABASE_URL when the running site keeps its data in Postgres', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'summit-find-site-'));
    const remove = recordRunningSite(root, { dataDir: '/srv/summit', url: 'https://summit.example', database: 'postgres' });
    try {
      expect(() => findSite({}, root)).toThrow('keeps its data in Postgres: set DATABASE_URL as the site has it.');
    } finally {
      remove();
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
