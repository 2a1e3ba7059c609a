/**
 * Object storage (decision 0040) as a listener meets them, on a server whose uploads live in a real
 * S3-compatible server (s3rver on loopback): the demo episodes are stored in the bucket at first
 * start, not on the server's disk; a podcast feed parser reads the private feed; its enclosure
 * and the day page's player check access as before and then answer 302 to a short-lived
 * presigned URL, through which a byte range arrives (206) with exactly the file's bytes.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import Parser from 'rss-parser';
import { E2E_ADMIN } from './support/admin.ts';
import { startServerWithAdmin } from './support/server-process.ts';
import { startS3Server, type S3Server } from '../support/s3-server.ts';
import { registerThrough } from './support/register.ts';

type FeedItem = { title?: string; enclosure?: { url: string; length?: string; type?: string } };
const parser: Parser<Record<string, never>, FeedItem> = new Parser();

let s3: S3Server;
let server: Awaited<ReturnType<typeof startServerWithAdmin>>;
let root: string;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  s3 = await startS3Server();
  server = await startServerWithAdmin(E2E_ADMIN, {
    UNSAFE_TEST_CLOCK: 'true',
    S3_URL_LIFETIME_SECONDS: '120',
    AUDIO_UPLOAD_LIMIT_MB: '1',
    ...s3.env,
  });
  root = server.dataDir;
});

test.afterAll(async () => {
  await server?.stop();
  server?.remove();
  await s3?.stop();
});

/** The admin's session cookie. */
async function signIn(): Promise<string> {
  const response = await fetch(`${server.url}/admin`, {
    method: 'POST',
    redirect: 'manual',
    headers: { origin: server.url, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ identifier: E2E_ADMIN.email, password: E2E_ADMIN.password, next: '/admin' }),
  });
  expect(response.status).toBe(303);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

async function uploadEpisode(cookie: string, audio: Buffer): Promise<Response> {
  const form = new FormData();
  for (const [name, value] of Object.entries({ action: 'create', day: '2', title: 'Uploaded to the bucket', position: '5' }))
    form.set(name, value);
  form.set('audio', new Blob([new Uint8Array(audio)], { type: 'audio/mpeg' }), 'episode.mp3');
  return fetch(`${server.url}/admin/editions/july/episodes`, {
    method: 'POST',
    redirect: 'manual',
    headers: { origin: server.url, cookie },
    body: form,
  });
}

async function registerForJuly(): Promise<{ key: string; at: Date }> {
  const at = new Date();
  const { key } = await registerThrough(server.url, {
    summit: 'july',
    email: `bucket.${Date.now()}@example.com`,
    firstName: 'Bucket',
    now: at,
  });
  return { key, at };
}

test('episodes live in the bucket; the feed and the player redirect to presigned URLs that answer byte ranges', async () => {
  // The demo episodes (three for july, three for august) went to the bucket at first start; the server's disk keeps none.
  const keys = await s3.keys();
  expect(keys.filter((key) => key.startsWith('audio/'))).toHaveLength(6);
  const onDisk = fs.existsSync(path.join(root, 'uploads', 'audio')) ? fs.readdirSync(path.join(root, 'uploads', 'audio')) : [];
  expect(onDisk).toEqual([]);

  const { key, at } = await registerForJuly();
  const now = { 'x-test-now': new Date(at.getTime() + 3600_000).toISOString() };
  const xml = await (await fetch(`${server.url}/feed/${key}.xml`, { headers: now })).text();
  const feed = await parser.parseString(xml);
  const [episode] = feed.items;
  expect(episode?.enclosure?.type).toBe('audio/mpeg');
  const original = fs.readFileSync('src/content/audio/day1.mp3');
  expect(Number(episode?.enclosure?.length)).toBe(original.length);

  // The enclosure checks the key as before, then hands the listener to the bucket.
  const enclosure = `${server.url}${new URL(episode!.enclosure!.url).pathname}`;
  const redirect = await fetch(enclosure, { headers: now, redirect: 'manual' });
  expect(redirect.status).toBe(302);
  expect(redirect.headers.get('cache-control')).toBe('no-store');
  const location = redirect.headers.get('location')!;
  expect(location.startsWith(`${s3.endpoint}/${s3.bucket}/audio/`)).toBe(true);
  expect(location).toContain('X-Amz-Expires=120');

  // A podcast app follows it with its Range header: 206 with exactly those bytes, from the bucket.
  const part = await fetch(enclosure, { headers: { ...now, range: 'bytes=100-1099' } });
  expect(part.status).toBe(206);
  expect(part.url.startsWith(s3.endpoint)).toBe(true);
  expect(part.headers.get('content-type')).toBe('audio/mpeg');
  expect(part.headers.get('content-range')).toBe(`bytes 100-1099/${original.length}`);
  expect(Buffer.from(await part.arrayBuffer()).equals(original.subarray(100, 1100))).toBe(true);

  // A HEAD is answered the same way; a key that does not open the feed never reaches the bucket.
  expect((await fetch(enclosure, { method: 'HEAD', headers: now, redirect: 'manual' })).status).toBe(302);
  const stranger = enclosure.replace(key, `${key.split('-')[0]}-${'A'.repeat(32)}`);
  expect([404, 410]).toContain((await fetch(stranger, { headers: now, redirect: 'manual' })).status);

  // The day page's own player: the one access rule by the visitor's cookies, then the bucket.
  const listen = `${server.url}/listen/${new URL(enclosure).pathname.split('/').pop()}`;
  expect((await fetch(listen, { headers: now, redirect: 'manual' })).status).toBe(403);
  const signedIn = await fetch(listen, { headers: { ...now, cookie: `summit_registrant=${key}` }, redirect: 'manual' });
  expect(signedIn.status).toBe(302);
  expect(signedIn.headers.get('location')!.startsWith(`${s3.endpoint}/${s3.bucket}/audio/`)).toBe(true);
});

test('an episode upload goes to the bucket; one over AUDIO_UPLOAD_LIMIT_MB is refused and stores nothing', async () => {
  const cookie = await signIn();
  const before = await s3.keys();
  const demo = fs.readFileSync('src/content/audio/day2.mp3');
  // 1.2 MB: MP3 frames repeated past the 1 MB limit.
  const tooLarge = Buffer.concat(Array.from({ length: Math.ceil(1_200_000 / demo.length) }, () => demo));
  const refused = await uploadEpisode(cookie, tooLarge);
  expect([303, 413]).toContain(refused.status);
  if (refused.status === 303) expect(refused.headers.get('location')).toContain('outcome=too-large');
  else expect(await refused.text()).toContain('larger than the limit of 1 MB');
  expect(await s3.keys()).toEqual(before);

  const accepted = await uploadEpisode(cookie, demo);
  expect(accepted.status).toBe(303);
  expect(accepted.headers.get('location')).toContain('outcome=created');
  const added = (await s3.keys()).filter((key) => !before.includes(key));
  expect(added).toEqual([expect.stringMatching(/^audio\/\d{13}-[0-9a-f]{16}\.mp3$/)]);
  expect(fs.readdirSync(path.join(root, 'uploads', 'audio'))).toEqual([]);
});
