/**
 * Starts the production server (`node src/server/main.ts`, what `npm start` runs after building)
 * as a child process on a free loopback port, for tests about the process itself: first start,
 * restart, several instances, database faults. Playwright's webServer has built dist/ already.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { once } from 'node:events';
import net from 'node:net';
import path from 'node:path';

export interface ServerProcess {
  url: string;
  /** The server's process id (to read its memory from /proc). */
  pid: number;
  logs(): string;
  /** Sends the signal and waits for the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export async function freePort(): Promise<number> {
  const server = net.createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;
  server.close();
  return port;
}

/**
 * startupMs: how long a first start (create, migrate, seed) may take; benchmarks on a loaded machine need more.
 * logFile: the server's output goes there instead of into this process's memory (benchmarks log millions of lines).
 */
export async function startServerProcess(env: Record<string, string>, startupMs = 120_000, logFile?: string): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const logFd = logFile ? fs.openSync(logFile, 'a') : null;
  const child: ChildProcess = spawn(process.execPath, [path.resolve('src/server/main.ts')], {
    // No scheduled backups (docs/decisions/0061) unless a test asks: they would compete for the cores.
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info', BACKUP_EVERY: 'off', ...env },
    stdio: logFd === null ? ['ignore', 'pipe', 'pipe'] : ['ignore', logFd, logFd],
  });
  if (logFd !== null) fs.closeSync(logFd);
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = once(child, 'exit').then(([code]) => code as number | null);

  // Generous: a new PGlite folder takes tens of seconds on a loaded machine.
  const deadline = Date.now() + startupMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`);
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not become healthy:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return {
    url,
    pid: child.pid!,
    logs: () => (logFile ? fs.readFileSync(logFile, 'utf8') : output),
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** A server on its own new data folder with one admin (created by the real admin:create command). */
export async function startServerWithAdmin(
  admin: { email: string; password: string },
  env: Record<string, string> = {},
): Promise<ServerProcess & { dataDir: string; remove(): void }> {
  const { mkdtempSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { execFileSync } = await import('node:child_process');
  const root = mkdtempSync(path.join(tmpdir(), 'summit-admin-'));
  const dataDir = path.join(root, 'data');
  execFileSync(process.execPath, [path.resolve('src/server/cli/admin-create.ts'), '--email', admin.email], {
    env: { ...process.env, DATA_DIR: dataDir, ADMIN_PASSWORD: admin.password, LOG_LEVEL: 'silent', ...env },
    stdio: 'ignore',
  });
  const server = await startServerProcess({ DATA_DIR: dataDir, ...env });
  return { ...server, dataDir, remove: () => rmSync(root, { recursive: true, force: true }) };
}
