/**
 * Turns the noted audio requests into counted downloads and feed network sightings, by the rules
 * of src/domain/listening/ (IAB Podcast Measurement Technical Guidelines v2.3; decision 0037).
 * Each listener's progress on each episode is kept in this process's memory, in a bounded LRU:
 * the least recently heard are forgotten first, and a forgotten progress only means a download
 * that needs its minute again. The database holds the result (listening-writes.ts), never the
 * address: listener keys and networks are hashed here with the day's salt.
 */
import { parseRange, requestedSpan, type ByteSpan } from '../../domain/listening/byte-spans.ts';
import { COUNTING_WINDOW_MS, dayBefore, utcDay } from '../../domain/listening/counting-window.ts';
import { addSentBytes, type DownloadProgress } from '../../domain/listening/download-progress.ts';
import { addressHash, addressParts, agentHash, listenerKey, networkHash } from '../../domain/listening/listener-identity.ts';
import { oneMinuteBytes } from '../../domain/listening/one-minute.ts';
import { agentVerdict, requestVerdict, type NotCounted } from '../../domain/listening/request-filter.ts';
import { boundedCache } from '../caching/bounded-cache.ts';
import type { Database } from '../db/client.ts';
import type { AudioRequestNote, AudioRoute } from './audio-requests.ts';
import { saltOf } from './daily-salts.ts';

export interface CountedDownload {
  episodeId: number;
  registrantId: number | null;
  listenerKey: string;
  /** The same listener's key under yesterday's salt: a window opened before midnight still holds. */
  earlierKey: string;
  route: AudioRoute;
  countedAt: Date;
  /** An anonymous listener's address, hashed with the day's salt (the suspicious-traffic check); null for a registrant. */
  addressHash: string | null;
}

/** An anonymous request that could count, as the suspicious-traffic check sees it (all hashes). */
export interface AddressSighting {
  day: string;
  addressHash: string;
  agentHash: string;
  listenerKey: string;
}

export interface NetworkSighting {
  registrantId: number;
  editionId: number;
  day: string;
  networkHash: string;
}

/** Progress per episode and listener; an entry is a few spans and dates. */
const progressByListener = boundedCache<DownloadProgress>({
  name: 'listening progress',
  maxEntries: 100_000,
  maxBytes: 32 * 1024 * 1024,
  sizeOf: (progress) => 64 + progress.spans.length * 32,
  ttlMs: COUNTING_WINDOW_MS,
});

/**
 * A podcast app sends many range requests with one user agent from one address: the agent's
 * verdict and the network's hash are worked out once and remembered (bounded), so a drain of
 * thousands of notes costs little.
 */
const agentVerdicts = boundedCache<{ verdict: NotCounted | null }>({
  name: 'listening agent verdicts',
  maxEntries: 5000,
  maxBytes: 4 * 1024 * 1024,
  sizeOf: () => 16,
});
const networkHashes = boundedCache<{ hash: string | null }>({
  name: 'listening network hashes',
  maxEntries: 20_000,
  maxBytes: 4 * 1024 * 1024,
  sizeOf: () => 64,
});
const addressHashes = boundedCache<{ hash: string }>({
  name: 'listening address hashes',
  maxEntries: 20_000,
  maxBytes: 4 * 1024 * 1024,
  sizeOf: () => 64,
});
const agentHashes = boundedCache<{ hash: string }>({
  name: 'listening agent hashes',
  maxEntries: 5000,
  maxBytes: 4 * 1024 * 1024,
  sizeOf: () => 64,
});

function rememberedAddressHash(salts: Salts, day: string, address: string): string {
  const memo = `${day}|${address}`;
  let known = addressHashes.get(memo);
  if (!known) addressHashes.set(memo, (known = { hash: addressHash(salts.get(day)!, address) }));
  return known.hash;
}

function rememberedAgentHash(userAgent: string): string {
  let known = agentHashes.get(userAgent);
  if (!known) agentHashes.set(userAgent, (known = { hash: agentHash(userAgent) }));
  return known.hash;
}

function rememberedAgentVerdict(userAgent: string | null): NotCounted | null {
  const agent = (userAgent ?? '').slice(0, 512);
  let known = agentVerdicts.get(agent);
  if (!known) agentVerdicts.set(agent, (known = { verdict: agentVerdict(agent) }));
  return known.verdict;
}

/** Why a note can never be part of a download (src/domain/listening/request-filter.ts), or null. */
function whyNotCounted(note: AudioRequestNote): NotCounted | null {
  return requestVerdict({ method: note.method, range: note.rangeHeader }) ?? rememberedAgentVerdict(note.listener.userAgent);
}

/** Forgets every listener's progress (tests: a second suite starts from nothing). */
export function forgetListeningProgress(): void {
  progressByListener.clear();
  networkHashes.clear();
  addressHashes.clear();
}

function sentSpan(note: AudioRequestNote): ByteSpan | null {
  if (note.served) return note.served.bytes > 0 ? { start: note.served.firstByte, end: note.served.firstByte + note.served.bytes } : null;
  const size = note.episode.sizeBytes && note.episode.sizeBytes > 0 ? note.episode.sizeBytes : null;
  return requestedSpan(parseRange(note.rangeHeader), size);
}

/** The salt of each UTC day by name: loaded before counting, so counting itself cannot fail half-way. */
type Salts = ReadonlyMap<string, string>;

/** The salts the notes need (their days and the days before), read or made first. */
export async function saltsFor(db: Database, notes: readonly AudioRequestNote[]): Promise<Salts> {
  const days = new Set<string>();
  for (const note of notes) {
    const day = utcDay(note.at);
    days.add(day).add(dayBefore(day));
  }
  const salts = new Map<string, string>();
  for (const day of days) salts.set(day, await saltOf(db, day));
  return salts;
}

function keysOf(note: AudioRequestNote, salts: Salts): { key: string; earlierKey: string } {
  const day = utcDay(note.at);
  const { registrantId, visitorSession, address, userAgent } = note.listener;
  const named = registrantId !== null ? listenerKey({ registrantId }) : visitorSession ? listenerKey({ visitorSession }) : null;
  if (named) return { key: named, earlierKey: named };
  const agent = userAgent ?? '';
  return {
    key: listenerKey({ salt: salts.get(day)!, address, userAgent: agent }),
    earlierKey: listenerKey({ salt: salts.get(dayBefore(day))!, address, userAgent: agent }),
  };
}

function sightingOf(note: AudioRequestNote, salts: Salts): NetworkSighting | null {
  const { registrantId, address } = note.listener;
  if (note.route !== 'feed' || registrantId === null) return null;
  const day = utcDay(note.at);
  const memo = `${day}|${address}`;
  let known = networkHashes.get(memo);
  if (!known) {
    const network = addressParts(address)?.network;
    networkHashes.set(memo, (known = { hash: network ? networkHash(salts.get(day)!, network) : null }));
  }
  return known.hash ? { registrantId, editionId: note.episode.editionId, day, networkHash: known.hash } : null;
}

/** What the notes counted: downloads, the networks a feed's audio came from, and anonymous addresses seen. */
export interface CountedNotes {
  downloads: CountedDownload[];
  sightings: NetworkSighting[];
  addresses: AddressSighting[];
}

/** The downloads the notes complete, the networks the feed's audio was fetched from and the anonymous addresses' agents (salts: saltsFor). */
export function countNotes(notes: readonly AudioRequestNote[], salts: Salts): CountedNotes {
  const downloads: CountedDownload[] = [];
  const sightings: NetworkSighting[] = [];
  const addresses: AddressSighting[] = [];
  for (const note of notes) {
    // Every fetch of a personal feed's audio shows where the key is used, a bot's included.
    const sighting = sightingOf(note, salts);
    if (sighting) sightings.push(sighting);
    if (whyNotCounted(note)) continue;
    const { key, earlierKey } = keysOf(note, salts);
    const day = utcDay(note.at);
    // A registrant counts once however they ask; everyone else is checked by the address they ask from.
    const address = note.listener.registrantId === null ? rememberedAddressHash(salts, day, note.listener.address) : null;
    if (address)
      addresses.push({ day, addressHash: address, agentHash: rememberedAgentHash(note.listener.userAgent ?? ''), listenerKey: key });
    const progressKey = `${note.episode.id}|${key}`;
    const { progress, outcome } = addSentBytes(progressByListener.get(progressKey), {
      span: sentSpan(note),
      at: note.at,
      threshold: oneMinuteBytes(note.episode).bytes,
    });
    progressByListener.set(progressKey, progress);
    if (outcome === 'counted')
      downloads.push({
        episodeId: note.episode.id,
        registrantId: note.listener.registrantId,
        listenerKey: key,
        earlierKey,
        route: note.route,
        countedAt: note.at,
        addressHash: address,
      });
  }
  return { downloads, sightings, addresses };
}
