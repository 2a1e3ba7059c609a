/**
 * The speed guard `.ci/run` runs after the tests (`node bench/guard.ts`): a signed-in
 * registrant's day page and dashboard, answered by the app as `npm start` runs it (embedded
 * database, request log on), against a bare `node:http` server answering the same bytes, in the
 * same run, at 50 connections (wrk -t2 -c50, after a warm-up). It prints both and fails below
 * GUARD_RATIO of bare Node: half the goal of a third, so a change that halves the personal pages'
 * speed does not land while the noise of a shared machine does not fail it. Each run appends a
 * line to bench/TREND.md, so the figures can be read over time. Not a unit test: it measures.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { prepareRegistrantsEdition, signedInRegistrants } from './registrants.ts';
import { median, startApp, startBareNode } from './support.ts';
import { wrk, type WrkResult } from './wrk.ts';

const WEBHOOK_SECRET = 'whsec_guard_summit_payments_secret';
const CONNECTIONS = 50;
const DURATION_S = Number(process.env.GUARD_DURATION ?? 3);
const RUNS = Number(process.env.GUARD_RUNS ?? 3);
/** Half of the goal (a third of bare Node). */
const GUARD_RATIO = 1 / 6;
const TREND = path.join(path.dirname(new URL(import.meta.url).pathname), 'TREND.md');

interface Row {
  name: string;
  appRps: number;
  appP99: number;
  bareRps: number;
  bareP99: number;
  ratio: number;
}

const measure = (url: string, headers: Record<string, string> = {}) =>
  wrk({ url, headers, connections: CONNECTIONS, durationS: DURATION_S });

async function rawBody(url: string, headers: Record<string, string>): Promise<{ body: Buffer; pagePath: string | null }> {
  const response = await fetch(url, { headers: { ...headers, 'accept-encoding': 'identity' } });
  return { body: Buffer.from(await response.arrayBuffer()), pagePath: response.headers.get('x-page-path') };
}

/** The app's page and bare Node with its bytes, taking turns run after run. */
async function compare(name: string, url: string, headers: Record<string, string>): Promise<Row> {
  // The path that answered is part of the verdict: a page that renders every time is the regression
  // this guards. A few tries: a registrant is remembered for 30 s (access/registrant-session.ts), then
  // read again once through Astro.
  let answer = await rawBody(url, headers);
  for (let tries = 1; answer.pagePath !== 'fast' && tries < 5; tries++) answer = await rawBody(url, headers);
  const { body, pagePath } = answer;
  if (pagePath !== 'fast') throw new Error(`${name}: answered by "${pagePath}" five times, never by the fast path`);
  const bare = await startBareNode(body);
  try {
    await measure(url, headers);
    await measure(bare.url);
    const app: WrkResult[] = [];
    const reference: WrkResult[] = [];
    for (let run = 0; run < RUNS; run++) {
      app.push(await measure(url, headers));
      reference.push(await measure(bare.url));
    }
    const errors = app.reduce((sum, result) => sum + result.errors, 0);
    if (errors > 0) throw new Error(`${name}: ${errors} failed requests`);
    const appRps = median(app.map((result) => result.rps));
    const bareRps = median(reference.map((result) => result.rps));
    return {
      name,
      appRps,
      appP99: median(app.map((result) => result.p99)),
      bareRps,
      bareP99: median(reference.map((result) => result.p99)),
      ratio: appRps / bareRps,
    };
  } finally {
    await bare.stop();
  }
}

function commit(): string {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

function appendTrend(rows: Row[]): void {
  if (!fs.existsSync(TREND)) {
    fs.writeFileSync(
      TREND,
      [
        '# Speed trend of the personal pages',
        '',
        'Appended by `node bench/guard.ts` (run by `.ci/run` after the tests): a signed-in registrant’s',
        'pages against a bare `node:http` server answering the same bytes, in the same run, wrk -t2 -c50,',
        `medians of ${RUNS} runs of ${DURATION_S} s. The guard fails below 1/6 of bare Node.`,
        '',
        '| Date (UTC) | Commit | Machine | Page | App req/s | App p99 | Bare Node req/s | Bare p99 | App / bare |',
        '|---|---|---|---|---|---|---|---|---|',
        '',
      ].join('\n'),
    );
  }
  const machine = `${os.availableParallelism()} cores, Node ${process.version}${process.env.CI ? ', CI' : ''}`;
  const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const lines = rows.map(
    (row) =>
      `| ${when} | ${commit()} | ${machine} | ${row.name} | ${Math.round(row.appRps)} | ${row.appP99.toFixed(2)} ms | ${Math.round(row.bareRps)} | ${row.bareP99.toFixed(2)} ms | ${(row.ratio * 100).toFixed(0)}% |`,
  );
  fs.appendFileSync(TREND, `${lines.join('\n')}\n`);
}

const app = await startApp({ PAYMENT_WEBHOOK_SECRET: WEBHOOK_SECRET }, prepareRegistrantsEdition);
let failed = false;
try {
  const { rows: registrantRows } = await signedInRegistrants(app.url, WEBHOOK_SECRET);
  const wanted = registrantRows.filter((row) => row.name.includes('free, open edition') || row.name.includes('dashboard /july/'));
  const rows: Row[] = [];
  for (const row of wanted) rows.push(await compare(row.name, `${app.url}${row.path}`, row.headers));
  appendTrend(rows);
  for (const row of rows) {
    const verdict = row.ratio >= GUARD_RATIO ? 'ok' : `FAILED: below 1/6 of bare Node`;
    console.log(
      `speed guard: ${row.name}: app ${Math.round(row.appRps)} req/s (p99 ${row.appP99.toFixed(2)} ms), bare Node ${Math.round(row.bareRps)} req/s (p99 ${row.bareP99.toFixed(2)} ms): ${(row.ratio * 100).toFixed(0)}% ${verdict}`,
    );
    if (row.ratio < GUARD_RATIO) failed = true;
  }
} finally {
  await app.stop();
  app.remove();
}
if (failed) process.exit(1);
