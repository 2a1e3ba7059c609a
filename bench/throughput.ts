/**
 * Throughput and latency (wrk -t2, loopback, 100 connections) of public and personal pages, for
 * anonymous visitors and signed-in registrants (free and All Access, of an `open` and a
 * `registrants` edition), each next to nginx serving a static file of the same bytes in the same
 * run, as a ratio: one app process on the embedded database, as `npm start` runs by default, and
 * with BENCH_DATABASE_URL also several processes on Postgres (SERVER_PROCESSES, decision 0046);
 * then the cache-flood memory figure (autocannon: 20,000 distinct query strings, the server's RSS
 * before and after). Prints JSON.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import autocannon from 'autocannon';
import { prepareRegistrantsEdition, signedInRegistrants } from './registrants.ts';
import {
  createBenchDatabase,
  median,
  requestLogLines,
  RUNS,
  startApp,
  startBareNode,
  startNginx,
  untilProcessesListen,
} from './support.ts';
import { wrk, type WrkResult } from './wrk.ts';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
const BENCH_WEBHOOK_SECRET = 'whsec_bench_summit_payments_secret';
const CONNECTIONS = 100;

function measure(url: string, headers: Record<string, string> = {}) {
  return wrk({ url, headers, connections: CONNECTIONS, durationS: DURATION_S });
}

/** The response body as it came over the wire (fetch would decode a gzip body). */
function rawBody(url: string, headers: Record<string, string>): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve(Buffer.concat(chunks)));
      })
      .on('error', reject);
  });
}

const rss = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) * 1024;

/** 20,000 distinct query strings on the landing page: the server's RSS before and after. */
async function measureFlood(base: string, pid: number) {
  const before = rss(pid);
  let n = 0;
  const started = performance.now();
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    amount: 20_000,
    requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: `/?flood=${n++}` }) }],
  });
  return {
    requests: 20_000,
    answered: result.requests.total,
    seconds: (performance.now() - started) / 1000,
    errors: result.errors + result.non2xx,
    rssBefore: before,
    rssAfter: rss(pid),
  };
}

/** The medians of a set of wrk runs, and their errors in all. */
const summary = (runs: WrkResult[]) => ({
  rps: median(runs.map((r) => r.rps)),
  p99: median(runs.map((r) => r.p99)),
  errors: runs.reduce((sum, r) => sum + r.errors, 0),
});

/**
 * The reference row: a Node process with no application code answering the signed-in
 * registrant's day page (its bytes as the app sent them), next to nginx serving the same file.
 */
async function measureBareNode(files: Record<string, Buffer>, targets: { name: string }[], nginxUrl: string) {
  const index = targets.findIndex((target) => target.name.includes('signed-in registrant, free, open'));
  const bare = await startBareNode(files[`file${index}.html`]!);
  try {
    const bareRuns = [];
    const nginxRuns = [];
    for (let run = 0; run < RUNS; run++) {
      bareRuns.push(await measure(bare.url));
      nginxRuns.push(await measure(`${nginxUrl}/file${index}.html`));
    }
    const bareNode = summary(bareRuns);
    const nginx = summary(nginxRuns);
    return {
      name: targets[index]!.name,
      bytes: files[`file${index}.html`]!.length,
      rps: bareNode.rps,
      p99: bareNode.p99,
      nginxRps: nginx.rps,
      nginxP99: nginx.p99,
      ratio: bareNode.rps / nginx.rps,
    };
  } finally {
    await bare.stop();
  }
}

type Target = { name: string; path: string; headers?: Record<string, string>; newVisitors?: true };

/** The rows, with this app's own visitor and registrant cookies. */
async function targetsOf(baseUrl: string): Promise<Target[]> {
  const registrants = await signedInRegistrants(baseUrl, BENCH_WEBHOOK_SECRET);
  // A visitor's session cookie, so timed pages answer as to a returning visitor.
  const visit = await fetch(`${baseUrl}/july/day-1`);
  const cookie = (visit.headers.get('set-cookie') ?? '').split(';')[0]!;
  await fetch(`${baseUrl}/september/dashboard`, { headers: { cookie } });
  return [
    { name: 'landing /', path: '/' },
    { name: 'day page /july/day-1 (returning visitor)', path: '/july/day-1', headers: { cookie } },
    // What browsers (and most load generators) ask: the cached page goes out gzip, stitched per request.
    {
      name: 'day page /july/day-1 (returning visitor, Accept-Encoding: gzip)',
      path: '/july/day-1',
      headers: { cookie, 'accept-encoding': 'gzip' },
    },
    { name: 'day page /july/day-1 (new visitors, no cookie)', path: '/july/day-1', newVisitors: true },
    { name: 'dashboard /september/dashboard (returning visitor)', path: '/september/dashboard', headers: { cookie } },
    ...registrants.rows,
    { name: 'widget /august/speakers-embed', path: '/august/speakers-embed' },
    { name: 'API /api/fetch-speakers', path: '/api/fetch-speakers' },
  ];
}

/**
 * The second configuration, when BENCH_DATABASE_URL names a Postgres server: SERVER_PROCESSES
 * app processes (BENCH_SERVER_PROCESSES, one per core by default) on one port, as a host runs
 * the site for scale on one machine (decision 0046).
 */
async function startScaledApp(serverUrl: string) {
  const processes = Number(process.env.BENCH_SERVER_PROCESSES ?? os.availableParallelism());
  const database = await createBenchDatabase(serverUrl, 'throughput');
  const app = await startApp(
    { PAYMENT_WEBHOOK_SECRET: BENCH_WEBHOOK_SECRET, DATABASE_URL: database.url, SERVER_PROCESSES: String(processes) },
    (dataDir) => prepareRegistrantsEdition(dataDir, database.url),
  );
  await untilProcessesListen(app.logFile, processes);
  return {
    ...app,
    processes,
    async close() {
      await app.stop();
      app.remove();
      await database.drop();
    },
  };
}

const app = await startApp({ PAYMENT_WEBHOOK_SECRET: BENCH_WEBHOOK_SECRET }, prepareRegistrantsEdition);
let scaled: Awaited<ReturnType<typeof startScaledApp>> | null = null;
try {
  // Started inside the try: should it fail, the first app is still stopped.
  if (process.env.BENCH_DATABASE_URL) scaled = await startScaledApp(process.env.BENCH_DATABASE_URL);
  const targets = await targetsOf(app.url);
  const scaledTargets = scaled ? await targetsOf(scaled.url) : null;
  const files: Record<string, Buffer> = {};
  for (const [index, target] of targets.entries()) {
    // The bytes as sent (gzip stays gzip): nginx serves exactly those.
    files[`file${index}.html`] = await rawBody(`${app.url}${target.path}`, target.headers ?? {});
  }
  const nginx = await startNginx(files);
  const results = [];
  // Every answered request writes its log line (issue 14): counted against what autocannon got.
  const linesBefore = requestLogLines(app.logFile);
  let answered = 0;
  let reference: Awaited<ReturnType<typeof measureBareNode>> | null = null;
  try {
    for (const [index, target] of targets.entries()) {
      const appRuns = [];
      const scaledRuns = [];
      const nginxRuns = [];
      // The configurations and nginx take turns, run after run: each comparison is within one run.
      for (let run = 0; run < RUNS; run++) {
        const appRun = await measure(`${app.url}${target.path}`, target.headers);
        answered += appRun.answered;
        appRuns.push(appRun);
        if (scaled) scaledRuns.push(await measure(`${scaled.url}${target.path}`, scaledTargets![index]!.headers));
        nginxRuns.push(await measure(`${nginx.url}/file${index}.html`));
      }
      const one = summary(appRuns);
      const nginxSummary = summary(nginxRuns);
      const many = scaled ? summary(scaledRuns) : null;
      results.push({
        name: target.name,
        bytes: files[`file${index}.html`]!.length,
        appRps: one.rps,
        appP99: one.p99,
        nginxRps: nginxSummary.rps,
        nginxP99: nginxSummary.p99,
        ratio: one.rps / nginxSummary.rps,
        errors: one.errors,
        scaled: many && { ...many, ratio: many.rps / nginxSummary.rps },
      });
    }
    reference = await measureBareNode(files, targets, nginx.url);
  } finally {
    await nginx.stop();
  }
  const flood = await measureFlood(app.url, app.pid);
  answered += flood.answered;
  const log = { answered, requestLines: requestLogLines(app.logFile) - linesBefore };
  const scaledConfiguration = scaled && { processes: scaled.processes, database: 'Postgres' };
  console.log(
    JSON.stringify(
      { runs: RUNS, durationS: DURATION_S, connections: CONNECTIONS, scaledConfiguration, results, reference, flood, log },
      null,
      2,
    ),
  );
} finally {
  await app.stop();
  app.remove();
  await scaled?.close();
}
