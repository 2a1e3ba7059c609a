/**
 * Webhooks under a registration burst (docs/decisions/0058): N registrations (10,000 by default;
 * BENCH_WEBHOOK_COUNT) from 20 concurrent clients on one app process on PGlite, with two
 * endpoints subscribed to registration.created on a receiver on loopback, and the same burst with
 * no endpoint. Measures registrations per second in both (the goal: within 10%), deliveries per
 * second and the time until every event reached both endpoints, and counts duplicates (none in
 * the normal run). The receiver counts webhook-ids; the tests verify signatures
 * (tests/server/webhooks/), so the bench does not spend its time on it. Prints JSON.
 */
import { burst, distinctDeliveries, ENDPOINTS, COUNT, CLIENTS, startReceiver, subscribe } from './webhook-parts.ts';
import { median, RUNS, startApp } from './support.ts';

async function run(withEndpoints: boolean) {
  const receiver = await startReceiver();
  const env = { REGISTRATION_RATE_LIMIT: '100000', WEBHOOKS_ALLOW_PRIVATE: 'true', LOG_LEVEL: 'warn' };
  const app = await startApp(env, withEndpoints ? (dataDir) => subscribe(dataDir, receiver) : undefined);
  const started = performance.now();
  const { acknowledged, seconds } = await burst(app.url);
  const expected = withEndpoints ? acknowledged * ENDPOINTS.length : 0;
  const distinct = () => distinctDeliveries(receiver);
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
