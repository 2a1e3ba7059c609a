import { describe, expect, it } from 'vitest';
import { audioFormatFor, contentTypeForUrl, formatAudioDuration, formatMegabytes } from '../../../src/domain/podcast/audio-formats.ts';
import { dayOpensAt, episodesInFeed } from '../../../src/domain/podcast/drip.ts';
import { episodeFieldsSchema, readEmbedUrl, readExternalAudioUrl } from '../../../src/domain/podcast/episode-form.ts';
import { subscribeLinks } from '../../../src/domain/podcast/subscribe.ts';

const HOUR = 3600_000;
const DAY = 24 * HOUR;

describe('audio formats', () => {
  it('accepts MP3, M4A/AAC and Ogg/Opus by what file-type detected, and nothing else', () => {
    expect(audioFormatFor('audio/mpeg')).toEqual({ extension: 'mp3', contentType: 'audio/mpeg' });
    expect(audioFormatFor('audio/x-m4a')).toEqual({ extension: 'm4a', contentType: 'audio/mp4' });
    expect(audioFormatFor('audio/aac')?.extension).toBe('aac');
    expect(audioFormatFor('audio/ogg; codecs=opus')).toEqual({ extension: 'opus', contentType: 'audio/ogg' });
    expect(audioFormatFor('audio/wav')).toBeNull();
    expect(audioFormatFor('text/html')).toBeNull();
    expect(audioFormatFor(undefined)).toBeNull();
  });

  it('names an external URL by its extension, MP3 when it says nothing', () => {
    expect(contentTypeForUrl('https://cdn.example.org/a/b.m4a?x=1')).toBe('audio/mp4');
    expect(contentTypeForUrl('https://cdn.example.org/stream')).toBe('audio/mpeg');
  });

  it('formats durations for itunes:duration and sizes for messages', () => {
    expect(formatAudioDuration(4.4)).toBe('0:04');
    expect(formatAudioDuration(3723)).toBe('1:02:03');
    expect(formatAudioDuration(-3)).toBe('0:00');
    expect(formatMegabytes(500_000_000)).toBe('500 MB');
  });
});

describe('drip', () => {
  const registeredAt = new Date('2026-03-01T10:00:00Z');

  it('opens evergreen day N (N-1) x 24 hours after registration', () => {
    const evergreen = { mode: 'evergreen' as const, durationSeconds: 86_400, redirectUrl: 'day-2' };
    expect(dayOpensAt(evergreen, registeredAt, 1)).toEqual(registeredAt);
    expect(dayOpensAt(evergreen, registeredAt, 3).getTime()).toBe(registeredAt.getTime() + 2 * DAY);
    expect(dayOpensAt(null, registeredAt, 2).getTime()).toBe(registeredAt.getTime() + DAY);
  });

  it('opens a live day at its start in the edition time zone, whenever one registered', () => {
    const live = {
      mode: 'live' as const,
      eventStartDate: '2025-09-24T00:00',
      eventEndDate: '2025-09-25T00:00',
      timezone: 'Australia/Sydney',
      redirectUrl: 'day-3',
    };
    expect(dayOpensAt(live, registeredAt, 2).toISOString()).toBe('2025-09-23T14:00:00.000Z');
  });

  it('lists only open days, newest day first, the admin order within a day with distinct dates', () => {
    const opened = new Map([
      [1, new Date(0)],
      [2, new Date(DAY)],
    ]);
    const episodes = [
      { id: 1, day: 1, position: 0 },
      { id: 2, day: 2, position: 1 },
      { id: 3, day: 2, position: 0 },
      { id: 4, day: 3, position: 0 },
    ];
    const listed = episodesInFeed(episodes, opened);
    expect(listed.map((e) => e.id)).toEqual([3, 2, 1]);
    expect(listed.map((e) => e.publishedAt.getTime())).toEqual([DAY + 1000, DAY, 0]);
  });
});

describe('the episode form', () => {
  it('needs a title and a day 1-3, and refuses unsafe artwork', () => {
    expect(episodeFieldsSchema.safeParse({ day: '2', title: ' Talk ' }).data).toMatchObject({
      day: 2,
      title: 'Talk',
      position: 0,
      artwork: '',
    });
    expect(episodeFieldsSchema.safeParse({ day: '4', title: 'x' }).success).toBe(false);
    expect(episodeFieldsSchema.safeParse({ day: '1', title: '' }).success).toBe(false);
    expect(episodeFieldsSchema.safeParse({ day: '1', title: 'x', artwork: 'javascript:alert(1)' }).success).toBe(false);
  });

  it('takes external audio only over https without credentials', () => {
    expect(readExternalAudioUrl('https://cdn.example.org/a.mp3')).toEqual({ ok: true, url: 'https://cdn.example.org/a.mp3' });
    expect(readExternalAudioUrl('')).toEqual({ ok: true, url: null });
    expect(readExternalAudioUrl('http://cdn.example.org/a.mp3').ok).toBe(false);
    expect(readExternalAudioUrl('https://user:pw@cdn.example.org/a.mp3').ok).toBe(false);
    expect(readExternalAudioUrl('not a url').ok).toBe(false);
  });

  it('an external player is an https address on the allowed audio host, or that host’s iframe snippet (its src only)', () => {
    const host = 'player.example-audio.com';
    expect(readEmbedUrl(`https://${host}/e/42`, host)).toEqual({ ok: true, url: `https://${host}/e/42` });
    expect(readEmbedUrl(`<iframe src="https://${host}/e/42" onload="alert(1)"></iframe>`, host)).toEqual({
      ok: true,
      url: `https://${host}/e/42`,
    });
    expect(readEmbedUrl('', host)).toEqual({ ok: true, url: null });
    expect(readEmbedUrl(`http://${host}/e/42`, host).ok).toBe(false);
    expect(readEmbedUrl('https://evil.example.com/e/42', host).ok).toBe(false);
    expect(readEmbedUrl('<iframe src="https://evil.example.com/e/42"></iframe>', host).ok).toBe(false);
    expect(readEmbedUrl(`https://${host}/e/"><script>alert(1)</script>`, host)).toEqual({
      ok: true,
      url: `https://${host}/e/%22%3E%3Cscript%3Ealert(1)%3C/script%3E`,
    });
  });
});

describe('subscribe links', () => {
  it('uses each app’s documented URL scheme', () => {
    const links = subscribeLinks('https://summit.example.com/feed/12-abc.xml');
    expect(links).toEqual([
      { app: 'Apple Podcasts', href: 'podcast://summit.example.com/feed/12-abc.xml' },
      { app: 'Overcast', href: 'overcast://x-callback-url/add?url=https%3A%2F%2Fsummit.example.com%2Ffeed%2F12-abc.xml' },
      { app: 'Pocket Casts', href: 'pktc://subscribe/summit.example.com/feed/12-abc.xml' },
    ]);
  });
});
