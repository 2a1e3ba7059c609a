/**
 * Structured logging: one JSON object per line on stdout. The logger exists before anything
 * else runs, at the default level (info); the entry sets LOG_LEVEL (src/server/process-config.ts).
 */
import cluster from 'node:cluster';
import pino from 'pino';
import type { Env } from './env.ts';

/**
 * pino's ISO time, made once per millisecond: a busy process writes many lines in the same
 * millisecond (a request line each), and formatting the date was 1.7% of a cached page's CPU.
 */
let stampedAt = -1;
let stamp = '';
function isoTimeOncePerMillisecond(): string {
  const now = Date.now();
  if (now !== stampedAt) {
    stampedAt = now;
    stamp = `,"time":"${new Date(now).toISOString()}"`;
  }
  return stamp;
}

const options: pino.LoggerOptions = {
  level: 'info',
  // One of several server processes (SERVER_PROCESSES) says which it is; a lone process needs not.
  base: cluster.isWorker ? { pid: process.pid } : undefined,
  timestamp: isoTimeOncePerMillisecond,
  formatters: { level: (label) => ({ level: label }) },
};

export const log = pino(options);

/** How long a request line may wait in memory before it is written. */
const REQUEST_LOG_FLUSH_MS = 100;

/**
 * The request log's own logger (src/server/front-door/request-log.ts): the same lines on the same
 * standard output, but gathered in memory and written 4 KB or 100 ms at a time, as nginx's
 * buffered access log does. Written line by line, each request cost a write handed to libuv's
 * thread pool and its wake-up, a tenth of a cached page's CPU (docs/decisions/0078). Lines still
 * in memory are written when the process exits; a process killed outright loses at most those.
 */
export const requestLog = pino(options, pino.destination({ dest: 1, minLength: 4096, sync: false }));
setInterval(() => requestLog.flush(), REQUEST_LOG_FLUSH_MS).unref();

/** What a request line carries besides pino's own fields (its level, time, pid and message). */
export interface RequestLineFields {
  method: string | undefined;
  path: string;
  status: number;
  /** The route cache's verdict as its header says it (cache-verdict.ts). */
  cache: string | number | string[] | undefined;
  ms: number;
}

/**
 * One line of the request log, the same JSON pino writes for
 * `requestLog[level]({ req: { method, path }, res: { status, cache }, ms }, msg)`, made by hand:
 * pino's generic serializer was 8% of a cached page's JavaScript (docs/decisions/0078). Written to
 * the request log's stream as pino finds it, so whatever replaces the stream (the tests) sees it.
 */
export function writeRequestLine(level: 'info' | 'warn' | 'error', fields: RequestLineFields, msg: string): void {
  if (!requestLog.isLevelEnabled(level)) return;
  const method = JSON.stringify(fields.method);
  const cache = fields.cache === undefined ? '' : `,"cache":${JSON.stringify(fields.cache)}`;
  const pid = cluster.isWorker ? `,"pid":${process.pid}` : '';
  const line = `{"level":"${level}"${isoTimeOncePerMillisecond()}${pid},"req":{"method":${method},"path":${JSON.stringify(fields.path)}},"res":{"status":${fields.status}${cache}},"ms":${fields.ms},"msg":${JSON.stringify(msg)}}\n`;
  (requestLog as unknown as Record<symbol, { write(text: string): void }>)[pino.symbols.streamSym]!.write(line);
}

/** Called by the entry with LOG_LEVEL. */
export function configureLog(level: Env['LOG_LEVEL']): void {
  log.level = level;
  requestLog.level = level;
}
