/**
 * A registrant's private feed, as data: who the key belongs to, which episodes they may hear
 * now (the binding in registrant-access.ts decides), and the feed document with the validators
 * (ETag, Last-Modified) that let podcast apps poll cheaply.
 */
import { createHash } from 'node:crypto';
import type { Edition, TimerConfig } from '../../domain/edition.ts';
import { renderMarkup } from '../../markup/safe-html.ts';
import { contentTypeForUrl } from '../../domain/podcast/audio-formats.ts';
import { episodesInFeed, FEED_DAYS, type FeedDay } from '../../domain/podcast/drip.ts';
import { episodeLengthSeconds } from '../../domain/podcast/episode-length.ts';
import { SUMMIT_ENDED_AUDIO, summitEndedAt, summitEndedItem } from '../../domain/podcast/summit-ended.ts';
import { getDatabase } from '../db/index.ts';
import { personalLink } from '../access/links.ts';
import { loadPodcastSettings } from './podcast-settings.ts';
import { EMPTY_PODCAST_SETTINGS, type PodcastSettings } from '../../domain/podcast/show-settings.ts';
import { log } from '../log.ts';
import { contentVersion, onContentChange } from '../caching/content-cache.ts';
import type { Database } from '../db/client.ts';
import { loadSiteBrand } from '../brand/site-brand.ts';
import { loadedTimerConfig, loadTimerConfig } from '../access/timer-configs.ts';
import { cachedEpisodes, loadedEpisodes, type Episode } from '../episodes/episodes.ts';
import { buildFeedXml, type FeedItem } from './feed-xml.ts';
import { chaptersPath, enclosurePath, feedPath, transcriptPath } from '../../domain/podcast/feed-links.ts';
import { TRANSCRIPT_FORMATS, transcriptFormatOf } from '../../domain/podcast/transcripts.ts';
import { audibleDays, rememberedFeedKey, resolveFeedKey, type FeedRegistrant } from './feed-access.ts';
import { boundedCache, bytesOf } from '../caching/bounded-cache.ts';
import { readEdition, readEditionIfLoaded } from '../editions/read-edition.ts';

/** Square artwork every install has, for a brand without a logo. */
export const DEFAULT_ARTWORK_PATH = '/podcast-artwork.png';

export type FeedLookup =
  | { kind: 'gone' }
  | { kind: 'unknown' }
  | {
      kind: 'open';
      registrant: FeedRegistrant;
      edition: Edition;
      episodes: Array<Episode & { publishedAt: Date }>;
      /** When the summit ended for a free registrant: their feed then keeps the "summit has ended" item. */
      endedAt: Date | null;
    };

async function dayTimers(db: Database, editionId: number): Promise<Map<FeedDay, TimerConfig | null>> {
  const configs = await Promise.all(FEED_DAYS.map((day) => loadTimerConfig(db, editionId, `day${day}`)));
  return new Map(FEED_DAYS.map((day, index) => [day, configs[index] ?? null]));
}

/** What a feed is decided from: the edition, its days' timers, its episodes. */
interface FeedInputs {
  edition: Edition;
  timers: ReadonlyMap<FeedDay, TimerConfig | null>;
  episodes: Episode[];
}

function feedOf(registrant: FeedRegistrant, inputs: FeedInputs, now: Date): FeedLookup {
  const openDays = audibleDays({ edition: inputs.edition, timers: inputs.timers, registrant, now });
  // An external player has no audio file for an enclosure: it plays on the pages only.
  const audio = inputs.episodes.filter((episode) => episode.embedUrl === null);
  const endedAt = summitEndedAt({
    tier: registrant.tier,
    timers: inputs.timers,
    registeredAt: registrant.registeredAt,
    audibleDays: openDays.size,
    now,
  });
  return { kind: 'open', registrant, edition: inputs.edition, episodes: episodesInFeed(audio, openDays), endedAt };
}

/** The registrant behind a key and the episodes they may hear now. */
export async function lookUpFeed(db: Database, key: string, now: Date): Promise<FeedLookup> {
  const holder = await resolveFeedKey(db, key);
  if (holder.kind !== 'active') return holder;
  const { registrant } = holder;
  const edition = await readEdition(db, { id: registrant.editionId });
  if (!edition) return { kind: 'gone' };
  const [timers, episodes] = await Promise.all([dayTimers(db, edition.id), cachedEpisodes(db, edition.id)]);
  return feedOf(registrant, { edition, timers, episodes }, now);
}

/**
 * The same lookup when everything it needs is in this process's memory (a podcast app polling
 * a feed it polled lately), without waiting on anything; undefined when something must be loaded.
 */
export function lookUpFeedNow(key: string, now: Date): FeedLookup | undefined {
  const holder = rememberedFeedKey(key);
  if (!holder || holder.kind !== 'active') return holder;
  const edition = readEditionIfLoaded({ id: holder.registrant.editionId });
  if (edition === undefined) return undefined;
  if (edition === null) return { kind: 'gone' };
  const timers = new Map<FeedDay, TimerConfig | null>();
  for (const day of FEED_DAYS) {
    const timer = loadedTimerConfig(edition.id, `day${day}`);
    if (timer === undefined) return undefined;
    timers.set(day, timer);
  }
  const episodes = loadedEpisodes(edition.id);
  return episodes && feedOf(holder.registrant, { edition, timers, episodes }, now);
}

const absolute = (siteUrl: string, url: string) => (url.startsWith('/') ? `${siteUrl}${url}` : url);

export interface FeedDocument {
  xml: string;
  /** The XML as UTF-8, encoded once. */
  bytes: Buffer;
  etag: string;
  lastModified: Date;
}

/**
 * Feed documents already built, by key and what the feed lists: a poll that finds its
 * registrant's feed unchanged skips the XML and the hash. Sized by the XML held twice (as text
 * and as bytes); any content change (an episode, the brand) drops every document at once.
 */
const FEED_DOCUMENTS_TTL_MS = 30_000;
const feedDocuments = boundedCache<FeedDocument>({
  name: 'feed documents',
  maxEntries: 5000,
  maxBytes: 64 * 1024 * 1024,
  sizeOf: (document) => bytesOf.text(document.xml) + bytesOf.buffers(document.bytes) + 128,
  ttlMs: FEED_DOCUMENTS_TTL_MS,
});
onContentChange(() => feedDocuments.clear());

const fingerprintOf = (key: string, lookup: Extract<FeedLookup, { kind: 'open' }>) =>
  `${key} ${lookup.episodes.map((episode) => `${episode.id}@${episode.publishedAt.getTime()}`).join(',')} ${lookup.endedAt?.getTime() ?? ''}`;

/** The feed of a key; its links start with `siteUrl` (the same for the whole process, so not part of the fingerprint). */
export async function feedDocument(key: string, lookup: Extract<FeedLookup, { kind: 'open' }>, siteUrl: string): Promise<FeedDocument> {
  const fingerprint = fingerprintOf(key, lookup);
  const known = feedDocuments.get(fingerprint);
  if (known) return known;
  const version = contentVersion();
  const built = await buildFeedDocument(key, lookup, siteUrl);
  // Built from content that changed meanwhile: answered, not cached.
  if (contentVersion() === version) feedDocuments.set(fingerprint, built);
  return built;
}

/** The feed document already built for what this feed lists now, or undefined. */
export function cachedFeedDocument(key: string, lookup: Extract<FeedLookup, { kind: 'open' }>): FeedDocument | undefined {
  return feedDocuments.get(fingerprintOf(key, lookup));
}

/** The personal "summit has ended" item, when the summit ended for this registrant. */
function summitEndedFeedItem({
  key,
  lookup,
  siteUrl,
  show,
}: {
  key: string;
  lookup: OpenFeed;
  siteUrl: string;
  show: { title: string; author: string };
}): FeedItem[] {
  if (!lookup.endedAt) return [];
  const { author } = show;
  const item = summitEndedItem({
    editionId: lookup.edition.id,
    registrantId: lookup.registrant.id,
    showName: show.title,
    // Their own page (signed in by the key), where the passes are offered.
    keepListeningUrl: personalLink(siteUrl, key, 'dashboard'),
    words: lookup.edition.settings.feedEnded,
  });
  return [
    {
      guid: item.guid,
      title: item.title,
      descriptionHtml: renderMarkup(item.description),
      author,
      enclosureUrl: `${siteUrl}${SUMMIT_ENDED_AUDIO.path}`,
      enclosureLength: SUMMIT_ENDED_AUDIO.bytes,
      enclosureType: SUMMIT_ENDED_AUDIO.contentType,
      durationSeconds: SUMMIT_ENDED_AUDIO.durationSeconds,
      publishedAt: lookup.endedAt,
      artworkUrl: null,
      day: null,
      episodeType: 'bonus',
    },
  ];
}

type OpenFeed = Extract<FeedLookup, { kind: 'open' }>;

/** The edition's podcast settings; while the database cannot be read, the brand's defaults (the feed still answers). */
async function podcastSettingsFor(editionId: number): Promise<PodcastSettings> {
  try {
    return await loadPodcastSettings((await getDatabase()).db, editionId);
  } catch (error) {
    log.error({ err: error }, 'podcast settings could not be read; the feed uses the defaults');
    return EMPTY_PODCAST_SETTINGS;
  }
}

/** The item's podcast:transcript and podcast:chapters, at personal URLs with the audio's access. */
function episodeTexts(key: string, episode: Episode, siteUrl: string): Pick<FeedItem, 'transcript' | 'chaptersUrl'> {
  const format = transcriptFormatOf(episode.transcriptType);
  return {
    transcript:
      format && episode.transcript !== null
        ? { url: absolute(siteUrl, transcriptPath(key, episode, format)), type: TRANSCRIPT_FORMATS[format].contentType }
        : null,
    chaptersUrl: episode.chapters === null ? null : absolute(siteUrl, chaptersPath(key, episode)),
  };
}

async function buildFeedDocument(key: string, lookup: OpenFeed, siteUrl: string): Promise<FeedDocument> {
  const brand = await loadSiteBrand();
  const podcast = await podcastSettingsFor(lookup.edition.id);
  // Square artwork only (Apple's rule): the edition's own, else the site's default, never the wide logo.
  const artworkUrl = absolute(siteUrl, podcast.artworkUrl ?? DEFAULT_ARTWORK_PATH);
  const author = podcast.author ?? brand.hostName ?? brand.summitName;
  const items: FeedItem[] = lookup.episodes.map((episode) => ({
    guid: episode.guid,
    title: episode.title,
    descriptionHtml: renderMarkup(episode.description),
    author: episode.speaker || author,
    enclosureUrl: absolute(siteUrl, enclosurePath(key, episode)),
    enclosureLength: episode.sizeBytes,
    enclosureType: episode.externalUrl ? contentTypeForUrl(episode.externalUrl) : episode.contentType,
    durationSeconds: episodeLengthSeconds(episode),
    publishedAt: episode.publishedAt,
    artworkUrl: episode.artwork ? absolute(siteUrl, episode.artwork) : null,
    day: episode.day,
    ...episodeTexts(key, episode, siteUrl),
  }));
  const title = `${brand.summitName} (${lookup.edition.name})`;
  items.push(...summitEndedFeedItem({ key, lookup, siteUrl, show: { title, author } }));
  const xml = buildFeedXml(
    {
      title,
      // An empty tagline means none; a channel's description is still required, so the title stands in.
      description: brand.tagline || title,
      author,
      link: siteUrl,
      selfUrl: `${siteUrl}${feedPath(key)}`,
      artworkUrl,
      // The edition's language tag as its host set it (en-GB stays en-GB).
      language: lookup.edition.settings.texts.meta.lang,
      ownerEmail: podcast.ownerEmail ?? brand.supportEmail ?? (lookup.edition.settings.dashboard.supportEmail || null),
      ownerName: podcast.ownerName,
      category: podcast.category ? { category: podcast.category, subcategory: podcast.subcategory } : null,
    },
    items,
  );
  const changes = [
    ...lookup.episodes.flatMap((episode) => [episode.publishedAt.getTime(), episode.updatedAt.getTime()]),
    lookup.endedAt?.getTime() ?? 0,
  ];
  // Whole seconds: Last-Modified and If-Modified-Since carry no milliseconds.
  const lastModified = new Date(Math.floor(Math.max(0, ...changes) / 1000) * 1000);
  const etag = `"${createHash('sha256').update(xml).digest('base64url').slice(0, 27)}"`;
  return { xml, bytes: Buffer.from(xml), etag, lastModified };
}
