/**
 * Nothing acknowledged is lost: a bounded burst of registrations, the server killed with SIGKILL
 * in the middle, a restart on the same data. Every registration answered with success before the
 * kill is stored, and the data opens cleanly. SIGTERM lets the requests in flight finish.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import { expect, test } from '@playwright/test';
import { openDatabase, type DbOptions } from '../../src/server/db/client.ts';
import { registrants } from '../../src/server/db/schema.ts';
import { createScratchDatabase, NEEDS_POSTGRES, postgresUrl } from '../e2e/support/postgres.ts';
import { startServerProcess, type ServerProcess } from '../e2e/support/server-process.ts';

test.describe.configure({ timeout: 180_000 });

const WORKERS = 8;
const MAX_REQUESTS = 2000;
/**
 * How long the burst runs before the kill: long enough that a loaded machine still acknowledges
 * more than 20 registrations (every registration now also counts in the shared rate-limit table).
 */
const BURST_MS = 3000;

function register(base: string, email: string): Promise<Response> {
  return fetch(`${base}/register`, {
    method: 'POST',
    headers: { origin: base, accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ firstName: 'Fault', email, consent: 'on' }),
  });
}

/** Registers from several workers until the server goes away; returns the acknowledged e-mails. */
async function burstUntilStopped(server: ServerProcess, stopAfterMs: number, signal: NodeJS.Signals) {
  const acknowledged: string[] = [];
  let sent = 0;
  let stopped = false;
  const worker = async (id: number) => {
    while (!stopped && sent < MAX_REQUESTS) {
      const email = `fault.${id}.${sent++}@example.com`;
      try {
        const response = await register(server.url, email);
        if (response.ok && ((await response.json()) as { ok: boolean }).ok) acknowledged.push(email);
      } catch {
        return;
      }
    }
  };
  const running = Array.from({ length: WORKERS }, (_, id) => worker(id));
  await new Promise((resolve) => setTimeout(resolve, stopAfterMs));
  const exit = await server.stop(signal);
  stopped = true;
  await Promise.all(running);
  return { acknowledged, exit };
}

async function storedOf(options: DbOptions, emails: string[]): Promise<Set<string>> {
  const handle = await openDatabase(options);
  try {
    const stored = new Set<string>();
    for (let i = 0; i < emails.length; i += 500) {
      const rows = await handle.db
        .select({ email: registrants.email })
        .from(registrants)
        .where(inArray(registrants.email, emails.slice(i, i + 500)));
      rows.forEach((row) => stored.add(row.email));
    }
    return stored;
  } finally {
    await handle.close();
  }
}

async function expectServes(env: Record<string, string>): Promise<void> {
  const server = await startServerProcess(env);
  try {
    expect(await (await fetch(`${server.url}/healthz`)).json()).toMatchObject({ status: 'ok' });
    const body = (await (await fetch(`${server.url}/api/fetch-speakers`)).json()) as { speakers: unknown[] };
    expect(body.speakers).toHaveLength(20);
  } finally {
    await server.stop();
  }
}

test('SIGKILL during a registration burst on the embedded database loses nothing acknowledged', async () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'summit-kill-'));
  const env = { DATA_DIR: path.join(root, 'data'), REGISTRATION_RATE_LIMIT: '100000', LOG_LEVEL: 'warn' };
  try {
    const server = await startServerProcess(env);
    const { acknowledged, exit } = await burstUntilStopped(server, BURST_MS, 'SIGKILL');
    expect(exit).toBeNull();
    expect(acknowledged.length).toBeGreaterThan(20);
    const stored = await storedOf({ driver: 'pglite', dataDir: path.join(env.DATA_DIR, 'pglite') }, acknowledged);
    expect(acknowledged.filter((email) => !stored.has(email))).toEqual([]);
    // The folder opens cleanly and serves again (the dead process's lock is taken over).
    await expectServes(env);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test('SIGKILL during a registration burst on Postgres loses nothing acknowledged', async () => {
  test.skip(!postgresUrl, NEEDS_POSTGRES);
  const database = await createScratchDatabase();
  const env = { DATABASE_URL: database.url, REGISTRATION_RATE_LIMIT: '100000', LOG_LEVEL: 'warn' };
  try {
    const server = await startServerProcess(env);
    const { acknowledged } = await burstUntilStopped(server, BURST_MS, 'SIGKILL');
    expect(acknowledged.length).toBeGreaterThan(20);
    const stored = await storedOf({ driver: 'postgres', url: database.url }, acknowledged);
    expect(acknowledged.filter((email) => !stored.has(email))).toEqual([]);
    await expectServes(env);
  } finally {
    await database.drop();
  }
});

/** A registration whose body arrives in two parts, `pauseMs` apart: in flight for that long. */
function slowRegistration(base: string, email: string, pauseMs: number, onFirstPart: () => void): Promise<number> {
  const url = new URL(`${base}/register`);
  const body = new URLSearchParams({ firstName: 'Slow', email, consent: 'on' }).toString();
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers: {
          origin: base,
          accept: 'application/json',
          'content-type': 'application/x-www-form-urlencoded',
          'content-length': Buffer.byteLength(body),
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', reject);
    request.write(body.slice(0, 10));
    onFirstPart();
    setTimeout(() => request.end(body.slice(10)), pauseMs);
  });
}

test('SIGTERM finishes the requests in flight, then exits cleanly', async () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'summit-term-'));
  const env = { DATA_DIR: path.join(root, 'data'), REGISTRATION_RATE_LIMIT: '100000', LOG_LEVEL: 'info' };
  try {
    const server = await startServerProcess(env);
    // A burst on its way as the signal arrives: whatever is answered is answered right.
    const emails = Array.from({ length: 40 }, (_, i) => `term.${i}@example.com`);
    const burst = emails.map((email) =>
      register(server.url, email).then(
        (r) => r.status,
        () => 'not accepted',
      ),
    );
    // And one request certainly in flight: its body is still arriving when the signal lands.
    let exit: Promise<number | null> = Promise.resolve(null);
    const slow = slowRegistration(server.url, 'term.slow@example.com', 800, () => {
      setTimeout(() => {
        exit = server.stop('SIGTERM');
      }, 100);
    });
    expect(await slow).toBe(200);
    const statuses = await Promise.all(burst);
    expect(await exit).toBe(0);
    expect(statuses.filter((status) => status !== 200 && status !== 'not accepted')).toEqual([]);
    expect(server.logs()).toContain('"msg":"stopped"');
    const answered = emails.filter((_, i) => statuses[i] === 200);
    const stored = await storedOf({ driver: 'pglite', dataDir: path.join(env.DATA_DIR, 'pglite') }, [...answered, 'term.slow@example.com']);
    expect(stored.size).toBe(answered.length + 1);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});
