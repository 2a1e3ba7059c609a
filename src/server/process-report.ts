/**
 * Where this process's memory and time go, for an operator (`kill -USR2 <pid>` logs it as one
 * line) and the benchmarks (bench/memory.ts, bench/throughput.ts): resident memory, the
 * JavaScript heap, the embedded database's WebAssembly memory, every bounded cache, and how long
 * the event loop was held up since the last report (a stall there delays every request at once).
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { cacheSizes } from './caching/bounded-cache.ts';
import type { DbHandle } from './db/client.ts';

export interface MemoryReport {
  rss: number;
  heapTotal: number;
  heapUsed: number;
  /** Memory V8 tracks outside its heap: Buffers, ArrayBuffers and PGlite's WebAssembly memory. */
  external: number;
  arrayBuffers: number;
  /** PGlite's WebAssembly memory (0 on a Postgres server), part of `external`. */
  database: number;
  /** The bytes every bounded cache holds, as their size functions count them. */
  caches: number;
  cacheDetail: { name: string; entries: number; bytes: number }[];
}

/** Event-loop delay since the last report, in milliseconds. */
export interface LoopDelayReport {
  p50: number;
  p99: number;
  max: number;
}

export function memoryReport(handle: Pick<DbHandle, 'engineMemoryBytes'> | undefined): MemoryReport {
  const usage = process.memoryUsage();
  const cacheDetail = cacheSizes();
  return {
    rss: usage.rss,
    heapTotal: usage.heapTotal,
    heapUsed: usage.heapUsed,
    external: usage.external,
    arrayBuffers: usage.arrayBuffers,
    database: handle?.engineMemoryBytes() ?? 0,
    caches: cacheDetail.reduce((sum, cache) => sum + cache.bytes, 0),
    cacheDetail,
  };
}

/** Starts sampling the event loop (every 10 ms); each call of the answer reports and starts over. */
export function watchEventLoop(): () => LoopDelayReport {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  const ms = (nanoseconds: number) => Math.round(nanoseconds / 1e5) / 10;
  return () => {
    const report = { p50: ms(histogram.percentile(50)), p99: ms(histogram.percentile(99)), max: ms(histogram.max) };
    histogram.reset();
    return report;
  };
}
