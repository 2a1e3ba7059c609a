/** The webhooks section of bench/RESULTS.md, from bench/webhooks.ts's JSON (decision 0058). */

export interface WebhooksBench {
  count: number;
  clients: number;
  endpoints: number;
  runs: number;
  withoutWebhooks: { registrationsPerSecond: number };
  withWebhooks: {
    registrationsPerSecond: number;
    deliveriesPerSecond: number;
    drainSeconds: number;
    afterBurstSeconds: number;
    delivered: number[];
    duplicates: number[];
  };
}

const met = (ok: boolean) => (ok ? 'met' : '**not met**');

export function webhooksSection(bench: WebhooksBench): string[] {
  const { withWebhooks: hooks, withoutWebhooks: bare } = bench;
  const slower = 1 - hooks.registrationsPerSecond / bare.registrationsPerSecond;
  const expected = bench.count * bench.endpoints;
  return [
    '## Webhooks under a registration burst (`bench/webhooks.ts`)',
    '',
    `${bench.count} registrations from ${bench.clients} concurrent clients on one app process on PGlite, ${bench.endpoints} endpoints subscribed to registration.created on a receiver on loopback (answering 204), against the same burst with no endpoint; the median of ${bench.runs} runs of each, alternated. Deliveries per second: every delivery over the time from the burst's start to the last delivery.`,
    '',
    '| | Registrations/s | Deliveries/s | Burst start to last delivery | After the burst | Delivered (each run) | Duplicates (each run) |',
    '|---|---|---|---|---|---|---|',
    `| No endpoint | ${bare.registrationsPerSecond} | — | — | — | — | — |`,
    `| ${bench.endpoints} endpoints | ${hooks.registrationsPerSecond} | ${hooks.deliveriesPerSecond} | ${hooks.drainSeconds} s | ${hooks.afterBurstSeconds} s | ${hooks.delivered.join(', ')} of ${expected} | ${hooks.duplicates.join(', ')} |`,
    '',
    `Goals: at least 200 deliveries per second on one process: ${met(hooks.deliveriesPerSecond >= 200)}; registrations within 10% of the run without webhooks (${Math.round(slower * 1000) / 10}% slower): ${met(slower <= 0.1)}; every event delivered and none twice: ${met(hooks.delivered.every((n) => n === expected) && hooks.duplicates.every((n) => n === 0))}.`,
    '',
  ];
}
