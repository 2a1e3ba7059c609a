import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { invalidateContent } from '../../../src/server/caching/content-cache.ts';
import { editions, registrants } from '../../../src/server/db/schema.ts';
import { inspectAudio, NOT_AUDIO } from '../../../src/server/episodes/inspect-audio.ts';
import { readEpisodeForm, type EpisodeForm } from '../../../src/server/episodes/read-episode-form.ts';
import { lookUpFeed } from '../../../src/server/feed/feed-service.ts';
import { feedKeyFor } from '../../../src/server/feed/feed-access.ts';
import { describeEachDatabase, useTestDatabase } from '../../support/databases.ts';

const HOUR = 3600_000;
const scratch = path.join(os.tmpdir(), `summit-episodes-${process.pid}`);

describe('inspectAudio', () => {
  beforeAll(() => fs.mkdir(scratch, { recursive: true }));
  afterAll(() => fs.rm(scratch, { recursive: true, force: true }));

  it('reads type, duration and bitrate from MP3 and Ogg/Opus files', async () => {
    const mp3 = await inspectAudio(path.resolve('src/content/audio/day1.mp3'));
    expect(mp3).toMatchObject({
      ok: true,
      format: { extension: 'mp3', contentType: 'audio/mpeg' },
      sizeBytes: 27818,
      durationSeconds: 7,
      bitrate: 32000,
    });
    const opus = await inspectAudio(path.resolve('src/content/audio/day3.opus'));
    expect(opus).toMatchObject({ ok: true, format: { extension: 'opus', contentType: 'audio/ogg' }, durationSeconds: 4 });
  });

  it('refuses a file by its bytes, whatever its name, and an empty one', async () => {
    const fake = path.join(scratch, 'episode.mp3');
    await fs.writeFile(fake, '<html>not audio</html>'.repeat(100));
    expect(await inspectAudio(fake)).toEqual({ ok: false, reason: 'not-audio', error: NOT_AUDIO });
    const png = path.join(scratch, 'cover.mp3');
    await fs.writeFile(png, Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'));
    expect(await inspectAudio(png)).toEqual({ ok: false, reason: 'not-audio', error: NOT_AUDIO });
    const empty = path.join(scratch, 'empty.mp3');
    await fs.writeFile(empty, '');
    expect(await inspectAudio(empty)).toEqual({ ok: false, reason: 'empty', error: 'The audio file is empty.' });
  });
});

describe('inspectAudio: the size must agree with the measured duration', () => {
  const day1 = path.resolve('src/content/audio/day1.mp3');
  beforeAll(() => fs.mkdir(scratch, { recursive: true }));
  afterAll(() => fs.rm(scratch, { recursive: true, force: true }));

  /** The demo MP3 (7 s, 32 kbps CBR without a Xing header) followed by `zeros` bytes of zeros. */
  async function padded(name: string, zeros: number): Promise<string> {
    const file = path.join(scratch, name);
    await fs.writeFile(file, Buffer.concat([await fs.readFile(day1), Buffer.alloc(zeros)]));
    return file;
  }

  it('refuses a 7-second MP3 followed by 100 MB of zeros (music-metadata alone works out 7 hours from the size)', async () => {
    const verdict = await inspectAudio(await padded('padded.mp3', 100_000_000));
    expect(verdict).toMatchObject({ ok: false, reason: 'padded' });
    expect((verdict as { error: string }).error).toMatch(/more than audio/);
  });

  it('refuses an Ogg/Opus file far larger than the length it states', async () => {
    const opus = path.join(scratch, 'padded.opus');
    await fs.writeFile(opus, Buffer.concat([await fs.readFile(path.resolve('src/content/audio/day3.opus')), Buffer.alloc(30_000_000)]));
    const verdict = await inspectAudio(opus);
    expect(verdict).toMatchObject({ ok: false, reason: 'padded' });
    expect((verdict as { error: string }).error).toMatch(/^The file is 30 MB, but 3\.8 seconds of audio takes at most 10\.3 MB/);
  });

  it('accepts real audio many times its length in frames, with a few zeros at the end', async () => {
    // About 2 hours of frames (the demo file repeated: each copy a valid MP3 stretch), then 1 KB of zeros.
    const frames = await fs.readFile(day1);
    const long = path.join(scratch, 'long.mp3');
    await fs.writeFile(long, Buffer.concat([...Array.from({ length: 1000 }, () => frames), Buffer.alloc(1024)]));
    expect(await inspectAudio(long)).toMatchObject({ ok: true, format: { extension: 'mp3' } });
  });
});

describe('readEpisodeForm', () => {
  const LIMIT = 10_000;
  let server: http.Server;
  let url: string;
  const received: EpisodeForm[] = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      readEpisodeForm(req, LIMIT).then(
        (form) => {
          received.push(form);
          res.end('ok');
        },
        () => res.writeHead(400).end(),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(async () => {
    server.close();
    await Promise.all(received.flatMap((form) => (form.file ? [fs.rm(form.file.path, { force: true })] : [])));
  });

  const post = (size: number) => {
    const form = new FormData();
    form.set('title', 'Episode');
    form.set('audio', new Blob([Buffer.alloc(size, 7)]), 'episode.mp3');
    return fetch(url, { method: 'POST', body: form });
  };

  it('streams the file to disk and reads the fields', async () => {
    expect((await post(4_000)).status).toBe(200);
    const form = received.at(-1) as EpisodeForm;
    expect(form.fields.title).toBe('Episode');
    expect(form.file?.truncated).toBe(false);
    expect((await fs.stat(form.file?.path as string)).size).toBe(4_000);
  });

  it('cuts a file over the limit off at the limit and says so', async () => {
    expect((await post(LIMIT * 5)).status).toBe(200);
    const form = received.at(-1) as EpisodeForm;
    expect(form.file?.truncated).toBe(true);
    expect((await fs.stat(form.file?.path as string)).size).toBe(LIMIT);
  });

  it('treats an empty file input as no file', async () => {
    const form = new FormData();
    form.set('title', 'No file');
    form.set('audio', new Blob([]), '');
    expect((await fetch(url, { method: 'POST', body: form })).status).toBe(200);
    expect(received.at(-1)?.file).toBeNull();
  });
});

describeEachDatabase('the private feed', (database) => {
  const ctx = useTestDatabase(database, { seed: true });
  beforeEach(() => invalidateContent());

  async function registrant(registeredAt: Date) {
    const [july] = await ctx.db.select({ id: editions.id }).from(editions).where(eq(editions.slug, 'july'));
    const [row] = await ctx.db
      .insert(registrants)
      .values({ editionId: july!.id, firstName: 'Ivy', email: `ivy.${registeredAt.getTime()}@example.com`, createdAt: registeredAt })
      .returning({ id: registrants.id });
    return { id: row!.id, key: await feedKeyFor(ctx.db, row!.id) };
  }

  const days = async (key: string, now: Date) => {
    const found = await lookUpFeed(ctx.db, key, now);
    if (found.kind !== 'open') return found.kind;
    return found.episodes.map((episode) => episode.day);
  };

  it('drips each day as it opens, while its window lasts', async () => {
    const at = new Date('2026-03-01T10:00:00Z');
    const { key } = await registrant(at);
    expect(await days(key, new Date(at.getTime() + HOUR))).toEqual([1]);
    expect(await days(key, new Date(at.getTime() + 25 * HOUR))).toEqual([2]);
    expect(await days(key, new Date(at.getTime() + 49 * HOUR))).toEqual([3]);
    expect(await days(key, new Date(at.getTime() + 73 * HOUR))).toEqual([]);
  });

  it('answers gone once the registrant is erased, and unknown for keys never issued', async () => {
    const { id, key } = await registrant(new Date('2026-03-02T10:00:00Z'));
    await ctx.db.delete(registrants).where(eq(registrants.id, id));
    expect(await days(key, new Date('2026-03-02T11:00:00Z'))).toBe('gone');
    expect(await days(`${id}-${'A'.repeat(32)}`, new Date())).toBe('unknown');
    expect(await days('../../etc/passwd', new Date())).toBe('unknown');
  });
});
