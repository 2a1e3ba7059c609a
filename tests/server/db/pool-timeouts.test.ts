import net from 'node:net';
import { once } from 'node:events';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src/server/db/client.ts';
import { databaseOptions } from '../../../src/server/db/index.ts';
import { isDatabaseUnreachable } from '../../../src/server/db/unreachable.ts';
import { parseEnv } from '../../../src/server/env.ts';

/**
 * The Postgres pool's connect and statement timeouts, settings with defaults.
 * A server that accepts connections and never answers stands for one that hangs (a real TCP
 * listener on loopback); the statement timeout is Postgres's own, on the TEST_DATABASE_URL server.
 */
const silent = net.createServer(() => {}); // accepts, never speaks
const sockets: net.Socket[] = [];
silent.on('connection', (socket) => sockets.push(socket));

afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  silent.close();
});

describe('Postgres pool timeouts', () => {
  it('come from the settings, with defaults that need no setup', () => {
    const defaults = databaseOptions(parseEnv({ DATABASE_URL: 'postgres://u@db.example:5432/summit' }));
    expect(defaults).toMatchObject({ poolSize: 10, connectTimeoutMs: 10_000, statementTimeoutMs: 30_000 });
    const chosen = databaseOptions(
      parseEnv({
        DATABASE_URL: 'postgres://u@db.example:5432/summit',
        DATABASE_POOL_SIZE: '4',
        DATABASE_CONNECT_TIMEOUT_SECONDS: '2.5',
        DATABASE_STATEMENT_TIMEOUT_SECONDS: '0',
      }),
    );
    expect(chosen).toMatchObject({ poolSize: 4, connectTimeoutMs: 2500, statementTimeoutMs: 0 });
    expect(() => parseEnv({ DATABASE_CONNECT_TIMEOUT_SECONDS: '0' })).toThrow(/DATABASE_CONNECT_TIMEOUT_SECONDS/);
  });

  it('a server that never answers fails a query within the connect timeout, as unreachable', async () => {
    silent.listen(0, '127.0.0.1');
    await once(silent, 'listening');
    const { port } = silent.address() as net.AddressInfo;
    const handle = await openDatabase({ driver: 'postgres', url: `postgres://u@127.0.0.1:${port}/summit`, connectTimeoutMs: 500 });
    const started = Date.now();
    const error = await handle.db.execute(sql`select 1`).then(
      () => null,
      (failure: unknown) => failure,
    );
    expect(Date.now() - started).toBeLessThan(3000);
    expect(isDatabaseUnreachable(error)).toBe(true);
    await handle.close();
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)('Postgres cancels a statement that runs past the statement timeout', async () => {
    const handle = await openDatabase({ driver: 'postgres', url: process.env.TEST_DATABASE_URL!, statementTimeoutMs: 300 });
    try {
      await expect(handle.db.execute(sql`select pg_sleep(2)`)).rejects.toMatchObject({ cause: { code: '57014' } });
      // The connection is fine afterwards: a short statement runs.
      const after = (await handle.db.execute(sql`select 1 as one`)) as unknown as { rows: unknown[] };
      expect(after.rows).toEqual([{ one: 1 }]);
    } finally {
      await handle.close();
    }
  });
});
