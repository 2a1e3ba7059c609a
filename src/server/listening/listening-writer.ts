/**
 * Writes listening behind the audio routes (decision 0037): every FLUSH_EVERY_MS the noted audio
 * requests are drained, counted (download-counter.ts) and written in batches
 * (listening-writes.ts); at shutdown once more, so nothing counted is lost by a graceful stop.
 * A failed round (the database unreachable) keeps its notes or downloads for the next one, within
 * their bounds (MAX_PENDING_NOTES, MAX_RETRY_DOWNLOADS). Once an hour it deletes what has outlived its retention: network and
 * address hashes and salts older than yesterday (README "What is recorded about listening").
 */
import { dayBefore, utcDay } from '../../domain/listening/counting-window.ts';
import { appNow } from '../clock.ts';
import { boundedCache } from '../caching/bounded-cache.ts';
import type { Database } from '../db/client.ts';
import { log } from '../log.ts';
import { returnPendingNotes, takePendingNotes, type AudioRequestNote } from './audio-requests.ts';
import { deleteOldSalts } from './daily-salts.ts';
import {
  countNotes,
  saltsFor,
  type AddressSighting,
  type CountedDownload,
  type CountedNotes,
  type NetworkSighting,
} from './download-counter.ts';
import { deleteOldNetworks, dropSuspiciousDownloads, insertDownloads, recordAddresses, recordSightings } from './listening-writes.ts';

export const FLUSH_EVERY_MS = 2000;
const RETENTION_EVERY_MS = 60 * 60_000;
const MAX_RETRY_DOWNLOADS = 50_000;

export interface ListeningSettings {
  /** FEED_SHARE_NETWORK_LIMIT: a key whose audio comes from more networks in a day is flagged. */
  feedShareNetworkLimit: number;
  /** LISTENERS_PER_ADDRESS_LIMIT: past it, an address's anonymous downloads of the day are not counted (suspicious traffic). */
  listenersPerAddressLimit: number;
}

let retry: CountedDownload[] = [];
let retryAddresses: AddressSighting[] = [];
let lastRetention = 0;

/** Sightings this process has written: a podcast app's many range requests write one row. */
const writtenSightings = boundedCache<true>({
  name: 'feed network sightings',
  maxEntries: 50_000,
  maxBytes: 8 * 1024 * 1024,
  sizeOf: () => 8,
});

/** An access change (a re-issued link clears its networks) in any process: every sighting may be new again. */
export function forgetWrittenSightings(): void {
  writtenSightings.clear();
}

/** Address rows this process has written: a listener's many range requests write one row. */
const writtenAddresses = boundedCache<true>({
  name: 'listening address sightings',
  maxEntries: 50_000,
  maxBytes: 16 * 1024 * 1024,
  sizeOf: () => 8,
});
const addressRowKey = (a: AddressSighting) => `${a.day}|${a.addressHash}|${a.agentHash}|${a.listenerKey}`;

function newAddresses(addresses: readonly AddressSighting[]): AddressSighting[] {
  const fresh = new Map<string, AddressSighting>();
  for (const address of addresses) if (!writtenAddresses.has(addressRowKey(address))) fresh.set(addressRowKey(address), address);
  return [...fresh.values()];
}

function newSightings(sightings: readonly NetworkSighting[]): NetworkSighting[] {
  const fresh = new Map<string, NetworkSighting>();
  for (const sighting of sightings) {
    const key = `${sighting.registrantId}|${sighting.day}|${sighting.networkHash}`;
    if (!writtenSightings.has(key)) fresh.set(key, sighting);
  }
  return [...fresh.values()];
}

async function applyRetention(db: Database): Promise<void> {
  if (Date.now() - lastRetention < RETENTION_EVERY_MS) return;
  lastRetention = Date.now();
  const today = utcDay(appNow());
  await deleteOldNetworks(db, dayBefore(today));
  await deleteOldSalts(db, today);
}

/** Notes counted per turn of the event loop: a drain of many thousands never holds up the audio routes for long. */
const NOTES_PER_TURN = 2000;

async function countInSlices(notes: AudioRequestNote[], salts: Awaited<ReturnType<typeof saltsFor>>): Promise<CountedNotes> {
  const all: CountedNotes = { downloads: [], sightings: [], addresses: [] };
  for (let start = 0; start < notes.length; start += NOTES_PER_TURN) {
    if (start > 0) await new Promise((resolve) => setImmediate(resolve));
    const counted = countNotes(notes.slice(start, start + NOTES_PER_TURN), salts);
    all.downloads.push(...counted.downloads);
    all.sightings.push(...counted.sightings);
    all.addresses.push(...counted.addresses);
  }
  return all;
}

/**
 * The addresses first, so the insert sees every agent this round brought; then the downloads,
 * those of an address past the limit left out; then, for addresses this round took past it, the
 * downloads counted from them earlier that day (in any process) are deleted.
 */
async function writeDownloads(db: Database, counted: CountedNotes, limit: number): Promise<void> {
  const addresses = newAddresses([...retryAddresses, ...counted.addresses]);
  const toWrite = [...retry, ...counted.downloads];
  retry = [];
  retryAddresses = [];
  try {
    await recordAddresses(db, addresses);
    await insertDownloads(db, toWrite, limit);
  } catch (error) {
    retry = toWrite.slice(-MAX_RETRY_DOWNLOADS);
    retryAddresses = addresses.slice(-MAX_RETRY_DOWNLOADS);
    throw error;
  }
  for (const address of addresses) writtenAddresses.set(addressRowKey(address), true);
  await dropSuspiciousDownloads(db, addresses, limit);
}

/** One round: everything noted so far is counted and written. Tests call it to see the result at once. */
export async function flushListening(db: Database, settings: ListeningSettings): Promise<void> {
  const notes = takePendingNotes();
  let salts: Awaited<ReturnType<typeof saltsFor>>;
  try {
    salts = await saltsFor(db, notes);
  } catch (error) {
    returnPendingNotes(notes);
    throw error;
  }
  const counted = await countInSlices(notes, salts);
  await writeDownloads(db, counted, settings.listenersPerAddressLimit);
  const fresh = newSightings(counted.sightings);
  await recordSightings(db, fresh, settings.feedShareNetworkLimit);
  for (const s of fresh) writtenSightings.set(`${s.registrantId}|${s.day}|${s.networkHash}`, true);
  await applyRetention(db);
}

/** Starts the timer; `stop` writes what is left (the server's graceful shutdown calls it). */
export function startListeningWriter(db: Database, settings: ListeningSettings): { stop(): Promise<void> } {
  let running: Promise<void> = Promise.resolve();
  const round = () => {
    running = running.then(() =>
      flushListening(db, settings).catch((error: unknown) => log.error({ err: error }, 'writing listening failed; retrying')),
    );
  };
  const timer = setInterval(round, FLUSH_EVERY_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      round();
      await running;
    },
  };
}

/** Forgets what this process wrote and kept for retry (tests: a second suite starts from nothing). */
export function forgetListeningWrites(): void {
  retry = [];
  retryAddresses = [];
  lastRetention = 0;
  forgetWrittenSightings();
  writtenAddresses.clear();
}
