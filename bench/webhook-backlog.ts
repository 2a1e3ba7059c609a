/**
 * How fast one process delivers webhooks when nothing else runs (docs/decisions/0058): the
 * registration burst of bench/webhooks.ts is queued behind two paused endpoints, the app stops,
 * the endpoints are resumed in its database, and the app starts again and drains the backlog.
 * Deliveries per second are counted from the first delivery received to the last, so the start
 * of the process is not counted. The goal: at least 200 per second on one process. Prints JSON.
 */
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { openDatabase } from '../src/server/db/client.ts';
import { webhookEndpoints } from '../src/server/db/schema.ts';
import { startServerProcess } from '../tests/e2e/support/server-process.ts';
import { median, RUNS, startApp } from './support.ts';
import { burst, distinctDeliveries, ENDPOINTS, startReceiver, subscribe } from './webhook-parts.ts';

const ENV = { REGISTRATION_RATE_LIMIT: '100000', WEBHOOKS_ALLOW_PRIVATE: 'true', LOG_LEVEL: 'warn' };

async function resumeEndpoints(dataDir: string): Promise<void> {
  const handle = await openDatabase({ driver: 'pglite', dataDir: path.join(dataDir, 'pglite') });
  try {
    await handle.db.update(webhookEndpoints).set({ status: 'active' }).where(eq(webhookEndpoints.status, 'paused'));
  } finally {
    await handle.close();
  }
}

async function run() {
  const receiver = await startReceiver();
  const queuing = await startApp(ENV, (dataDir) => subscribe(dataDir, receiver, true));
  const { acknowledged } = await burst(queuing.url);
  await queuing.stop();
  await resumeEndpoints(queuing.dataDir);
  const draining = await startServerProcess({ DATA_DIR: queuing.dataDir, ...ENV }, 300_000, queuing.logFile);
  const expected = acknowledged * ENDPOINTS.length;
  const started = performance.now();
  while (distinctDeliveries(receiver) < expected && performance.now() - started < 20 * 60_000) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const seconds = receiver.span() / 1000;
  await draining.stop();
  queuing.remove();
  await receiver.stop();
  return {
    backlog: expected,
    delivered: distinctDeliveries(receiver),
    duplicates: receiver.received() - distinctDeliveries(receiver),
    seconds,
    deliveriesPerSecond: distinctDeliveries(receiver) / seconds,
  };
}

const runs: Awaited<ReturnType<typeof run>>[] = [];
for (let i = 0; i < RUNS; i++) runs.push(await run());
const round = (value: number) => Math.round(value * 10) / 10;
console.log(
  JSON.stringify(
    {
      runs: RUNS,
      deliveriesPerSecond: round(median(runs.map((entry) => entry.deliveriesPerSecond))),
      each: runs.map((entry) => ({ ...entry, seconds: round(entry.seconds), deliveriesPerSecond: round(entry.deliveriesPerSecond) })),
    },
    null,
    2,
  ),
);
