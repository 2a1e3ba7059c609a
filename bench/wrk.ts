/**
 * wrk (Debian's package), the load generator of the throughput rows: the same tool and flags a
 * reader can run by hand (`wrk -t2 -c100 -d5s --latency -H ... URL`), so every figure can be
 * reproduced outside this script.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);
const WRK = process.env.WRK_PATH ?? '/usr/bin/wrk';

export interface WrkResult {
  rps: number;
  /** The 99th percentile latency, in milliseconds. */
  p99: number;
  /** Requests answered (wrk's "N requests in ..."). */
  answered: number;
  /** Socket errors, timeouts and answers other than 2xx or 3xx. */
  errors: number;
}

const UNIT_MS: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000 };

function number(pattern: RegExp, text: string): number {
  const match = pattern.exec(text);
  if (!match) throw new Error(`wrk printed no ${pattern.source}:\n${text}`);
  return Number(match[1]);
}

/** Reads wrk's summary (with --latency). */
export function parseWrk(text: string): WrkResult {
  const p99 = /^\s*99%\s+([\d.]+)(us|ms|s|m)\s*$/m.exec(text);
  if (!p99) throw new Error(`wrk printed no 99th percentile:\n${text}`);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(text);
  const socketErrors = socket ? socket.slice(1).reduce((sum, count) => sum + Number(count), 0) : 0;
  const non2xx = /Non-2xx or 3xx responses: (\d+)/.exec(text);
  return {
    rps: number(/Requests\/sec:\s+([\d.]+)/, text),
    p99: Number(p99[1]) * UNIT_MS[p99[2]!]!,
    answered: number(/(\d+) requests in /, text),
    errors: socketErrors + (non2xx ? Number(non2xx[1]) : 0),
  };
}

export async function wrk({
  url,
  headers = {},
  connections,
  durationS,
}: {
  url: string;
  headers?: Record<string, string>;
  connections: number;
  durationS: number;
}): Promise<WrkResult> {
  const headerArgs = Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`]);
  const { stdout } = await run(WRK, ['-t2', `-c${connections}`, `-d${durationS}s`, '--latency', ...headerArgs, url]);
  return parseWrk(stdout);
}
