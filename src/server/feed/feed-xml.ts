/**
 * The private feed as RSS 2.0 with the itunes: and podcast: namespaces (decision 0020).
 * Built with xmlbuilder2, which escapes every text and attribute, so no title or description a
 * host types can break the XML. Pure: plain data in, a string out.
 */
import { create } from 'xmlbuilder2';
import { xmlSafeRecord } from '../../domain/plain-text.ts';
import { formatAudioDuration } from '../../domain/podcast/audio-formats.ts';
import { CHAPTERS_CONTENT_TYPE } from '../../domain/podcast/chapters.ts';

const ITUNES = 'http://www.itunes.com/dtds/podcast-1.0.dtd';
const PODCAST = 'https://podcastindex.org/namespace/1.0';
const ATOM = 'http://www.w3.org/2005/Atom';
const CONTENT = 'http://purl.org/rss/1.0/modules/content/';

export interface FeedChannel {
  title: string;
  description: string;
  author: string;
  /** The site's public address. */
  link: string;
  /** This feed's own URL (atom:link rel=self). */
  selfUrl: string;
  artworkUrl: string;
  language: string;
  /** The owner's address for podcast:locked (apps that import feeds ask the owner). */
  ownerEmail: string | null;
  /** itunes:owner's name (the author when not set). */
  ownerName?: string | null;
  /** Apple's category and subcategory (src/domain/podcast/apple-categories.ts). */
  category?: { category: string; subcategory: string | null } | null;
}

export interface FeedItem {
  guid: string;
  title: string;
  /** Sanitised HTML. */
  descriptionHtml: string;
  author: string;
  enclosureUrl: string;
  enclosureLength: number;
  enclosureType: string;
  durationSeconds: number | null;
  publishedAt: Date;
  artworkUrl: string | null;
  /** Day 1..3, as the season-less episode number apps show; null for the "summit has ended" item. */
  day: number | null;
  /** 'bonus' for the "summit has ended" item; 'full' otherwise. */
  episodeType?: 'full' | 'bonus';
  /** podcast:transcript: the transcript's URL and type (text/vtt, application/x-subrip or text/plain). */
  transcript?: { url: string; type: string } | null;
  /** podcast:chapters: the JSON chapters file's URL. */
  chaptersUrl?: string | null;
}

export function buildFeedXml(rawChannel: FeedChannel, rawItems: readonly FeedItem[]): string {
  // Every text without what XML 1.0 forbids: one control character would break the whole feed.
  const channel = xmlSafeRecord(rawChannel);
  const items = xmlSafeRecord(rawItems);
  const rss = create({ version: '1.0', encoding: 'UTF-8' }).ele('rss', {
    version: '2.0',
    'xmlns:itunes': ITUNES,
    'xmlns:podcast': PODCAST,
    'xmlns:atom': ATOM,
    'xmlns:content': CONTENT,
  });
  const ch = rss.ele('channel');
  ch.ele('title').txt(channel.title);
  ch.ele('link').txt(channel.link);
  ch.ele('atom:link', { href: channel.selfUrl, rel: 'self', type: 'application/rss+xml' });
  ch.ele('description').txt(channel.description);
  ch.ele('language').txt(channel.language);
  ch.ele('itunes:author').txt(channel.author);
  if (channel.category) {
    const category = ch.ele('itunes:category', { text: channel.category.category });
    if (channel.category.subcategory) category.ele('itunes:category', { text: channel.category.subcategory });
  }
  ch.ele('itunes:image', { href: channel.artworkUrl });
  ch.ele('image').ele('url').txt(channel.artworkUrl).up().ele('title').txt(channel.title).up().ele('link').txt(channel.link);
  ch.ele('itunes:explicit').txt('false');
  ch.ele('itunes:type').txt('episodic');
  // A private feed: directories must not list it, and no one may import it as their own.
  ch.ele('itunes:block').txt('Yes');
  ch.ele('podcast:locked', channel.ownerEmail ? { owner: channel.ownerEmail } : {}).txt('yes');
  if (channel.ownerEmail)
    ch.ele('itunes:owner')
      .ele('itunes:name')
      .txt(channel.ownerName || channel.author)
      .up()
      .ele('itunes:email')
      .txt(channel.ownerEmail);
  for (const item of items) appendItem(ch, item);
  return rss.end({ prettyPrint: false });
}

type Node = ReturnType<ReturnType<typeof create>['ele']>;

function appendItem(channel: Node, item: FeedItem): void {
  const node = channel.ele('item');
  node.ele('title').txt(item.title);
  node.ele('guid', { isPermaLink: 'false' }).txt(item.guid);
  node.ele('pubDate').txt(item.publishedAt.toUTCString());
  // As escaped text rather than CDATA: a description containing "]]>" stays well-formed.
  node.ele('description').txt(item.descriptionHtml || item.title);
  node.ele('content:encoded').txt(item.descriptionHtml || item.title);
  node.ele('enclosure', { url: item.enclosureUrl, length: String(item.enclosureLength), type: item.enclosureType });
  if (item.author) node.ele('itunes:author').txt(item.author);
  if (item.durationSeconds !== null) node.ele('itunes:duration').txt(formatAudioDuration(item.durationSeconds));
  if (item.day !== null) node.ele('itunes:episode').txt(String(item.day));
  node.ele('itunes:episodeType').txt(item.episodeType ?? 'full');
  if (item.artworkUrl) node.ele('itunes:image', { href: item.artworkUrl });
  if (item.transcript) node.ele('podcast:transcript', { url: item.transcript.url, type: item.transcript.type });
  if (item.chaptersUrl) node.ele('podcast:chapters', { url: item.chaptersUrl, type: CHAPTERS_CONTENT_TYPE });
}
