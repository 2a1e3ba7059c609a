import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { createScratchDatabase, NEEDS_POSTGRES, postgresUrl } from './support/postgres.ts';
import { startServerProcess } from './support/server-process.ts';

/** The processes whose parent is this one (from /proc). */
function childrenOf(pid: number): number[] {
  return fs
    .readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((name) => {
      try {
        // The parent's pid is the 4th field of stat, after the command in parentheses.
        return Number(fs.readFileSync(`/proc/${name}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]) === pid;
      } catch {
        return false; // gone meanwhile
      }
    })
    .map(Number);
}

/** The pids the request log names for answered requests. */
function pidsInRequestLog(logFile: string): Set<number> {
  const lines = fs
    .readFileSync(logFile, 'utf8')
    .split('\n')
    .filter((line) => line.includes('"msg":"request"'));
  return new Set(lines.map((line) => (JSON.parse(line) as { pid: number }).pid));
}

/** Runs the server with these settings until it exits by itself: its exit status and output. */
function runUntilExit(env: Record<string, string>): { status: number | null; output: string } {
  try {
    execFileSync(process.execPath, [path.resolve('src/server/main.ts')], {
      env: { ...process.env, PORT: '0', ...env },
      stdio: 'pipe',
      timeout: 60_000,
    });
    return { status: 0, output: '' };
  } catch (error) {
    const failed = error as { status: number | null; stdout: Buffer; stderr: Buffer };
    return { status: failed.status, output: `${failed.stdout}${failed.stderr}` };
  }
}

/**
 * SERVER_PROCESSES (decision 0046): one command starts several app processes on one port, on
 * Postgres; a process that dies is replaced; SIGTERM stops them all. On the embedded database
 * the setting is refused with the reason.
 */
test('SERVER_PROCESSES=2 serves one port from two processes, replaces one that dies and stops both on SIGTERM', async () => {
  test.skip(!postgresUrl, NEEDS_POSTGRES);
  test.setTimeout(120_000);
  const database = await createScratchDatabase();
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'summit-processes-'));
  const logFile = path.join(root, 'server.log');
  const server = await startServerProcess(
    { DATABASE_URL: database.url, DATA_DIR: path.join(root, 'data'), SERVER_PROCESSES: '2' },
    120_000,
    logFile,
  );
  try {
    await expect.poll(() => childrenOf(server.pid).length, { timeout: 30_000 }).toBe(2);
    const [first, second] = childrenOf(server.pid);

    // Each request on a connection of its own: the supervisor hands connections out in turn.
    await expect
      .poll(
        async () => {
          const response = await fetch(`${server.url}/july/day-1`, { headers: { connection: 'close' } });
          expect(response.status).toBe(200);
          return pidsInRequestLog(logFile).size;
        },
        { timeout: 30_000, intervals: [50] },
      )
      .toBe(2);
    expect(pidsInRequestLog(logFile)).toEqual(new Set([first, second]));

    // One dies: another takes its place.
    process.kill(first!, 'SIGKILL');
    await expect
      .poll(
        () => {
          const now = childrenOf(server.pid);
          return now.length === 2 && !now.includes(first!) && now.includes(second!);
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    expect(fs.readFileSync(logFile, 'utf8')).toContain('a server process stopped; starting another in its place');
    // The new process is listening (the third 'listening' line) and the site answers.
    await expect.poll(() => fs.readFileSync(logFile, 'utf8').match(/"msg":"listening"/g)?.length, { timeout: 30_000 }).toBe(3);
    expect((await fetch(`${server.url}/`, { headers: { connection: 'close' } })).status).toBe(200);

    // SIGTERM: every process finishes and stops, then the supervisor exits cleanly.
    const children = childrenOf(server.pid);
    expect(await server.stop('SIGTERM')).toBe(0);
    for (const pid of children) expect(fs.existsSync(`/proc/${pid}`)).toBe(false);
    expect(fs.readFileSync(logFile, 'utf8').match(/"msg":"stopped"/g)).toHaveLength(2);
  } finally {
    await server.stop('SIGKILL');
    for (const pid of childrenOf(server.pid)) process.kill(pid, 'SIGKILL');
    fs.rmSync(root, { recursive: true, force: true });
    await database.drop();
  }
});

test('SERVER_PROCESSES above 1 on the embedded database stops at once and says why', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'summit-processes-pglite-'));
  try {
    const { status, output } = runUntilExit({ DATA_DIR: dataDir, SERVER_PROCESSES: '2', DATABASE_URL: '' });
    expect(status).toBe(1);
    expect(output).toContain(
      'SERVER_PROCESSES: more than one process needs DATABASE_URL (the embedded database in DATA_DIR serves one process)',
    );
    expect(output).not.toMatch(/\n\s+at /); // a message, not a stack trace
    expect(fs.existsSync(path.join(dataDir, 'pglite'))).toBe(false); // nothing was started
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

test('when the server processes cannot start (the database unreachable), the supervisor stops with their code instead of starting them again', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'summit-processes-down-'));
  try {
    const { status, output } = runUntilExit({
      DATA_DIR: dataDir,
      SERVER_PROCESSES: '2',
      // A port nothing listens on: each process fails while it starts.
      DATABASE_URL: 'postgres://summit@127.0.0.1:1/summit',
      DATABASE_CONNECT_TIMEOUT_SECONDS: '2',
    });
    expect(status).toBe(1);
    expect(output).toContain('a server process stopped while starting; stopping the others');
    expect(output).not.toContain('starting another in its place');
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
