/**
 * `npm run admin:create` while the site runs on the embedded database: the folder is locked by
 * the running process, so the command asks it over its owner-only socket, and it creates the
 * admin and names the address it serves (not a port the command guessed).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseIdentifier } from '../../../src/domain/sign-in.ts';
import { adminSocketPath, startAdminSocket } from '../../../src/server/admin-socket/admin-socket.ts';
import { findAdminByIdentifier } from '../../../src/server/auth/accounts.ts';
import { verifyPassword } from '../../../src/server/auth/passwords.ts';
import { openDatabase, type DbHandle } from '../../../src/server/db/client.ts';

const run = promisify(execFile);
const SITE = 'http://127.0.0.1:5123';

describe('admin:create while the site runs on the embedded database', () => {
  let root: string;
  let handle: DbHandle;
  let socket: { stop(): Promise<void> };

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'summit-admin-socket-'));
    // The running site: it holds the folder's lock and listens on the socket.
    handle = await openDatabase({ driver: 'pglite', dataDir: path.join(root, 'pglite') });
    await handle.migrate();
    socket = await startAdminSocket(handle.db, { dataDir: root, siteUrl: SITE });
  }, 60_000);
  afterAll(async () => {
    await socket?.stop();
    await handle?.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  const adminCreate = (email: string, password: string) =>
    run(process.execPath, [path.resolve('src/server/cli/admin-create.ts'), '--email', email], {
      env: { ...process.env, DATA_DIR: root, ADMIN_PASSWORD: password, PORT: '4321', LOG_LEVEL: 'silent' },
    });

  it('opens the socket for its owner only', () => {
    expect(fs.statSync(adminSocketPath(root)).mode & 0o777).toBe(0o600);
  });

  it('creates the admin through the running site, which names the address it serves', async () => {
    const { stdout } = await adminCreate('host@tidewater.example', 'a long enough password');
    expect(stdout.trim()).toBe(`Created the admin host@tidewater.example. Sign in at ${SITE}/admin`);
    const admin = await findAdminByIdentifier(handle.db, parseIdentifier('host@tidewater.example')!);
    expect(await verifyPassword('a long enough password', admin!.passwordHash)).toBe(true);

    const again = await adminCreate('host@tidewater.example', 'another long password');
    expect(again.stdout).toContain('Updated the password of the admin host@tidewater.example');
  }, 60_000);

  it('a short password gets the rule, and nothing is saved', async () => {
    const refused = await adminCreate('second@tidewater.example', 'short').catch((error: { code: number; stderr: string }) => error);
    expect(refused).toMatchObject({ code: 1 });
    expect((refused as { stderr: string }).stderr).toMatch(/at least \d+ characters/);
    expect(await findAdminByIdentifier(handle.db, parseIdentifier('second@tidewater.example')!)).toBeFalsy();
  }, 60_000);
});
