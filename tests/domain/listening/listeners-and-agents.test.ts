/** Who a listener is, which requests never count, and when a feed looks shared (decision 0037). */
import { describe, expect, it } from 'vitest';
import { addressParts, isSharedFeed, listenerKey, networkHash } from '../../../src/domain/listening/listener-identity.ts';
import { agentVerdict, PODCAST_PLAYERS, whyNotCounted } from '../../../src/domain/listening/request-filter.ts';

describe('requests that never count', () => {
  const app = 'AppleCoreMedia/1.0.0.21G93 (iPhone; U; CPU OS 17_6 like Mac OS X; en_us)';

  it('leaves out HEAD and other methods, and the bytes=0-1 probe', () => {
    expect(whyNotCounted({ method: 'HEAD', userAgent: app, range: null })).toBe('not-get');
    expect(whyNotCounted({ method: 'GET', userAgent: app, range: 'bytes=0-1' })).toBe('probe');
    expect(whyNotCounted({ method: 'GET', userAgent: app, range: 'bytes=0-' })).toBeNull();
  });

  it('leaves out bots, Apple Watch duplicates and requests without a user agent', () => {
    expect(agentVerdict('Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)')).toBe('bot');
    expect(agentVerdict('atc/1.0 watchOS/10.5 model/Watch6,1 hwp/t8301 build/21T576 (6; dt:277) AirPodcasts/1.0')).toBe('apple-watch');
    expect(agentVerdict('(null)/(null) watchOS/10.5 model/Watch6,1')).toBe('apple-watch');
    expect(agentVerdict('Overcast (+http://overcast.fm/; Apple Watch podcast app)')).toBe('apple-watch');
    for (const bot of [
      'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
      'curl/8.5.0',
      'python-requests/2.31.0',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
      'Overcast/1.0 Podcast Sync (+http://overcast.fm/)',
    ])
      expect(agentVerdict(bot), bot).toBe('bot');
    expect(agentVerdict('')).toBe('no-agent');
    expect(agentVerdict(null)).toBe('no-agent');
  });

  it('counts podcast apps and browsers', () => {
    for (const agent of [
      app,
      'Overcast/3.0 (+http://overcast.fm/; iOS podcast app)',
      'PocketCasts/1.0 (Pocket Casts - https://www.pocketcasts.com/)',
      'PodcastAddict/v5 (+https://podcastaddict.com/; Android podcast app)',
      'Podcasts/1650.20 CFNetwork/1333.0.4 Darwin/21.5.0',
      'Spotify/8.9.10 Android/33 (SM-S911B)',
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
      'CastBox/8.61.1-230808158 (Linux;Android 13) ExoPlayerLib/2.10.4',
      'Castro 2023.1/1170 Like iTunes',
      ...PODCAST_PLAYERS,
    ])
      expect(agentVerdict(agent), agent).toBeNull();
  });
});

describe('listeners and networks', () => {
  it('takes an IPv4 address whole and its /24 as the network', () => {
    expect(addressParts('192.0.2.77')).toEqual({ listener: '192.0.2.77', network: '192.0.2.0/24' });
    expect(addressParts('::ffff:192.0.2.77')).toEqual({ listener: '192.0.2.77', network: '192.0.2.0/24' });
  });

  it('cuts an IPv6 address to its /64 for the listener and its /48 for the network', () => {
    const a = addressParts('2001:db8:aa:1::5')!;
    const b = addressParts('2001:db8:aa:1:ffff::9')!;
    const c = addressParts('2001:db8:aa:2::5')!;
    expect(a.listener).toBe(b.listener);
    expect(a.listener).not.toBe(c.listener);
    expect(a.network).toBe(c.network);
    expect(addressParts('2001:db8:ab:1::5')!.network).not.toBe(a.network);
  });

  it('is no address at all for an unknown socket', () => {
    expect(addressParts('unknown')).toBeNull();
  });

  it('names a registrant by id and anyone else by a salted hash of address and agent', () => {
    expect(listenerKey({ registrantId: 42 })).toBe('r:42');
    const who = { address: '192.0.2.77', userAgent: 'App/1.0' };
    const today = listenerKey({ salt: 'one', ...who });
    expect(today).toMatch(/^a:[A-Za-z0-9_-]{43}$/);
    expect(today).not.toContain('192');
    expect(listenerKey({ salt: 'one', ...who })).toBe(today);
    expect(listenerKey({ salt: 'two', ...who })).not.toBe(today);
    expect(listenerKey({ salt: 'one', ...who, userAgent: 'App/2.0' })).not.toBe(today);
    expect(networkHash('one', '192.0.2.0/24')).not.toBe(networkHash('two', '192.0.2.0/24'));
  });

  it('flags a feed used from more networks than the limit', () => {
    expect(isSharedFeed(5, 5)).toBe(false);
    expect(isSharedFeed(6, 5)).toBe(true);
  });
});
