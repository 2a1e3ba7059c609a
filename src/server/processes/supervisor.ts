/**
 * Several app processes on one machine (SERVER_PROCESSES; decision 0046). The process a host
 * starts becomes a supervisor: it forks the server processes with node:cluster, which listen on
 * its port together (the supervisor accepts each connection and hands it to them in turn), and
 * runs no site code of its own. It replaces a process that dies, passes an operator's signals on
 * (SIGTERM and SIGINT: each process finishes its requests and stops; SIGUSR2: each writes its
 * process report) and exits when the last one has stopped. Every process is a whole app: it
 * shares what must be shared (sessions, rate limits, the mail outbox, content changes) through
 * Postgres, as separate machines do (docs/deploy).
 */
import cluster, { type Worker } from 'node:cluster';

interface SupervisorLog {
  info(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

/** One JSON line on stdout, as the server processes' own log writes them. */
const jsonLine = (level: 'info' | 'error') => (fields: object, message: string) =>
  process.stdout.write(`${JSON.stringify({ level, time: new Date().toISOString(), role: 'supervisor', ...fields, msg: message })}\n`);

const stdoutLog: SupervisorLog = { info: jsonLine('info'), error: jsonLine('error') };

export function superviseServerProcesses({ count, log = stdoutLog }: { count: number; log?: SupervisorLog }): void {
  /** The processes that got as far as listening on the port. */
  const listening = new Set<number>();
  let stopping = false;

  function start(): void {
    const worker = cluster.fork();
    worker.once('listening', () => listening.add(worker.id));
  }

  /** The processes not yet exited (cluster may still list one whose 'exit' is being handled). */
  function running(): Worker[] {
    return Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => worker !== undefined && !worker.isDead());
  }

  function stopAll(signal: NodeJS.Signals): void {
    if (!stopping) log.info({ signal, processes: running().length }, 'stopping the server processes');
    stopping = true;
    for (const worker of running()) worker.process.kill(signal);
  }

  cluster.on('exit', (worker, code, signal) => {
    const wasListening = listening.delete(worker.id);
    if (stopping) {
      // With the exit code set below when a process could not start, 0 otherwise.
      if (running().length === 0) process.exit();
      return;
    }
    if (!wasListening) {
      // A process that could not start (the database unreachable, a bad setting) would fail
      // again: the whole server stops with its code, as a single process would.
      log.error({ pid: worker.process.pid, code, signal }, 'a server process stopped while starting; stopping the others');
      process.exitCode = code || 1;
      stopAll('SIGTERM');
      if (running().length === 0) process.exit();
      return;
    }
    log.error({ pid: worker.process.pid, code, signal }, 'a server process stopped; starting another in its place');
    start();
  });

  process.on('SIGTERM', () => stopAll('SIGTERM'));
  process.on('SIGINT', () => stopAll('SIGINT'));
  process.on('SIGUSR2', () => {
    for (const worker of running()) worker.process.kill('SIGUSR2');
  });

  log.info({ processes: count, pid: process.pid }, 'starting the server processes');
  for (let i = 0; i < count; i++) start();
}
