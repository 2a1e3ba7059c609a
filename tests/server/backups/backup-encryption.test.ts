/**
 * Backups hold the secret every personal link is derived from, the webhook secrets, the password,
 * token and session hashes and every registrant's e-mail (docs/decisions/0068). Here, with the
 * real commands: a restored folder is owner-only whatever it was before; with
 * BACKUP_ENCRYPTION_KEY (an age recipient) a backup is an age file, `.zip.age`, owner-only, that
 * restores with its identity (BACKUP_DECRYPTION_KEY or --key-file) and is refused, changing
 * nothing, with another key or none; an unencrypted backup still restores; scheduled backups are
 * encrypted too.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Decrypter, generateIdentity, identityToRecipient } from 'age-encryption';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { digestTable, siteTables } from '../../../src/server/backups/tables.ts';
import { startScheduledBackups } from '../../../src/server/backups/schedule.ts';
import { openDatabase, type DbHandle } from '../../../src/server/db/client.ts';
import { parseEnv } from '../../../src/server/env.ts';
import { seedDemoContent } from '../../../src/server/demo-content/seed.ts';
import { registerAttendee } from '../../../src/server/registrants/register.ts';
import { configureUploads } from '../../../src/server/uploads/upload-storage.ts';
import { modeOf, openToOthers } from '../../support/file-modes.ts';

const run = promisify(execFile);

interface Outcome {
  code?: number;
  stdout: string;
  stderr: string;
}

/** The real command, started from a shell with the given umask, as a host's shell would. */
function command(name: 'backup' | 'restore', args: string[], env: Record<string, string>, umask = '022'): Promise<Outcome> {
  const script = path.resolve(`src/server/cli/${name}.ts`);
  return run('sh', ['-c', `umask ${umask} && exec "$0" "$@"`, process.execPath, script, ...args], {
    env: { ...process.env, LOG_LEVEL: 'silent', BACKUP_ENCRYPTION_KEY: '', BACKUP_DECRYPTION_KEY: '', ...env },
  }).catch((error: Outcome) => error);
}

async function tablesOf(dataDir: string): Promise<Record<string, unknown>> {
  const handle = await openDatabase({ driver: 'pglite', dataDir: path.join(dataDir, 'pglite') });
  try {
    return await handle.transact(async (session) => {
      const result: Record<string, unknown> = {};
      for (const table of await siteTables(session)) result[table] = await digestTable(session, table);
      return result;
    });
  } finally {
    await handle.close();
  }
}

async function register(handle: DbHandle, email: string) {
  return registerAttendee({ db: handle.db, editionSlug: 'july', input: { firstName: 'Ada', email, consent: false } as never });
}

describe('encrypted backups and owner-only restores', () => {
  let root: string;
  let site: string;
  let identity: string;
  let recipient: string;
  let original: Record<string, unknown>;

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'summit-encrypted-'));
    site = path.join(root, 'site');
    configureUploads(site);
    const handle = await openDatabase({ driver: 'pglite', dataDir: path.join(site, 'pglite') });
    await handle.migrate();
    await seedDemoContent(handle.db);
    for (let index = 0; index < 5; index++) await register(handle, `secret${index}@encrypted.example`);
    await handle.close();
    original = await tablesOf(site);
    identity = await generateIdentity();
    recipient = await identityToRecipient(identity);
  }, 180_000);
  afterAll(() => {
    vi.unstubAllEnvs();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('restores an unencrypted backup into a folder left owner-only, whatever it was before', async () => {
    const file = path.join(root, 'plain.zip');
    expect(await command('backup', ['--out', file], { DATA_DIR: site })).toMatchObject({ stdout: expect.stringMatching(/^Backed up/) });
    expect(modeOf(file)).toBe('600');
    // A folder a host made by hand under umask 002, holding an old backup readable by all.
    const target = path.join(root, 'restored-plain');
    fs.mkdirSync(path.join(target, 'backups'), { recursive: true });
    fs.writeFileSync(path.join(target, 'backups', 'old.zip'), 'zip');
    fs.chmodSync(target, 0o775);
    fs.chmodSync(path.join(target, 'backups'), 0o755);
    fs.chmodSync(path.join(target, 'backups', 'old.zip'), 0o644);
    // With a decryption key set too: a plain backup ignores it.
    const restored = await command(
      'restore',
      [file, '--data-dir', target, '--resume-outbound'],
      { BACKUP_DECRYPTION_KEY: identity },
      '002',
    );
    expect(restored).toMatchObject({ stdout: expect.stringContaining(`into ${target}`) });
    expect(openToOthers(target)).toEqual([]);
    expect(await tablesOf(target)).toEqual(original);
  }, 180_000);

  it('writes an age file, .zip.age, owner-only, and restores it with its identity', async () => {
    const backup = await command('backup', ['--out', path.join(root, 'secret.zip')], { DATA_DIR: site, BACKUP_ENCRYPTION_KEY: recipient });
    const file = path.join(root, 'secret.zip.age');
    expect(backup).toMatchObject({ stdout: expect.stringContaining(`to ${file} (encrypted with BACKUP_ENCRYPTION_KEY)`) });
    expect(fs.existsSync(path.join(root, 'secret.zip'))).toBe(false);
    expect(modeOf(file)).toBe('600');
    const bytes = fs.readFileSync(file);
    // A standard age file (the age CLI's header), with nothing of the site readable in it.
    expect(bytes.subarray(0, 22).toString()).toBe('age-encryption.org/v1\n');
    expect(bytes.includes(Buffer.from('secret0@encrypted.example'))).toBe(false);
    expect(bytes.includes(Buffer.from('manifest.json'))).toBe(false);
    // age itself opens it: a zip inside.
    const decrypter = new Decrypter();
    decrypter.addIdentity(identity);
    expect(Buffer.from((await decrypter.decrypt(new Uint8Array(bytes))).subarray(0, 2)).toString()).toBe('PK');

    const target = path.join(root, 'restored-secret');
    const restored = await command('restore', [file, '--data-dir', target, '--resume-outbound'], { BACKUP_DECRYPTION_KEY: identity });
    expect(restored).toMatchObject({ stdout: expect.stringContaining(`into ${target}`) });
    expect(await tablesOf(target)).toEqual(original);
    expect(openToOthers(target)).toEqual([]);
    expect(fs.readdirSync(root).filter((name) => name.startsWith('.decrypting-'))).toEqual([]);

    // The identity from a key file, as `age-keygen -o key.txt` writes it (comments included).
    const keyFile = path.join(root, 'key.txt');
    fs.writeFileSync(keyFile, `# created: 2026-11-28\n# public key: ${recipient}\n${identity}\n`, { mode: 0o600 });
    const fromFile = path.join(root, 'restored-from-key-file');
    const withKeyFile = await command('restore', [file, '--data-dir', fromFile, '--key-file', keyFile, '--resume-outbound'], {});
    expect(withKeyFile).toMatchObject({ stdout: expect.stringContaining(`into ${fromFile}`) });
    expect(await tablesOf(fromFile)).toEqual(original);
  }, 180_000);

  it('refuses an encrypted backup with another key, or none, and changes nothing', async () => {
    const file = path.join(root, 'secret.zip.age');
    const target = path.join(root, 'restored-secret');
    const before = await tablesOf(target);
    const listing = () => fs.readdirSync(target).sort();
    const was = listing();
    const otherKey = await generateIdentity();
    const refusals: [Record<string, string>, string[], RegExp][] = [
      [{ BACKUP_DECRYPTION_KEY: otherKey }, ['--force'], /is encrypted to another key: the key given does not open it/],
      [{}, ['--force'], /is encrypted: give its key \(AGE-SECRET-KEY-1…\) with BACKUP_DECRYPTION_KEY or --key-file FILE/],
      [{}, ['--force', '--key-file', path.join(root, 'no-such-key.txt')], /The key file .* cannot be read/],
    ];
    for (const [env, flags, message] of refusals) {
      const refused = await command('restore', [file, '--data-dir', target, ...flags], env);
      expect(refused).toMatchObject({ code: 1, stderr: expect.stringMatching(message) });
      expect(refused.stderr).toContain('Nothing was changed.');
    }
    expect(listing()).toEqual(was);
    expect(await tablesOf(target)).toEqual(before);
    expect(fs.readdirSync(root).filter((name) => name.startsWith('.decrypting-'))).toEqual([]);
    // A new folder is not even made.
    const fresh = path.join(root, 'never-made', 'site');
    await command('restore', [file, '--data-dir', fresh], { BACKUP_DECRYPTION_KEY: otherKey });
    expect(fs.existsSync(path.join(root, 'never-made'))).toBe(false);
  }, 180_000);

  it('refuses a damaged encrypted backup as a whole', async () => {
    const bytes = fs.readFileSync(path.join(root, 'secret.zip.age'));
    const damaged = path.join(root, 'damaged.zip.age');
    fs.writeFileSync(damaged, Buffer.concat([bytes.subarray(0, bytes.length - 200), Buffer.alloc(200, 1)]));
    const target = path.join(root, 'restored-damaged');
    const refused = await command('restore', [damaged, '--data-dir', target], { BACKUP_DECRYPTION_KEY: identity });
    expect(refused).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/is damaged: it cannot be decrypted whole.*Nothing was changed\./),
    });
    expect(fs.existsSync(path.join(target, 'pglite'))).toBe(false);
    expect(fs.readdirSync(root).filter((name) => name.startsWith('.decrypting-'))).toEqual([]);
  }, 180_000);

  it('encrypts scheduled backups with the key too', { timeout: 90_000 }, async () => {
    const backupDir = path.join(root, 'scheduled');
    vi.stubEnv('DATA_DIR', site);
    vi.stubEnv('BACKUP_DIR', backupDir);
    vi.stubEnv('BACKUP_ENCRYPTION_KEY', recipient);
    vi.stubEnv('LOG_LEVEL', 'silent');
    const schedule = startScheduledBackups({ backupDir, backupEveryMs: 2000 }, { firstRunDelayMs: 0 });
    const written = () =>
      fs.existsSync(backupDir) ? fs.readdirSync(backupDir).filter((name) => !name.startsWith('.') && !name.endsWith('.partial')) : [];
    try {
      await vi.waitFor(() => expect(written()).toHaveLength(1), { timeout: 80_000, interval: 200 });
    } finally {
      schedule.stop();
    }
    const [name] = written();
    expect(name).toMatch(/^summit-\d{8}-\d{6}\.zip\.age$/);
    expect(fs.readFileSync(path.join(backupDir, name!)).subarray(0, 22).toString()).toBe('age-encryption.org/v1\n');
    expect(openToOthers(backupDir)).toEqual([]);
  });

  it('takes only a recipient as BACKUP_ENCRYPTION_KEY: an identity or a mistyped key stops the start', () => {
    expect(parseEnv({ BACKUP_ENCRYPTION_KEY: recipient }).BACKUP_ENCRYPTION_KEY).toBe(recipient);
    expect(() => parseEnv({ BACKUP_ENCRYPTION_KEY: identity })).toThrow(
      /BACKUP_ENCRYPTION_KEY: this is an identity \(the key that decrypts\)/,
    );
    // One character changed (never to itself: a random recipient ends in any of bech32's 32 letters).
    const mistyped = `${recipient.slice(0, -1)}${recipient.endsWith('x') ? 'q' : 'x'}`;
    expect(() => parseEnv({ BACKUP_ENCRYPTION_KEY: mistyped })).toThrow(/BACKUP_ENCRYPTION_KEY: an age recipient/);
    expect(() => parseEnv({ BACKUP_DECRYPTION_KEY: recipient })).toThrow(/BACKUP_DECRYPTION_KEY: an age identity/);
  });
});
