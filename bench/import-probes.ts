/**
 * The site while a large import runs (docs/decisions/0076): the built site on a data folder and
 * port of its own (embedded PGlite, as a host runs it), a 100,000-row CSV sent to
 * POST /api/v1/registrants/import, and, until the import is done, `/healthz`, a signed-in
 * registrant's day page and `/api/fetch-speakers` asked every 100 ms. Prints JSON: each path's
 * p50, p99 and max (ms) and answers other than 200, the import's duration and the server's peak
 * memory (VmHWM). The goal: p99 under 200 ms for each path. Build first (`npm run build`), then
 * `node bench/import-probes.ts`; BENCH_IMPORT_ROWS sets the rows (the check run uses 2,000).
 */
import fs from 'node:fs';
import path from 'node:path';
import { createApiToken } from '../src/server/api/tokens.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { seedDemoContent } from '../src/server/demo-content/seed.ts';
import { configureUploads } from '../src/server/uploads/upload-storage.ts';
import { startApp } from './support.ts';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
const PROBE_EVERY_MS = 100;

function csvFile(rows: number): string {
  const lines = ['email,name,consent,pass'];
  for (let i = 0; i < rows; i++)
    lines.push(`probe.${i}@example.com,Probe ${i},${i % 10 === 0 ? 'yes' : 'no'},${i % 50 === 0 ? 'replay' : ''}`);
  return `${lines.join('\n')}\n`;
}

/** The demo content and a write token, written before the first start (one process per data folder). */
async function prepare(dataDir: string): Promise<string> {
  configureUploads(dataDir);
  const handle = await openDatabase({ driver: 'pglite', dataDir: path.join(dataDir, 'pglite') });
  try {
    await handle.migrate();
    await seedDemoContent(handle.db);
    const made = await createApiToken(handle.db, { name: 'bench', scope: 'write', edition: null }, 'bench');
    if (!made.ok) throw new Error(JSON.stringify(made.errors));
    return made.token;
  } finally {
    await handle.close();
  }
}

/** A registrant of july, registered through the form: the cookie that signs their browser in. */
async function registrantCookie(baseUrl: string): Promise<string> {
  const answer = await fetch(`${baseUrl}/register`, {
    method: 'POST',
    redirect: 'manual',
    headers: { origin: baseUrl, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ firstName: 'Probe', email: 'probe-reader@example.com', consent: 'on', summit: 'july' }),
  });
  const cookie = answer.headers.getSetCookie().find((line) => line.startsWith('summit_registrant='));
  if (!cookie) throw new Error(`registering set no registrant cookie (${answer.status})`);
  return cookie.split(';')[0]!;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

function summary(times: number[], statuses: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    probes: sorted.length,
    p50: round(percentile(sorted, 50)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted.at(-1) ?? 0),
    notOk: statuses.filter((status) => status !== 200).length,
  };
}

const peakRssMb = (pid: number) => {
  const line = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return line ? Math.round(Number(line[1]) / 1024) : null;
};

let token = '';
const app = await startApp({}, async (dataDir) => {
  token = await prepare(dataDir);
});
try {
  const cookie = await registrantCookie(app.url);
  const probes: { path: string; headers: Record<string, string> }[] = [
    { path: '/healthz', headers: {} },
    { path: '/july/day-1', headers: { cookie } },
    { path: '/api/fetch-speakers', headers: {} },
  ];
  // Warmed first: the figures are of the import's effect, not of a first request's compile and caches.
  for (let round = 0; round < 5; round++) {
    for (const probe of probes)
      await (await fetch(`${app.url}${probe.path}`, { headers: probe.headers, redirect: 'manual' })).arrayBuffer();
  }
  const times = probes.map(() => [] as number[]);
  const statuses = probes.map(() => [] as number[]);
  const csv = csvFile(ROWS);
  const started = performance.now();
  const answer = await fetch(`${app.url}/api/v1/registrants/import?edition=july`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
    body: csv,
  });
  const accepted = (await answer.json()) as { status_url?: string; status?: string; detail?: string };
  if (answer.status !== 202 || !accepted.status_url)
    throw new Error(`the import was not started: ${answer.status} ${JSON.stringify(accepted)}`);
  let status = accepted.status!;
  let finishedAt = 0;
  const inFlight: Promise<void>[] = [];
  while (status === 'running') {
    probes.forEach((probe, index) => {
      const asked = performance.now();
      inFlight.push(
        fetch(`${app.url}${probe.path}`, { headers: probe.headers, redirect: 'manual' }).then(async (reply) => {
          await reply.arrayBuffer();
          times[index]!.push(performance.now() - asked);
          statuses[index]!.push(reply.status);
        }),
      );
    });
    await new Promise((resolve) => setTimeout(resolve, PROBE_EVERY_MS));
    const polled = (await (await fetch(accepted.status_url, { headers: { authorization: `Bearer ${token}` } })).json()) as {
      status: string;
    };
    status = polled.status;
    if (status !== 'running') finishedAt = performance.now();
  }
  await Promise.all(inFlight);
  console.log(
    JSON.stringify({
      rows: ROWS,
      bytes: Buffer.byteLength(csv),
      importStatus: status,
      importSeconds: Math.round((finishedAt - started) / 100) / 10,
      peakRssMb: peakRssMb(app.pid),
      goal: 'p99 under 200 ms for each path',
      paths: Object.fromEntries(probes.map((probe, index) => [probe.path, summary(times[index]!, statuses[index]!)])),
    }),
  );
} finally {
  await app.stop();
  app.remove();
}
