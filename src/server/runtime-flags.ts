/**
 * How the server's Node process is started (docs/decisions/0036, measured in bench/RESULTS.md):
 * V8 sizes its young generation from the machine's memory (128 MB on a 24 GB machine, most of it
 * garbage between collections), which a page server that keeps its data in bounded caches does not
 * need; glibc gives each thread its own allocator arena, and the threads that compress, hash and
 * read files each keep theirs. `gc` is exposed for one caller, the collection after a burst of
 * work (src/server/idle-collection.ts).
 */
export const RUNTIME_FLAGS: readonly string[] = ['--max-semi-space-size=8', '--liftoff-only', '--expose-gc'];

/**
 * glibc: two arenas; and a fixed 128 KB threshold for mmap and for trimming the heap's top, so
 * large transient blocks (compression windows, request bodies, big query results) go back to
 * the system when freed instead of raising glibc's dynamic threshold and staying in the heap
 * (bench/memory.ts: 40-50 MB less resident memory after the mixed requests, decision 0036).
 */
export const RUNTIME_ENV: Readonly<Record<string, string>> = {
  MALLOC_ARENA_MAX: '2',
  MALLOC_MMAP_THRESHOLD_: '131072',
  MALLOC_TRIM_THRESHOLD_: '131072',
};

/** Whether a process started with these arguments and this environment runs with the flags and environment above. */
export function runtimeIsTuned(started: { execArgv: readonly string[]; env: Readonly<Record<string, string | undefined>> }): boolean {
  return (
    RUNTIME_FLAGS.every((flag) => started.execArgv.includes(flag)) &&
    Object.entries(RUNTIME_ENV).every(([name, value]) => started.env[name] === value)
  );
}
