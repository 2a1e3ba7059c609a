/**
 * `npm run move-to-postgres` into a database that does not exist yet: made when the role may
 * create databases; otherwise refused with the exact `createdb` command, nothing changed. Needs
 * TEST_DATABASE_URL (a role that may create databases and roles, as CI's `postgres`).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createdbCommand } from '../../../src/server/backups/create-database.ts';
import { moveToPostgres } from '../../../src/server/backups/move-to-postgres.ts';
import { openDatabase } from '../../../src/server/db/client.ts';

const serverUrl = process.env.TEST_DATABASE_URL;
const suffix = `${process.pid}_${Date.now().toString(36)}`;
const missing = `summit_move_${suffix}`;
const role = `summit_nocreate_${suffix}`;

async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

const at = (name: string, user?: string) => {
  const url = new URL(serverUrl!);
  url.pathname = `/${name}`;
  if (user) {
    url.username = user;
    url.password = '';
  }
  return url.toString();
};

it('writes the createdb command with host, port and role, never the password, quoting what needs it', () => {
  expect(createdbCommand('postgres://summit:s3cret@db.example.com:6543/summit')).toBe(
    'createdb -h db.example.com -p 6543 -U summit summit',
  );
  expect(createdbCommand('postgres://localhost/my%20summit')).toBe("createdb -h localhost -p 5432 'my summit'");
});

describe.skipIf(!serverUrl)('the move into a database that does not exist', () => {
  let root: string;
  let dataDir: string;

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'summit-move-create-'));
    dataDir = path.join(root, 'data');
    const source = await openDatabase({ driver: 'pglite', dataDir: path.join(dataDir, 'pglite') });
    await source.migrate();
    await source.close();
    await admin((client) => client.query(`CREATE ROLE ${role} LOGIN NOCREATEDB`));
  }, 120_000);
  afterAll(async () => {
    await admin(async (client) => {
      await client.query(`DROP DATABASE IF EXISTS ${missing} WITH (FORCE)`);
      await client.query(`DROP ROLE IF EXISTS ${role}`);
    });
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('refuses with the exact createdb command when the role may not create it, and creates nothing', async () => {
    const url = at(missing, role);
    await expect(moveToPostgres({ dataDir, url })).rejects.toThrow(
      `your role may not create databases). Create it, then run the move again:\n  ${createdbCommand(url)}\nNothing was changed.`,
    );
    const { rows } = await admin((client) => client.query('SELECT 1 FROM pg_database WHERE datname = $1', [missing]));
    expect(rows).toHaveLength(0);
  });

  it('creates it when the role may, then moves every table into it', async () => {
    const moved = await moveToPostgres({ dataDir, url: at(missing) });
    expect(moved.length).toBeGreaterThan(10);
    expect(moved.every((table) => table.same)).toBe(true);
  }, 120_000);
});
