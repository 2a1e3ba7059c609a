/**
 * Outbound lanes (docs/decisions/0075): the production server started on N registrants whose
 * "day 1 is open" is due at once (100,000 by default; BENCH_LANES_COUNT), with two webhook
 * receivers and an e-mail list provider that accept every request and never answer, each with a
 * backlog of deliveries (BENCH_LANES_BACKLOG registrations through the API, no e-mail). Once the
 * bulk e-mail is leaving, registrations through the API (BENCH_LANES_SAMPLES) are timed from the
 * request to their confirmation's arrival at a local SMTP sink. Prints one JSON object; the
 * promise is every confirmation within 5 s.
 */
import fs from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../src/server/db/client.ts';
import { eq } from 'drizzle-orm';
import { editionMessages, webhookEndpoints } from '../src/server/db/schema.ts';
import { createApiToken } from '../src/server/api/tokens.ts';
import { saveConnection } from '../src/server/list-sync/connections.ts';
import { configureListSync, DEFAULT_LIST_API_URLS } from '../src/server/list-sync/list-sync-config.ts';
import { prepareMailBacklog } from '../tests/e2e/support/mail-backlog.ts';
import { startServerProcess } from '../tests/e2e/support/server-process.ts';
import { startSmtpSink } from '../tests/e2e/support/smtp-sink.ts';
import { startHangingServer } from '../tests/support/hanging-server.ts';
import { median, tempDir } from './support.ts';

const COUNT = Number(process.env.BENCH_LANES_COUNT ?? 100_000);
const BACKLOG = Number(process.env.BENCH_LANES_BACKLOG ?? 200);
const SAMPLES = Number(process.env.BENCH_LANES_SAMPLES ?? 10);

const root = tempDir('outbound-lanes');
const dataDir = path.join(root, 'data');
const options = { driver: 'pglite' as const, dataDir: path.join(dataDir, 'pglite') };
await prepareMailBacklog(options, COUNT, dataDir);
const [first, second, provider] = [await startHangingServer(), await startHangingServer(), await startHangingServer()];
const handle = await openDatabase(options);
// The backlog helper leaves only "day 1 is open" on: the confirmation goes too.
await handle.db.update(editionMessages).set({ enabled: true }).where(eq(editionMessages.key, 'registration-confirmation'));
const created = await createApiToken(handle.db, { name: 'bench', scope: 'write', edition: null }, 'bench');
if (!created.ok) throw new Error(JSON.stringify(created.errors));
for (const hanging of [first, second])
  await handle.db
    .insert(webhookEndpoints)
    .values({ url: `${hanging.url}/hook`, secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', events: ['registration.created'] });
configureListSync({ ...DEFAULT_LIST_API_URLS, kit: `${provider.url}/v4` });
const kit = await saveConnection(
  handle.db,
  {
    id: null,
    provider: 'kit',
    apiKey: 'kit_live_0123456789abcdef',
    accountUrl: '',
    editionId: '',
    ruleValues: (name) => (name === 'rule.registered.tag' ? '11' : ''),
  },
  { allowPrivate: true },
);
if (!kit.ok) throw new Error(JSON.stringify(kit.errors));
await handle.close();

const sink = await startSmtpSink({ parse: false });
const server = await startServerProcess({
  DATA_DIR: dataDir,
  SMTP_URL: sink.url,
  WEBHOOKS_ALLOW_PRIVATE: 'true',
  KIT_API_URL: `${provider.url}/v4`,
  API_RATE_LIMIT: '100000',
  LOG_LEVEL: process.env.BENCH_LOG ?? 'warn',
});
let n = 0;
/** Registers one reader through the API; their registrant id. */
const register = async (sendEmail: boolean): Promise<number> => {
  const email = `lane${n++}@example.com`;
  const answer = await fetch(`${server.url}/api/v1/registrants`, {
    method: 'POST',
    headers: { authorization: `Bearer ${created.token}`, 'content-type': 'application/json', 'idempotency-key': `lanes-${n}` },
    body: JSON.stringify({ email, name: 'Lane', edition: 'july', marketing_consent: true, send_email: sendEmail }),
  });
  if (answer.status !== 201) throw new Error(`registration answered ${answer.status}: ${await answer.text()}`);
  return ((await answer.json()) as { id: number }).id;
};
for (let i = 0; i < BACKLOG; i++) await register(false);
// The bulk is leaving and the hanging endpoints hold their requests.
while (sink.messageIds.length < Math.min(100, COUNT)) await new Promise((resolve) => setTimeout(resolve, 100));
const delays: number[] = [];
for (let i = 0; i < SAMPLES; i++) {
  const started = performance.now();
  const id = await register(true);
  // The confirmation's stable Message-ID names its dedupe key: message, registrant, event.
  const mark = `.r${id}.registered@`;
  while (!sink.messageIds.some((messageId) => messageId.includes(mark))) {
    if (performance.now() - started > 60_000) throw new Error(`no confirmation for registrant ${id} within 60 s`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  delays.push(Math.round(performance.now() - started));
}
const accepted = sink.messageIds.length;
await server.stop();
await Promise.all([first, second, provider].map((hanging) => hanging.close()));
await sink.close();
fs.rmSync(root, { recursive: true, force: true });
console.log(
  JSON.stringify({
    dueEmails: COUNT,
    backlogDeliveries: BACKLOG,
    hangingRequests: { first: first.requests(), second: second.requests(), provider: provider.requests() },
    bulkAcceptedMeanwhile: accepted - SAMPLES,
    confirmationMs: { median: median(delays), max: Math.max(...delays), samples: delays },
  }),
);
