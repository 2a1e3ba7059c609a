/**
 * Mail throughput: N registrants (10,000 by default; BENCH_MAIL_COUNT) whose "day 1 is open"
 * falls due in the same minute, the production server started on them with SMTP_URL pointing
 * at a local SMTP sink (smtp-server on loopback, which parses nothing). Measures the time from
 * the server's start until the sink has accepted every message, the rate, and the server's
 * memory (RSS) sampled every second, to see that it stays flat while the backlog drains.
 * Prints one JSON object.
 */
import fs from 'node:fs';
import path from 'node:path';
import { prepareMailBacklog } from '../tests/e2e/support/mail-backlog.ts';
import { startServerProcess } from '../tests/e2e/support/server-process.ts';
import { startSmtpSink } from '../tests/e2e/support/smtp-sink.ts';
import { tempDir } from './support.ts';

const COUNT = Number(process.env.BENCH_MAIL_COUNT ?? 10_000);

function rssMb(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
  } catch {
    return 0;
  }
}

const root = tempDir('mail');
const dataDir = path.join(root, 'data');
await prepareMailBacklog({ driver: 'pglite', dataDir: path.join(dataDir, 'pglite') }, COUNT, dataDir);
const sink = await startSmtpSink({ parse: false });
const started = performance.now();
const server = await startServerProcess({ DATA_DIR: dataDir, SMTP_URL: sink.url, LOG_LEVEL: process.env.BENCH_LOG ?? 'warn' });
const pid = server.pid;
const memory: number[] = [];
const progress: number[] = [];
while (new Set(sink.messageIds).size < COUNT) {
  await new Promise((resolve) => setTimeout(resolve, 1000));
  memory.push(rssMb(pid));
  progress.push(sink.messageIds.length);
  if (process.env.BENCH_LOG) process.stderr.write(`${sink.messageIds.length} accepted, rss ${memory.at(-1)} MB\n`);
  if (performance.now() - started > 15 * 60_000) break;
}
const seconds = (performance.now() - started) / 1000;
await server.stop();
await sink.close();
fs.rmSync(root, { recursive: true, force: true });
const delivered = new Set(sink.messageIds).size;
console.log(
  JSON.stringify({
    count: COUNT,
    delivered,
    duplicates: sink.messageIds.length - delivered,
    seconds: Math.round(seconds * 10) / 10,
    perSecond: Math.round(delivered / seconds),
    rssMb: { min: Math.min(...memory), max: Math.max(...memory), samples: memory },
  }),
);
