/**
 * The production entry point (`npm start`). It only sets the process up and starts the server
 * bundle that `astro build` wrote: all server code runs from that one bundle (src/server/entry.ts,
 * src/server/boot.ts), so no module is loaded twice.
 * Node runs this file directly (type stripping).
 */
import { fileURLToPath } from 'node:url';
import { RUNTIME_ENV, RUNTIME_FLAGS, runtimeIsTuned } from './runtime-flags.ts';

// The memory settings must be in place when the process starts (V8 sizes its heap and glibc its
// allocator at startup): a process started without them becomes, in place (same pid, no second
// process), one started with them. Whoever starts the server (npm start, a service manager, the
// tests) gets the same process.
if (!runtimeIsTuned({ execArgv: process.execArgv, env: process.env })) {
  process.execve!(process.execPath, [process.execPath, ...RUNTIME_FLAGS, ...process.execArgv, fileURLToPath(import.meta.url)], {
    ...process.env,
    ...RUNTIME_ENV,
  });
}

// Production mode for everything the bundle loads: React picks its production server renderer
// from NODE_ENV when it is first required, which is below.
process.env.NODE_ENV = 'production';
// The adapter must not start a server of its own: boot.ts serves its handler.
process.env.ASTRO_NODE_AUTOSTART = 'disabled';

// eslint-disable-next-line @typescript-eslint/ban-ts-comment -- @ts-expect-error would fail once dist/ exists: the error is there only before a build
// @ts-ignore -- the build output has no type declarations; it exists once `astro build` has run.
const bundle: { serve(): Promise<void> } = await import('../../dist/server/entry.mjs');
await bundle.serve();
