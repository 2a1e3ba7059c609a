/**
 * Webhooks under a registration burst (docs/decisions/0058): N registrations (10,000 by default;
 * BENCH_WEBHOOK_COUNT) from 20 concurrent clients on one app process on PGlite, with two
 * endpoints subscribed to registration.created on a receiver on loopback, and the same burst with
 * no endpoint. Measures registrations per second in both (the goal: within 10%), deliveries per
 * second and the time until every event reached both endpoints, and counts duplicates (none in
 * the normal run). The receiver counts webhook-ids; the tests verify signatures
 * (tests/server/webhooks/), so the bench does not spend its time on it. Prints JSON.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { openDatabase } from '../src/server/db/client.ts';
import { createEndpoint } from '../src/server/webhooks/endpoints.ts';
import { median, RUNS, startApp } from './support.ts';

const COUNT = Number(process.env.BENCH_WEBHOOK_COUNT ?? 10_000);
const CLIENTS = 20;
const ENDPOINTS = ['/a', '/b'];

interface Receiver {
  url: string;
  ids: Map<string, Set<string>>;
  received: () => number;
  stop(): Promise<void>;
}

async function startReceiver(): Promise<Receiver> {
  const ids = new Map(ENDPOINTS.map((endpoint) => [endpoint, new Set<string>()]));
  let received = 0;
  const server = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      received++;
      ids.get(request.url ?? '')?.add(String(request.headers['webhook-id']));
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, ids, received: () => received, stop: () => new Promise((done) => server.close(() => done())) };
}

/** The endpoints, written into the data folder before the app's first start. */
async function subscribe(dataDir: string, receiver: Receiver): Promise<void> {
  const handle = await openDatabase({ driver: 'pglite', dataDir: path.join(dataDir, 'pglite') });
  try {
    await handle.migrate();
    for (const endpoint of ENDPOINTS) {
      const made = await createEndpoint(
        handle.db,
        { url: `${receiver.url}${endpoint}`, events: ['registration.created'], editionId: '' },
        { allowPrivate: true },
      );
      if (!made.ok) throw new Error(`endpoint refused: ${JSON.stringify(made.errors)}`);
    }
  } finally {
    await handle.close();
  }
}

async function burst(base: string): Promise<{ acknowledged: number; seconds: number }> {
  let next = 0;
  let acknowledged = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (next < COUNT) {
        const email = `hook.${next++}.${started}@example.com`;
        const response = await fetch(`${base}/register`, {
          method: 'POST',
          headers: { origin: base, accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ firstName: 'Bench', email, consent: 'on' }),
        });
        if (response.ok && ((await response.json()) as { ok: boolean }).ok) acknowledged++;
      }
    }),
  );
  return { acknowledged, seconds: (performance.now() - started) / 1000 };
}

async function run(withEndpoints: boolean) {
  const receiver = await startReceiver();
  const env = { REGISTRATION_RATE_LIMIT: '100000', WEBHOOKS_ALLOW_PRIVATE: 'true', LOG_LEVEL: 'warn' };
  const app = await startApp(env, withEndpoints ? (dataDir) => subscribe(dataDir, receiver) : undefined);
  const started = performance.now();
  const { acknowledged, seconds } = await burst(app.url);
  const expected = withEndpoints ? acknowledged * ENDPOINTS.length : 0;
  const distinct = () => [...receiver.ids.values()].reduce((sum, set) => sum + set.size, 0);
  while (distinct() < expected && performance.now() - started < 20 * 60_000) await new Promise((resolve) => setTimeout(resolve, 200));
  const drainSeconds = (performance.now() - started) / 1000;
  // What was still to deliver when the burst ended, and how long that took.
  const afterBurstSeconds = Math.max(0, drainSeconds - seconds);
  await app.stop();
  app.remove();
  await receiver.stop();
  return {
    registrationsPerSecond: acknowledged / seconds,
    acknowledged,
    delivered: distinct(),
    duplicates: receiver.received() - distinct(),
    drainSeconds,
    afterBurstSeconds,
    deliveriesPerSecond: expected ? distinct() / drainSeconds : 0,
  };
}

const runs = { with: [] as Awaited<ReturnType<typeof run>>[], without: [] as Awaited<ReturnType<typeof run>>[] };
for (let i = 0; i < RUNS; i++) {
  runs.without.push(await run(false));
  runs.with.push(await run(true));
}
const med = (
  list: Awaited<ReturnType<typeof run>>[],
  key: 'registrationsPerSecond' | 'deliveriesPerSecond' | 'drainSeconds' | 'afterBurstSeconds',
) => Math.round(median(list.map((entry) => entry[key])) * 10) / 10;
console.log(
  JSON.stringify(
    {
      count: COUNT,
      clients: CLIENTS,
      endpoints: ENDPOINTS.length,
      runs: RUNS,
      withoutWebhooks: { registrationsPerSecond: med(runs.without, 'registrationsPerSecond') },
      withWebhooks: {
        registrationsPerSecond: med(runs.with, 'registrationsPerSecond'),
        deliveriesPerSecond: med(runs.with, 'deliveriesPerSecond'),
        drainSeconds: med(runs.with, 'drainSeconds'),
        afterBurstSeconds: med(runs.with, 'afterBurstSeconds'),
        delivered: runs.with.map((entry) => entry.delivered),
        duplicates: runs.with.map((entry) => entry.duplicates),
      },
    },
    null,
    2,
  ),
);
