/**
 * A backup of a running site on the embedded database (docs/decisions/0061): one app process on
 * PGlite with 2,000 registrants, registrations going on from 10 clients, and `npm run backup`
 * taken BENCH_RUNS times. Measures how long the site's queries were paused for the copy (the
 * app's own log line) and the slowest /healthz answer during each backup against the same burst
 * without one. The goal: no page pauses more than 100 ms. Prints JSON.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { median, RUNS, startApp, tempDir } from './support.ts';

const run = promisify(execFile);
const CLIENTS = 10;
const BEFORE = 2000;

async function register(url: string, email: string): Promise<void> {
  await fetch(`${url}/register`, {
    method: 'POST',
    headers: { origin: url, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ firstName: 'Bench', email }),
    redirect: 'manual',
  });
}

/** Registrations from CLIENTS loops and a /healthz probe every 20 ms while `work` runs; the slowest probe. */
async function during(url: string, label: string, work: () => Promise<void>): Promise<number> {
  let going = true;
  let worst = 0;
  let n = 0;
  const clients = Array.from({ length: CLIENTS }, async (_, client) => {
    while (going) await register(url, `${label}-${client}-${n++}@bench.example`);
  });
  const probe = (async () => {
    while (going) {
      const started = performance.now();
      await fetch(`${url}/healthz`);
      worst = Math.max(worst, performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  await work();
  going = false;
  await Promise.all([...clients, probe]);
  return worst;
}

const app = await startApp({ LOG_LEVEL: 'info', REGISTRATION_RATE_LIMIT: '100000', BACKUP_EVERY: 'off' });
const out = tempDir('backup-bench');
const rows: { pausedMs: number; worstWithout: number; worstDuring: number; backupMs: number }[] = [];
try {
  for (let i = 0; i < BEFORE; i++) await register(app.url, `before-${i}@bench.example`);
  for (let r = 0; r < RUNS; r++) {
    const worstWithout = await during(app.url, `without-${r}`, () => new Promise((resolve) => setTimeout(resolve, 4000)));
    let backupMs = 0;
    const worstDuring = await during(app.url, `during-${r}`, async () => {
      const started = performance.now();
      await run(process.execPath, [path.resolve('src/server/cli/backup.ts'), '--out', path.join(out, `run-${r}.zip`)], {
        env: { ...process.env, DATA_DIR: app.dataDir, LOG_LEVEL: 'silent' },
      });
      backupMs = performance.now() - started;
    });
    const paused = [...fs.readFileSync(app.logFile, 'utf8').matchAll(/"pausedMs":(\d+)/g)].map((match) => Number(match[1]));
    rows.push({ pausedMs: paused.at(-1) ?? Number.NaN, worstWithout, worstDuring, backupMs });
  }
} finally {
  await app.stop();
  app.remove();
  fs.rmSync(out, { recursive: true, force: true });
}
const pick = (key: keyof (typeof rows)[number]) => Math.round(median(rows.map((row) => row[key])));
console.log(
  JSON.stringify({
    runs: RUNS,
    registrantsBefore: BEFORE,
    pausedMs: pick('pausedMs'),
    worstHealthzWithoutMs: pick('worstWithout'),
    worstHealthzDuringMs: pick('worstDuring'),
    backupMs: pick('backupMs'),
    each: rows.map((row) => Object.fromEntries(Object.entries(row).map(([key, value]) => [key, Math.round(value)]))),
  }),
);
