import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeEach, expect, it } from 'vitest';
import { apiTokens } from '../../../src/server/db/schema.ts';
import { openDatabase } from '../../../src/server/db/client.ts';
import { apiTokensScreen } from '../../../src/server/api/tokens-screen.ts';
import { upsertAdmin, type AdminUser } from '../../../src/server/auth/accounts.ts';
import { parseIdentifier } from '../../../src/domain/sign-in.ts';
import { describeEachDatabase, useTestDatabase } from '../../support/databases.ts';
import { startFresh, useApiServer } from './support/api-server.ts';

const run = promisify(execFile);

const post = (fields: [string, string][]) =>
  new Request('http://localhost/admin/api-tokens', {
    method: 'POST',
    body: new URLSearchParams(fields),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });

describeEachDatabase('API tokens', (database) => {
  const ctx = useTestDatabase(database, { seed: true });
  const api = useApiServer(ctx);
  let ADMIN: AdminUser;
  beforeEach(async () => {
    await startFresh(ctx.db);
    const { id } = await upsertAdmin(ctx.db, parseIdentifier('host@example.com')!, 'a long enough password');
    ADMIN = { id, email: 'host@example.com', phone: null };
  });
  const screen = async (fields: [string, string][]) => {
    const outcome = await apiTokensScreen({ handle: ctx.handle, admin: ADMIN, request: post(fields) });
    if (outcome.kind !== 'show') throw new Error(outcome.kind);
    return outcome;
  };

  it('makes a token shown once and stored hashed, shows when it was last used, and revokes it', async () => {
    const bad = await screen([
      ['action', 'create'],
      ['name', ' '],
      ['scope', 'admin'],
      ['edition', 'nowhere'],
    ]);
    expect(bad.status).toBe(422);
    expect(bad.state.form.errors).toMatchObject({ name: expect.stringContaining('name'), scope: 'Choose read or write.' });
    const made = await screen([
      ['action', 'create'],
      ['name', 'ThriveCart'],
      ['scope', 'read'],
      ['edition', 'august'],
    ]);
    expect(made.status).toBe(200);
    const token = made.state.token!.value;
    expect(token).toMatch(/^sat_[A-Za-z0-9_-]{43}$/);
    const [row] = await ctx.db.select().from(apiTokens);
    expect(row).toMatchObject({ name: 'ThriveCart', scope: 'read', tokenHash: createHash('sha256').update(token).digest('hex') });
    expect(JSON.stringify(row)).not.toContain(token);
    expect(made.state.tokens).toMatchObject([{ name: 'ThriveCart', edition: 'august', lastUsedAt: null, revokedAt: null }]);

    expect((await api.call(token, 'GET', '/editions')).status).toBe(200);
    const listed = await apiTokensScreen({ handle: ctx.handle, admin: ADMIN, request: new Request('http://localhost/admin/api-tokens') });
    expect(listed.kind === 'show' && listed.state.tokens[0]?.lastUsedAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(listed.kind === 'show' && listed.state.token).toBeUndefined();

    const revoked = await screen([
      ['action', 'revoke'],
      ['id', String(row!.id)],
    ]);
    expect(revoked.state.message).toContain('revoked');
    expect((await api.call(token, 'GET', '/editions')).status).toBe(401);
    expect(
      (
        await screen([
          ['action', 'revoke'],
          ['id', 'x'],
        ])
      ).status,
    ).toBe(422);
  });
});

it('npm run token:create prints a working token on its last line, and refuses a bad scope', { timeout: 60_000 }, async () => {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'token-create-'));
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn', SEED_DEMO_CONTENT: 'false' };
  try {
    const cli = path.resolve('src/server/cli/token-create.ts');
    const refused = await run(process.execPath, [cli, '--name', 'ci', '--scope', 'admin'], { env }).catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect(refused).toMatchObject({ code: 1, stderr: expect.stringContaining('Choose read or write.') });
    const { stdout } = await run(process.execPath, [cli, '--name', 'ci', '--scope', 'write'], { env });
    const token = stdout.trim().split('\n').at(-1)!;
    expect(token).toMatch(/^sat_/);
    const handle = await openDatabase({ driver: 'pglite', dataDir: path.join(dataDir, 'pglite') });
    try {
      const rows = await handle.db.select().from(apiTokens);
      expect(rows).toMatchObject([{ name: 'ci', scope: 'write', tokenHash: createHash('sha256').update(token).digest('hex') }]);
    } finally {
      await handle.close();
    }
  } finally {
    await fs.rm(dataDir, { recursive: true, force: true });
  }
});
