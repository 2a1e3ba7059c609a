/**
 * Boots the production server: opens, migrates and seeds the database before listening, starts
 * the outbound worker (e-mail, webhooks, list calls), the housekeeping sweeps, the listening writer and the content- and access-change listeners, then serves Astro's handler through the
 * request pipeline (src/server/front-door/pipeline.ts). SIGTERM/SIGINT shut it down gracefully: stop
 * accepting connections, let requests in flight finish, then close the database.
 * Bundled by Astro (src/server/entry.ts) and started by src/server/main.ts.
 */
import path from 'node:path';
import { closeDatabase, getDatabase } from './db/index.ts';
import { env, type Env } from './env.ts';
import { log } from './log.ts';
import { configureProcess } from './process-config.ts';
import { listenForContentChanges } from './caching/change-announcement.ts';
import { listenForAccessChanges } from './access/access-events.ts';
import { outboundKinds } from './outbound-kinds.ts';
import { startOutboundWorker } from './outbound/worker.ts';
import { startHousekeeping } from './housekeeping.ts';
import { startListeningWriter } from './listening/listening-writer.ts';
import { getStorage } from './uploads/upload-storage.ts';
import { requestPipeline, type NodeHandler } from './front-door/pipeline.ts';
import { siteServer } from './front-door/site-server.ts';
import { loadedReactBuild } from './react-build.ts';
import { memoryReport, watchEventLoop } from './process-report.ts';
import { startIdleCollection } from './idle-collection.ts';
import { startAdminSocket } from './admin-socket/admin-socket.ts';
import { startScheduledBackups } from './backups/schedule.ts';
import { checkOwnerOnly, keepNewFilesOwnerOnly, NotOwnerOnly, type CheckedFolder } from './owner-only-files.ts';

const SHUTDOWN_GRACE_MS = 10_000;

/**
 * DATA_DIR (and BACKUP_DIR when it lies elsewhere) made owner-only before the database opens:
 * what was open to other users is tightened and named in a warning; a path this process cannot
 * change stops the start with the fix (docs/decisions/0068).
 */
async function keepDataOwnerOnly(config: Pick<Env, 'dataDir' | 'backupDir'>): Promise<void> {
  const folders: CheckedFolder[] = [{ path: config.dataDir }];
  // A BACKUP_DIR elsewhere may be a folder shared with other things: its own entries only.
  if (path.relative(config.dataDir, config.backupDir).startsWith('..')) folders.push({ path: config.backupDir, depth: 1 });
  try {
    await checkOwnerOnly(folders, (message, wide) => log.warn({ paths: wide.slice(0, 10).map((entry) => entry.path) }, message));
  } catch (error) {
    if (!(error instanceof NotOwnerOnly)) throw error;
    log.error(error.message);
    process.exit(1);
  }
}

export async function startServer(astroHandler: NodeHandler): Promise<void> {
  // The one read of the environment: each process-wide piece gets its part here, the Node
  // routes through the pipeline, Astro's pages through src/middleware.ts (locals.config).
  keepNewFilesOwnerOnly();
  const config = env();
  configureProcess(config);
  if (config.UNSAFE_TEST_CLOCK) log.warn('UNSAFE_TEST_CLOCK is on: requests can set the clock. Tests only, never in production.');
  await keepDataOwnerOnly(config);
  if (config.BACKUP_DECRYPTION_KEY)
    log.warn('BACKUP_DECRYPTION_KEY is set for the running site: it opens every encrypted backup. Give it to npm run restore only.');

  const started = performance.now();
  const handle = await getDatabase();
  const { driver, db } = handle;
  const outboundWorker = startOutboundWorker(db, outboundKinds(config));
  const housekeeping = startHousekeeping(db, getStorage());
  // Downloads counted behind the audio routes, written in batches (decision 0037).
  const listening = startListeningWriter(db, {
    feedShareNetworkLimit: config.FEED_SHARE_NETWORK_LIMIT,
    listenersPerAddressLimit: config.LISTENERS_PER_ADDRESS_LIMIT,
  });
  const stopListeningContent = await listenForContentChanges(handle);
  const stopListeningAccess = await listenForAccessChanges(handle);
  const stopIdleCollection = startIdleCollection();
  // The embedded database opens in one process: admin:create asks this one while it runs.
  const adminSocket =
    driver === 'pglite'
      ? await startAdminSocket(db, { dataDir: config.dataDir, siteUrl: config.siteUrl, copyDatabase: handle.copyRunning })
      : { stop: async () => {} };
  const scheduledBackups = startScheduledBackups(config);
  const stopListening = async () => {
    await stopListeningContent();
    await stopListeningAccess();
  };
  log.info(
    { driver, dataDir: driver === 'pglite' ? config.dataDir : undefined, ms: Math.round(performance.now() - started) },
    'database ready',
  );

  const httpServer = siteServer(requestPipeline(astroHandler, config), { requestTimeoutMs: config.REQUEST_TIMEOUT_SECONDS * 1000 });
  httpServer.listen(config.PORT, config.HOST, () => {
    log.info(
      {
        url: config.siteUrl,
        host: config.HOST,
        nodeEnv: process.env.NODE_ENV,
        react: loadedReactBuild(),
        ms: Math.round(performance.now() - started),
      },
      'listening',
    );
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
    stopIdleCollection();
    scheduledBackups.stop();
    await adminSocket.stop();
    await outboundWorker.stop();
    await housekeeping.stop();
    // After the last request: what it noted is counted and written before the database closes.
    await listening.stop();
    await stopListening();
    await closeDatabase();
    log.info('stopped');
    process.exit(0);
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  // An operator's (and the benchmarks') look at where memory and time go, without a restart.
  const loopDelay = watchEventLoop();
  process.on('SIGUSR2', () => log.info({ memory: memoryReport(handle), eventLoopDelayMs: loopDelay() }, 'process report'));
}
