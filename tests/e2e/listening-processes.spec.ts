/**
 * Listening counted across real app processes on one Postgres (decision 0037): each process counts
 * in its own memory and writes behind, yet one listener's download of one episode counts once in
 * 24 hours whichever processes served it; and a graceful stop writes what its last requests
 * counted before the process exits.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { expect, test } from '@playwright/test';
import { createScratchDatabase, NEEDS_POSTGRES, postgresUrl } from './support/postgres.ts';
import { startServerProcess, type ServerProcess } from './support/server-process.ts';

const PODCAST_APP = 'AppleCoreMedia/1.0.0.21G93 (iPhone; U; CPU OS 17_6 like Mac OS X; en_us)';

/** Registers on `server` and returns the registrant's id and the enclosure of their feed's first episode. */
async function registrantWithEnclosure(server: ServerProcess, email: string): Promise<{ id: number; enclosure: string }> {
  const registration = await fetch(`${server.url}/register`, {
    method: 'POST',
    headers: { origin: server.url, accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ firstName: 'Process', email, summit: 'july' }),
  });
  expect(registration.status).toBe(200);
  // Registering signs the browser in: its cookie is the personal key, which is also the feed key.
  const key = /summit_registrant=([\w-]+)/.exec(registration.headers.getSetCookie().join('; '))?.[1] as string;
  const feed = await (await fetch(`${server.url}/feed/${key}.xml`)).text();
  const enclosure = new URL(/<enclosure url="([^"]+)"/.exec(feed)?.[1] as string).pathname;
  return { id: Number(key.split('-')[0]), enclosure };
}

async function downloadsOf(url: string, registrantId: number): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query('select count(*)::integer as n from episode_downloads where registrant_id = $1', [registrantId]);
    return result.rows[0].n as number;
  } finally {
    await client.end();
  }
}

test('two processes count one listener once; a graceful stop writes what it counted last', async () => {
  test.skip(!postgresUrl, NEEDS_POSTGRES);
  test.setTimeout(180_000);
  const database = await createScratchDatabase();
  // One uploads folder for both, as in production (the shared volume that holds the audio).
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'summit-listening-'));
  const env = { DATABASE_URL: database.url, DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  const a = await startServerProcess(env);
  const b = await startServerProcess(env);
  try {
    const listener = await registrantWithEnclosure(a, `two.processes.${Date.now()}@example.com`);
    for (const server of [a, b, a, b]) {
      const answer = await fetch(`${server.url}${listener.enclosure}`, { headers: { 'user-agent': PODCAST_APP } });
      expect(answer.status).toBe(200);
      await answer.arrayBuffer();
    }
    // Both processes counted a download in memory; the database kept one.
    await expect.poll(() => downloadsOf(database.url, listener.id), { timeout: 10_000 }).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(await downloadsOf(database.url, listener.id)).toBe(1);

    // A request answered just before SIGTERM: its download is in the database once the process has exited.
    const last = await registrantWithEnclosure(b, `graceful.stop.${Date.now()}@example.com`);
    const answer = await fetch(`${b.url}${last.enclosure}`, { headers: { 'user-agent': PODCAST_APP } });
    await answer.arrayBuffer();
    expect(await b.stop('SIGTERM')).toBe(0);
    expect(await downloadsOf(database.url, last.id)).toBe(1);
  } finally {
    await a.stop();
    await b.stop();
    await database.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
