/**
 * Resident memory (issue 25 item 3): the server's RSS after a first start on a new data folder
 * (create, migrate, seed), after a restart on that folder, and after 20,000 mixed requests
 * (anonymous and signed-in pages, the API, widgets, the feed, distinct query strings), with the
 * process's own account of where it goes (`kill -USR2`: src/server/memory-report.ts). On the
 * embedded PGlite, and on Postgres when BENCH_DATABASE_URL names a server this script may create
 * a database on. Prints JSON.
 */
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { startServerProcess, type ServerProcess } from '../tests/e2e/support/server-process.ts';
import { signedInRegistrants } from './registrants.ts';
import { tempDir, withPostgresDatabase } from './support.ts';

const MIXED_REQUESTS = 20_000;
const WEBHOOK_SECRET = 'whsec_bench_summit_payments_secret';

const statusField = (pid: number, field: string) =>
  Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) * 1024;

/**
 * A few seconds' pause before a reading: just after it answers, a process still holds what its
 * start needed for a moment (PGlite's start reads its files into buffers it then lets go); the
 * peak is reported separately (peakRss, the kernel's high-water mark).
 */
const settle = () => new Promise((resolve) => setTimeout(resolve, 5000));

function mallocHeapBytes(pid: number): number {
  const smaps = fs.readFileSync(`/proc/${pid}/smaps`, 'utf8');
  const heap = /\[heap\]\n(?:.*\n)*?Rss:\s+(\d+) kB/.exec(smaps);
  return heap ? Number(heap[1]) * 1024 : 0;
}

/** The server's own account (its SIGUSR2 log line), with RSS and the high-water mark from /proc. */
async function snapshot(server: ServerProcess, logFile: string) {
  const before = fs.readFileSync(logFile, 'utf8').length;
  process.kill(server.pid, 'SIGUSR2');
  for (let i = 0; i < 50; i++) {
    const line = fs
      .readFileSync(logFile, 'utf8')
      .slice(before)
      .split('\n')
      .find((text) => text.includes('"msg":"process report"'));
    if (line) {
      const { memory } = JSON.parse(line) as { memory: Record<string, unknown> };
      return {
        ...memory,
        rss: statusField(server.pid, 'VmRSS'),
        peakRss: statusField(server.pid, 'VmHWM'),
        // Code and other mapped files (the Node binary's touched pages, mostly) against memory the process allocated.
        rssFile: statusField(server.pid, 'RssFile'),
        rssAnon: statusField(server.pid, 'RssAnon'),
        // glibc malloc's main arena (what C++ and native modules allocate, beside V8's heap).
        mallocHeap: mallocHeapBytes(server.pid),
      };
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the server logged no memory report');
}

/** The paths a summit's visitors ask for, each with its cookie; the landing page with a new query string every time. */
async function mixedTargets(baseUrl: string) {
  const { rows } = await signedInRegistrants(baseUrl, WEBHOOK_SECRET);
  const visit = await fetch(`${baseUrl}/july/day-1`);
  const cookie = (visit.headers.get('set-cookie') ?? '').split(';')[0]!;
  const anonymous = ['/', '/register', '/july/day-1', '/september/dashboard', '/august/speakers-embed', '/api/fetch-speakers', '/embed'];
  return [
    ...anonymous.map((route) => ({ path: route, headers: { cookie, 'accept-encoding': 'gzip' } })),
    ...rows.map((row) => ({ path: row.path, headers: { ...row.headers, 'accept-encoding': 'gzip' } })),
    { path: '/setup-guide', headers: {} },
    { path: '/no-such-page', headers: {} },
  ];
}

async function mixedLoad(baseUrl: string) {
  const targets = await mixedTargets(baseUrl);
  let n = 0;
  const result = await autocannon({
    url: baseUrl,
    connections: 100,
    amount: MIXED_REQUESTS,
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => {
          const index = n++;
          // One in ten a landing page with a query string never seen before (a cache must not grow with them).
          if (index % 10 === 0) return { ...request, path: `/?utm_source=bench-${index}` };
          const target = targets[index % targets.length]!;
          return { ...request, path: target.path, headers: { ...request.headers, ...target.headers } };
        },
      },
    ],
  });
  return { requests: MIXED_REQUESTS, answered: result.requests.total, errors: result.errors, non2xx: result.non2xx };
}

async function measure(label: string, env: Record<string, string>) {
  const root = tempDir('memory');
  const logFile = path.join(root, 'server.log');
  const serverEnv = { DATA_DIR: path.join(root, 'data'), PAYMENT_WEBHOOK_SECRET: WEBHOOK_SECRET, ...env };
  try {
    const first = await startServerProcess(serverEnv, 300_000, logFile);
    await settle();
    const firstStart = await snapshot(first, logFile);
    await first.stop();
    const server = await startServerProcess(serverEnv, 300_000, logFile);
    try {
      await settle();
      const afterBoot = await snapshot(server, logFile);
      const load = await mixedLoad(server.url);
      await settle();
      const afterRequests = await snapshot(server, logFile);
      // Half a minute later: V8 collects what the load left behind once the process is quiet.
      await new Promise((resolve) => setTimeout(resolve, 30_000));
      const afterQuiet = await snapshot(server, logFile);
      return { database: label, firstStart, afterBoot, load, afterRequests, afterQuiet };
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}

const results = [await measure('PGlite', {})];
const postgres = process.env.BENCH_DATABASE_URL;
if (postgres) results.push(await withPostgresDatabase(postgres, 'memory', (url) => measure('Postgres', { DATABASE_URL: url })));
console.log(JSON.stringify({ mixedRequests: MIXED_REQUESTS, results }, null, 2));
