/**
 * Structured logging: one JSON object per line on stdout. The logger exists before anything
 * else runs, at the default level (info); the entry sets LOG_LEVEL (src/server/process-config.ts).
 */
import cluster from 'node:cluster';
import pino from 'pino';
import type { Env } from './env.ts';

export const log = pino({
  level: 'info',
  // One of several server processes (SERVER_PROCESSES) says which it is; a lone process needs not.
  base: cluster.isWorker ? { pid: process.pid } : undefined,
  timestamp: pino.stdTimeFunctions.isoTime,
  formatters: { level: (label) => ({ level: label }) },
});

/** Called by the entry with LOG_LEVEL. */
export function configureLog(level: Env['LOG_LEVEL']): void {
  log.level = level;
}
