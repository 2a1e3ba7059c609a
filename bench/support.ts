/** Shared by the benchmark scripts: medians, a fresh app server, nginx serving given files. */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startServerProcess, type ServerProcess } from '../tests/e2e/support/server-process.ts';

export const RUNS = Number(process.env.BENCH_RUNS ?? 5);

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export function tempDir(label: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `summit-bench-${label}-`));
}

/**
 * The app on a new data folder (removed at stop), as a host runs it: the default log level
 * (info: one line per request), written to a file in that folder (`logFile`). `prepare` writes
 * into the data folder before the first start.
 */
export async function startApp(
  env: Record<string, string> = {},
  prepare?: (dataDir: string) => Promise<void>,
): Promise<ServerProcess & { dataDir: string; logFile: string; remove(): void }> {
  const root = tempDir('app');
  const dataDir = path.join(root, 'data');
  const logFile = path.join(root, 'server.log');
  // Data written before the first start (a prepared database), as an entry of its own.
  await prepare?.(dataDir);
  // A first start on a machine shared with other work can take longer than the tests allow.
  const server = await startServerProcess({ DATA_DIR: dataDir, ...env }, 300_000, logFile);
  return { ...server, dataDir, logFile, remove: () => fs.rmSync(root, { recursive: true, force: true }) };
}

/** Request lines in the app's log so far (the request log writes one per request). */
export function requestLogLines(logFile: string): number {
  // Read in chunks: a benchmark's log runs to hundreds of megabytes.
  const marker = Buffer.from('"msg":"request"');
  const fd = fs.openSync(logFile, 'r');
  const chunk = Buffer.alloc(4 * 1024 * 1024);
  let carry = Buffer.alloc(0);
  let lines = 0;
  try {
    for (let read; (read = fs.readSync(fd, chunk)) > 0;) {
      const text = Buffer.concat([carry, chunk.subarray(0, read)]);
      for (let at = text.indexOf(marker); at !== -1; at = text.indexOf(marker, at + 1)) lines++;
      // Keep a marker's length minus one: a marker cut by the chunk boundary is counted next time, once.
      carry = text.subarray(Math.max(0, text.length - marker.length + 1));
    }
  } finally {
    fs.closeSync(fd);
  }
  return lines;
}

async function freePort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;
  server.close();
  return port;
}

/** nginx (Debian's nginx-light) serving the given files from a folder, on loopback. */
export async function startNginx(files: Record<string, Buffer>): Promise<{ url: string; stop(): Promise<void> }> {
  const root = tempDir('nginx');
  // mkdtemp makes the folder private (0700); nginx's workers run as another user and would
  // answer every request 403 Forbidden, so the "nginx" figures would be of error pages.
  fs.chmodSync(root, 0o755);
  for (const [name, body] of Object.entries(files)) fs.writeFileSync(path.join(root, name), body, { mode: 0o644 });
  const port = await freePort();
  const config = path.join(root, 'nginx.conf');
  fs.writeFileSync(
    config,
    `worker_processes auto; daemon off; pid ${root}/nginx.pid; error_log ${root}/error.log;
events { worker_connections 1024; }
http { access_log off; sendfile on; keepalive_requests 100000; types { text/html html; }
  server { listen 127.0.0.1:${port}; root ${root}; } }`,
  );
  const nginx: ChildProcess = spawn('/usr/sbin/nginx', ['-c', config, '-p', root], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  await untilServing({ url: `${url}/${Object.keys(files)[0]}`, child: nginx, what: 'nginx does not serve the benchmark files' });
  return { url, stop: () => stopChild(nginx, root) };
}

/** Waits until the URL answers 200; otherwise stops the child and says why. */
async function untilServing({ url, child, what }: { url: string; child: ChildProcess; what: string }): Promise<void> {
  let status = 0;
  for (let i = 0; i < 100 && status !== 200; i++) {
    try {
      status = (await fetch(url)).status;
    } catch {
      // not listening yet
    }
    if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  if (status !== 200) {
    child.kill('SIGTERM');
    throw new Error(`${what} (last status ${status})`);
  }
}

/** Stops a server started for the bench and removes its folder. */
async function stopChild(child: ChildProcess, root: string): Promise<void> {
  child.kill('SIGTERM');
  await once(child, 'exit');
  fs.rmSync(root, { recursive: true, force: true });
}

/**
 * One Node process with no application code: node:http answering the given bytes from memory
 * (text/html, with a content length), started as the app is (the same Node). The most one Node
 * process answers on this machine, as a reference next to the app and nginx.
 */
export async function startBareNode(body: Buffer): Promise<{ url: string; stop(): Promise<void> }> {
  const root = tempDir('bare-node');
  const file = path.join(root, 'body.html');
  fs.writeFileSync(file, body);
  const port = await freePort();
  const script = `const body = require('node:fs').readFileSync(${JSON.stringify(file)});
const head = ['content-type', 'text/html; charset=utf-8', 'content-length', String(body.length)];
require('node:http').createServer((req, res) => { res.writeHead(200, head); res.end(body); }).listen(${port}, '127.0.0.1');`;
  const child: ChildProcess = spawn(process.execPath, ['-e', script], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}/`;
  await untilServing({ url, child, what: 'the bare Node server does not answer' });
  return { url, stop: () => stopChild(child, root) };
}

export function machine(): string {
  return `${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'cpu'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${os.type()} ${os.release()}`;
}

/** A new database on the given Postgres server, for one benchmark (its label in the name). */
export async function createBenchDatabase(serverUrl: string, label: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `summit_bench_${label}_${process.pid}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

/** A new database on the given server for one measurement, dropped afterwards. */
export async function withPostgresDatabase<T>(serverUrl: string, label: string, use: (url: string) => Promise<T>): Promise<T> {
  const database = await createBenchDatabase(serverUrl, label);
  try {
    return await use(database.url);
  } finally {
    await database.drop();
  }
}

/** Waits until the app's log says `count` processes are listening (SERVER_PROCESSES: each boots on its own). */
export async function untilProcessesListen(logFile: string, count: number): Promise<void> {
  for (let waited = 0; waited < 120_000; waited += 200) {
    const listening = fs.readFileSync(logFile, 'utf8').match(/"msg":"listening"/g)?.length ?? 0;
    if (listening >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`fewer than ${count} server processes listening after two minutes`);
}

/** Registers one person through the form as a browser with JavaScript does; true when the site acknowledged it. */
export async function registerThroughForm(base: string, email: string): Promise<boolean> {
  const response = await fetch(`${base}/register`, {
    method: 'POST',
    headers: { origin: base, accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ firstName: 'Bench', email, consent: 'on' }),
  });
  return response.ok && ((await response.json()) as { ok: boolean }).ok;
}
