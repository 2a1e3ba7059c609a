/**
 * A control character pasted into a title (a vertical tab comes with text from
 * word processors) must not break the feed's XML, an e-mail's headers or a calendar file.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Parser from 'rss-parser';
import { describe, expect, it } from 'vitest';
import { buildFeedXml } from '../../../src/server/feed/feed-xml.ts';
import { summitCalendar } from '../../../src/server/mail/calendar.ts';
import { fileTransport } from '../../../src/server/mail/transport.ts';

/** What XML 1.0 forbids (and what no header or calendar line may hold but tab). */
// eslint-disable-next-line no-control-regex -- the control characters are what this test looks for
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/u;
/** Headers as a mail program shows them: folded lines joined, RFC 2047 encoded words decoded. */
function decodeHeaders(headers: string): string {
  return headers
    .replace(/\r?\n[ \t]+/g, ' ')
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_all, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_hex, code: string) => String.fromCharCode(parseInt(code, 16))),
            'latin1',
          ).toString('utf8'),
    );
}

const NASTY = 'Day\u0001\u000b one\u0000\u001f';

describe('control characters in texts', () => {
  it('are left out of the feed, which stays well-formed XML', async () => {
    const xml = buildFeedXml(
      {
        title: `Summit${NASTY}`,
        description: NASTY,
        author: NASTY,
        link: 'https://summit.example.com',
        selfUrl: 'https://summit.example.com/feed/1-k.xml',
        artworkUrl: 'https://summit.example.com/podcast-artwork.png',
        language: 'en',
        ownerEmail: null,
      },
      [
        {
          guid: 'g',
          title: NASTY,
          descriptionHtml: `<p>${NASTY}</p>`,
          author: NASTY,
          enclosureUrl: 'https://summit.example.com/feed/1-k/7.mp3',
          enclosureLength: 1,
          enclosureType: 'audio/mpeg',
          durationSeconds: null,
          publishedAt: new Date('2026-03-01T10:00:00Z'),
          artworkUrl: null,
          day: 1,
        },
      ],
    );
    expect(xml).not.toMatch(FORBIDDEN);
    const feed = await new Parser().parseString(xml);
    expect(feed.items[0]?.title).toBe('Day one');
  });

  it('are left out of e-mail headers and bodies', async () => {
    const outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'control-'));
    await fileTransport(outbox).send(
      { to: 'ivy@example.com', subject: `Hello${NASTY}\r\nBcc: evil@example.com`, text: NASTY, html: `<p>${NASTY}</p>` },
      `Summit${NASTY} <hello@summit.example.com>`,
    );
    const [file] = fs.readdirSync(outbox);
    const eml = fs.readFileSync(path.join(outbox, file!), 'utf8');
    const headers = eml.split('\n\n')[0]!;
    expect(headers).not.toMatch(/^Bcc:/im);
    // As a mail program reads them: encoded words decoded, folded lines joined.
    expect(decodeHeaders(headers)).not.toMatch(FORBIDDEN);
    expect(decodeHeaders(headers)).toContain('Subject: HelloDay one');
  });

  it('are left out of calendar files', () => {
    const ics = summitCalendar({
      slug: 'july',
      summitName: `Summit${NASTY}`,
      timezone: 'UTC',
      siteUrl: 'https://summit.example.com',
      days: [
        {
          day: 1,
          title: NASTY,
          window: { mode: 'live', start: Date.parse('2026-03-01T10:00:00Z'), end: Date.parse('2026-03-01T12:00:00Z') },
        },
      ],
    });
    expect(ics).not.toBeNull();
    expect(ics).not.toMatch(FORBIDDEN);
    expect(ics).toContain('Day one');
  });
});
