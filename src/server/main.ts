/**
 * The production entry point (`npm start`, `npm run serve`). It only sets the process up and starts the server
 * bundle that `astro build` wrote: all server code runs from that one bundle (src/server/entry.ts,
 * src/server/boot.ts), so no module is loaded twice.
 * Node runs this file directly (type stripping).
 */
import cluster from 'node:cluster';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { currentBuild, registerRunningProcess, serverEntryOf } from './builds/build-folders.ts';
import { RUNTIME_ENV, RUNTIME_FLAGS, runtimeIsTuned } from './runtime-flags.ts';
import { keepNewFilesOwnerOnly } from './owner-only-files.ts';

// Whatever the server creates is owner-only, whatever umask it was started with; the processes
// it starts (itself again below, forked server processes, scheduled backups) inherit it
// (docs/decisions/0068).
keepNewFilesOwnerOnly();

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

// The build this process runs from, resolved once: `dist` may point at a newer build later
// (npm start or npm run build in the same folder), and this process keeps loading its own
// chunks from the folder it started with, which stays until it exits (decision 0040).
const root = fileURLToPath(new URL('../../', import.meta.url));
const build = currentBuild(root);
if (!build) {
  console.error('There is no build to serve: run `npm run build` first (`npm start` builds and serves).');
  process.exit(1);
}
registerRunningProcess(build);

/** Tells the commands run from this folder which data and address this site has (src/server/cli/find-site.ts). */
async function recordThisSite(): Promise<void> {
  const { env } = await import('./env.ts');
  const { recordRunningSite } = await import('./processes/running-sites.ts');
  try {
    const config = env();
    recordRunningSite(root, { dataDir: config.dataDir, url: config.siteUrl, database: config.DATABASE_URL ? 'postgres' : 'embedded' });
  } catch {
    // A configuration the server refuses: the bundle says why when it reads it.
  }
}

/**
 * How many server processes the host asked for (SERVER_PROCESSES, decision 0046). The usual one
 * is settled without reading the rest of the environment here: the bundle reads it, once.
 */
async function serverProcesses(): Promise<number> {
  if ((process.env.SERVER_PROCESSES ?? '1').trim() === '1') return 1;
  const { env } = await import('./env.ts');
  try {
    return env().serverProcesses;
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}

const processes = cluster.isPrimary ? await serverProcesses() : 1;
if (cluster.isPrimary) await recordThisSite();
if (processes > 1) {
  // This process only supervises; the processes it forks run this file again and serve.
  const { superviseServerProcesses } = await import('./processes/supervisor.ts');
  superviseServerProcesses({ count: processes });
} else {
  const bundle = (await import(pathToFileURL(serverEntryOf(build)).href)) as { serve(): Promise<void> };
  await bundle.serve();
}
