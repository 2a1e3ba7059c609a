/**
 * The production entry point (`npm start`). It opens, migrates and seeds the database before the
 * server listens, then serves Astro's handler behind the front door (src/server/http/front-door.ts),
 * and shuts down gracefully on SIGTERM/SIGINT:
 * it stops accepting connections, lets requests in flight finish, then closes the database.
 * Node runs this file directly (type stripping), so it and what it imports use plain, erasable TS.
 */
import http from 'node:http';
import { closeDatabase, getDatabase } from './db/index.ts';
import { frontDoor, type NodeHandler } from './http/front-door.ts';
import { pageCache } from './http/page-cache.ts';
import { env } from './env.ts';
import { log } from './log.ts';
import { listenForContentChanges } from './content-events.ts';
import { startMailWorker } from './mail/worker.ts';

const SHUTDOWN_GRACE_MS = 10_000;

const config = env();
// The adapter must not start a server of its own: this file serves its handler.
process.env.ASTRO_NODE_AUTOSTART = 'disabled';

if (config.UNSAFE_TEST_CLOCK) log.warn('UNSAFE_TEST_CLOCK is on: requests can set the clock. Tests only, never in production.');

const started = performance.now();
const handle = await getDatabase();
const { driver, db } = handle;
const mailWorker = startMailWorker(db, config);
const stopListening = await listenForContentChanges(handle);
log.info({ driver, dataDir: driver === 'pglite' ? config.dataDir : undefined, ms: Math.round(performance.now() - started) }, 'database ready');

// @ts-ignore -- the build output has no type declarations; it exists once `astro build` has run.
const entry: { handler: NodeHandler } = await import('../../dist/server/entry.mjs');
// Our own server around Astro's handler (static files and pages): the front door, then pages
// kept in memory, then Astro.
const httpServer = http.createServer(frontDoor(pageCache(entry.handler, config.TRUST_PROXY)));
httpServer.listen(config.PORT, config.HOST, () => {
  log.info({ url: `http://localhost:${config.PORT}`, host: config.HOST, ms: Math.round(performance.now() - started) }, 'listening');
});

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, 'shutting down');
  const force = setTimeout(() => httpServer.closeAllConnections(), SHUTDOWN_GRACE_MS);
  force.unref();
  httpServer.closeIdleConnections();
  await new Promise<void>((resolve) => httpServer.close(() => resolve()));
  await mailWorker.stop();
  await stopListening();
  await closeDatabase();
  log.info('stopped');
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
