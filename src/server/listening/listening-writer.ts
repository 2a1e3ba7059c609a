/**
 * Writes listening behind the audio routes (issue 28): every FLUSH_EVERY_MS the noted audio
 * requests are drained, counted (download-counter.ts) and written in batches
 * (listening-writes.ts); at shutdown once more, so nothing counted is lost by a graceful stop.
 * A failed round (the database unreachable) keeps its notes or downloads for the next one, within
 * their bounds (MAX_PENDING_NOTES, MAX_RETRY_DOWNLOADS). Once an hour it deletes what has outlived its retention: network hashes
 * and salts older than yesterday (README "What is recorded about listening").
 */
import { dayBefore, utcDay } from '../../domain/listening/counting-window.ts';
import { appNow } from '../clock.ts';
import { boundedCache } from '../caching/bounded-cache.ts';
import type { Database } from '../db/client.ts';
import { log } from '../log.ts';
import { returnPendingNotes, takePendingNotes, type AudioRequestNote } from './audio-requests.ts';
import { deleteOldSalts } from './daily-salts.ts';
import { countNotes, saltsFor, type CountedDownload, type NetworkSighting } from './download-counter.ts';
import { deleteOldNetworks, insertDownloads, recordSightings } from './listening-writes.ts';

export const FLUSH_EVERY_MS = 2000;
const RETENTION_EVERY_MS = 60 * 60_000;
const MAX_RETRY_DOWNLOADS = 50_000;

export interface ListeningSettings {
  /** FEED_SHARE_NETWORK_LIMIT: a key whose audio comes from more networks in a day is flagged. */
  feedShareNetworkLimit: number;
}

let retry: CountedDownload[] = [];
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

async function countInSlices(
  notes: AudioRequestNote[],
  salts: Awaited<ReturnType<typeof saltsFor>>,
): Promise<ReturnType<typeof countNotes>> {
  const downloads: CountedDownload[] = [];
  const sightings: NetworkSighting[] = [];
  for (let start = 0; start < notes.length; start += NOTES_PER_TURN) {
    if (start > 0) await new Promise((resolve) => setImmediate(resolve));
    const counted = countNotes(notes.slice(start, start + NOTES_PER_TURN), salts);
    downloads.push(...counted.downloads);
    sightings.push(...counted.sightings);
  }
  return { downloads, sightings };
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
  const { downloads, sightings } = await countInSlices(notes, salts);
  const toWrite = [...retry, ...downloads];
  retry = [];
  try {
    await insertDownloads(db, toWrite);
  } catch (error) {
    retry = toWrite.slice(-MAX_RETRY_DOWNLOADS);
    throw error;
  }
  const fresh = newSightings(sightings);
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
  lastRetention = 0;
  forgetWrittenSightings();
}
