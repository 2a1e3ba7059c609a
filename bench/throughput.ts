/**
 * Throughput and latency (autocannon, loopback, 100 connections) of public pages, each next to
 * nginx serving a static file of the same size in the same run, as a ratio. Prints JSON.
 */
import autocannon from 'autocannon';
import { median, RUNS, startApp, startNginx } from './support.ts';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = 100;

async function measure(url: string, headers: Record<string, string> = {}) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

const app = await startApp();
try {
  // A visitor's session cookie, so timed pages answer as to a returning visitor.
  const visit = await fetch(`${app.url}/july/day-1`);
  const cookie = (visit.headers.get('set-cookie') ?? '').split(';')[0]!;
  const targets: { name: string; path: string; headers?: Record<string, string> }[] = [
    { name: 'landing /', path: '/' },
    { name: 'day page /july/day-1', path: '/july/day-1', headers: { cookie } },
    { name: 'dashboard /september/dashboard', path: '/september/dashboard', headers: { cookie } },
    { name: 'widget /august/speakers-embed', path: '/august/speakers-embed' },
    { name: 'API /api/fetch-speakers', path: '/api/fetch-speakers' },
  ];
  const files: Record<string, Buffer> = {};
  for (const [index, target] of targets.entries()) {
    const body = Buffer.from(await (await fetch(`${app.url}${target.path}`, { headers: target.headers })).arrayBuffer());
    files[`file${index}.html`] = body;
  }
  const nginx = await startNginx(files);
  const results = [];
  try {
    for (const [index, target] of targets.entries()) {
      const appRuns = [];
      const nginxRuns = [];
      for (let run = 0; run < RUNS; run++) {
        appRuns.push(await measure(`${app.url}${target.path}`, target.headers));
        nginxRuns.push(await measure(`${nginx.url}/file${index}.html`));
      }
      const appRps = median(appRuns.map((r) => r.rps));
      const nginxRps = median(nginxRuns.map((r) => r.rps));
      results.push({
        name: target.name,
        bytes: files[`file${index}.html`]!.length,
        appRps,
        appP99: median(appRuns.map((r) => r.p99)),
        nginxRps,
        nginxP99: median(nginxRuns.map((r) => r.p99)),
        ratio: appRps / nginxRps,
        errors: appRuns.reduce((sum, r) => sum + r.errors, 0),
      });
    }
  } finally {
    await nginx.stop();
  }
  console.log(JSON.stringify({ runs: RUNS, durationS: DURATION_S, connections: CONNECTIONS, results }, null, 2));
} finally {
  await app.stop();
  app.remove();
}
