import Parser from 'rss-parser';
import { describe, expect, it } from 'vitest';
import { buildFeedXml, type FeedChannel, type FeedItem } from '../../../src/server/feed/feed-xml.ts';
import { subscribeOptions } from '../../../src/server/feed/subscribe-options.ts';

const channel: FeedChannel = {
  title: 'Summit & "friends" <July>',
  description: 'Sacred ]]> conversations',
  author: 'Host',
  link: 'https://summit.example.com',
  selfUrl: 'https://summit.example.com/feed/1-k.xml',
  artworkUrl: 'https://summit.example.com/podcast-artwork.png',
  language: 'en',
  ownerEmail: 'hello@summit.example.com',
};

const item = (overrides: Partial<FeedItem> = {}): FeedItem => ({
  guid: '6f1c1c62-3b9e-4f0e-9d7e-0a4c7d2b1e01',
  title: 'Day 1 <b>& more</b>',
  descriptionHtml: '<p>Hello ]]> <a href="https://example.com">link</a></p>',
  author: 'Speaker',
  enclosureUrl: 'https://summit.example.com/feed/1-k/7.mp3',
  enclosureLength: 27818,
  enclosureType: 'audio/mpeg',
  durationSeconds: 3723,
  publishedAt: new Date('2026-03-01T10:00:00Z'),
  artworkUrl: null,
  day: 1,
  ...overrides,
});

describe('the feed XML', () => {
  it('stays well-formed whatever the texts hold, and says what podcast apps need', async () => {
    const xml = buildFeedXml(channel, [item()]);
    const parser = new Parser({ customFields: { feed: ['itunes:block', 'podcast:locked'] } });
    const feed = await parser.parseString(xml);
    expect(feed.title).toBe('Summit & "friends" <July>');
    expect(feed['itunes:block']).toBe('Yes');
    expect(feed['podcast:locked']).toBe('yes');
    expect(feed.itunes?.image).toBe(channel.artworkUrl);
    const [first] = feed.items;
    expect(first?.title).toBe('Day 1 <b>& more</b>');
    expect(first?.guid).toBe('6f1c1c62-3b9e-4f0e-9d7e-0a4c7d2b1e01');
    expect(first?.enclosure).toEqual({ url: 'https://summit.example.com/feed/1-k/7.mp3', length: '27818', type: 'audio/mpeg' });
    expect(first?.itunes?.duration).toBe('1:02:03');
    expect(first?.pubDate).toBe('Sun, 01 Mar 2026 10:00:00 GMT');
    expect(first?.content).toContain('Hello ]]>');
    expect(xml).toContain('xmlns:podcast="https://podcastindex.org/namespace/1.0"');
  });

  it('has an empty channel when no day is open yet', async () => {
    const feed = await new Parser().parseString(buildFeedXml(channel, []));
    expect(feed.items).toEqual([]);
  });
});

describe('subscribe options', () => {
  it('draws the feed URL as an SVG QR code, and links each app', async () => {
    const options = await subscribeOptions('https://summit.example.com/feed/12-abc.xml');
    expect(options.qrSvg).toMatch(/^<svg[^>]*viewBox/);
    expect(options.qrSvg).not.toMatch(/<script|on\w+=/i);
    expect(options.links.map((link) => link.app)).toEqual(['Apple Podcasts', 'Overcast', 'Pocket Casts']);
  });
});
