/**
 * What the webhook benchmarks share (bench/webhooks.ts, bench/webhook-backlog.ts): a receiver on
 * loopback that counts webhook-ids per endpoint, two endpoints written into a data folder before
 * the app starts, and a burst of registrations from 20 clients.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { openDatabase } from '../src/server/db/client.ts';
import { createEndpoint, setPaused } from '../src/server/webhooks/endpoints.ts';
import { registerThroughForm } from './support.ts';

export const COUNT = Number(process.env.BENCH_WEBHOOK_COUNT ?? 10_000);
export const CLIENTS = 20;
export const ENDPOINTS = ['/a', '/b'];

export interface Receiver {
  url: string;
  ids: Map<string, Set<string>>;
  received: () => number;
  span: () => number;
  stop(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const ids = new Map(ENDPOINTS.map((endpoint) => [endpoint, new Set<string>()]));
  let received = 0;
  let first = 0;
  let last = 0;
  const server = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      received++;
      last = performance.now();
      first ||= last;
      ids.get(request.url ?? '')?.add(String(request.headers['webhook-id']));
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    ids,
    received: () => received,
    /** Milliseconds from the first delivery received to the last. */
    span: () => last - first,
    stop: () => new Promise((done) => server.close(() => done())),
  };
}

/**
 * The endpoints, written into the data folder before the app's first start; `paused` endpoints
 * queue their deliveries without sending them (a backlog to drain later).
 */
export async function subscribe(dataDir: string, receiver: Receiver, paused = false): Promise<void> {
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
      if (paused) await setPaused(handle.db, made.id, true);
    }
  } finally {
    await handle.close();
  }
}

export async function burst(base: string): Promise<{ acknowledged: number; seconds: number }> {
  let next = 0;
  let acknowledged = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (next < COUNT) {
        const email = `hook.${next++}.${started}@example.com`;
        if (await registerThroughForm(base, email)) acknowledged++;
      }
    }),
  );
  return { acknowledged, seconds: (performance.now() - started) / 1000 };
}

/** Deliveries received, each webhook-id counted once per endpoint. */
export const distinctDeliveries = (receiver: Receiver) => [...receiver.ids.values()].reduce((sum, set) => sum + set.size, 0);
