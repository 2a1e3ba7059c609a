/**
 * The deployment of docs/deploy/ as a test. The nginx site of
 * docs/deploy/nginx-summit.conf (adapted to loopback ports only) in front of two app processes,
 * each with its own data folder as on two machines, on one Postgres and one S3-compatible server:
 * an episode uploaded through one is heard through the other, a registration on one signs in on
 * the other, and nginx spreads requests over both, with TLS and the long cache of the build's assets.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, request as playwrightRequest, test } from '@playwright/test';
import Parser from 'rss-parser';
import { E2E_ADMIN } from './support/admin.ts';
import { startDeployedNginx } from './support/deployed-nginx.ts';
import { createScratchDatabase, NEEDS_POSTGRES, postgresUrl } from './support/postgres.ts';
import { freePort, startServerProcess, startServerWithAdmin } from './support/server-process.ts';
import { startS3Server } from '../support/s3-server.ts';

const parser: Parser<Record<string, never>, { title?: string; enclosure?: { url: string } }> = new Parser();
const EPISODE_FILE = path.resolve('src/content/audio/day2.mp3');
const portOf = (url: string) => Number(new URL(url).port);

/** The admin's session cookie from a sign-in on that process. */
async function signIn(base: string, origin: string): Promise<string> {
  const response = await fetch(`${base}/admin`, {
    method: 'POST',
    redirect: 'manual',
    headers: { origin, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ identifier: E2E_ADMIN.email, password: E2E_ADMIN.password, next: '/admin' }),
  });
  expect(response.status).toBe(303);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

async function uploadEpisode(base: string, { origin, cookie }: { origin: string; cookie: string }): Promise<Response> {
  const form = new FormData();
  for (const [name, value] of Object.entries({
    action: 'create',
    day: '1',
    title: 'Heard on the other machine',
    speaker: 'Ash',
    position: '9',
  }))
    form.set(name, value);
  form.set('audio', new Blob([fs.readFileSync(EPISODE_FILE)], { type: 'audio/mpeg' }), 'episode.mp3');
  return fetch(`${base}/admin/editions/july/episodes`, { method: 'POST', redirect: 'manual', headers: { origin, cookie }, body: form });
}

async function register(base: string, { origin, email }: { origin: string; email: string }): Promise<string> {
  const response = await fetch(`${base}/register`, {
    method: 'POST',
    headers: { origin, accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': '198.51.100.7' },
    body: new URLSearchParams({ firstName: 'Deployed', email, consent: 'on', summit: 'july' }),
  });
  expect(response.status).toBe(200);
  return /summit_registrant=([^;]+)/.exec(response.headers.get('set-cookie') ?? '')![1]!;
}

test('the deployed nginx site in front of two app processes on one Postgres and one bucket', async () => {
  test.skip(!postgresUrl, NEEDS_POSTGRES);
  test.setTimeout(300_000);
  const s3 = await startS3Server();
  const database = await createScratchDatabase();
  const [port, httpPort] = [await freePort(), await freePort()];
  const origin = `https://localhost:${port}`;
  const shared = { DATABASE_URL: database.url, ...s3.env, SITE_URL: origin, TRUST_PROXY: 'true', UNSAFE_TEST_CLOCK: 'true' };
  const bFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'summit-machine-b-'));
  const a = await startServerWithAdmin(E2E_ADMIN, shared);
  const b = await startServerProcess({ ...shared, DATA_DIR: bFolder });
  const proxy = await startDeployedNginx({ port, httpPort, appPorts: [portOf(a.url), portOf(b.url)] });
  const viaProxy = await playwrightRequest.newContext({ baseURL: origin, ignoreHTTPSErrors: true });
  try {
    // An episode uploaded through A (its own data folder) goes to the bucket...
    const upload = await uploadEpisode(a.url, { origin, cookie: await signIn(a.url, origin) });
    expect(upload.status).toBe(303);
    expect(upload.headers.get('location')).toContain('outcome=created');
    // The six demo episodes of the first start, and this one.
    expect((await s3.keys()).filter((key) => key.startsWith('audio/'))).toHaveLength(7);
    expect(fs.readdirSync(path.join(a.dataDir, 'uploads', 'audio'))).toEqual([]);

    // ...and a registrant made on A hears it through B: B's feed, B's redirect, the bucket's bytes.
    const key = await register(a.url, { origin, email: 'deployed@example.com' });
    const feed = await parser.parseString(await (await fetch(`${b.url}/feed/${key}.xml`)).text());
    const item = feed.items.find((entry) => entry.title === 'Heard on the other machine');
    expect(item?.enclosure?.url.startsWith(`${origin}/feed/`)).toBe(true);
    const onB = `${b.url}${new URL(item!.enclosure!.url).pathname}`;
    const part = await fetch(onB, { headers: { range: 'bytes=0-499' } });
    expect(part.status).toBe(206);
    expect(part.url.startsWith(s3.endpoint)).toBe(true);
    expect(Buffer.from(await part.arrayBuffer()).equals(fs.readFileSync(EPISODE_FILE).subarray(0, 500))).toBe(true);

    // The registration on A signs in on B.
    const link = await fetch(`${b.url}/access/${key}?to=day-1`, { redirect: 'manual' });
    expect(link.status).toBe(303);
    const cookie = /summit_registrant=[^;]+/.exec(link.headers.get('set-cookie') ?? '')![0];
    const dayOnB = await fetch(`${b.url}/july/day-1`, { headers: { cookie } });
    expect(dayOnB.status).toBe(200);
    expect(await dayOnB.text()).toContain(`/feed/${key}.xml`);

    // Through nginx: TLS, HSTS from the app (X-Forwarded-Proto), and both processes answer.
    for (let i = 0; i < 6; i++) expect((await viaProxy.get(`/deployment-probe-${i}`)).status()).toBe(404);
    expect(a.logs()).toContain('/deployment-probe-');
    expect(b.logs()).toContain('/deployment-probe-');
    const home = await viaProxy.get('/');
    expect(home.status()).toBe(200);
    expect(home.headers()['strict-transport-security']).toContain('max-age=');
    const signedInViaProxy = await viaProxy.get(`/access/${key}?to=day-1`, { maxRedirects: 0 });
    expect(signedInViaProxy.status()).toBe(303);
    const listen = await viaProxy.get(`/listen/${new URL(onB).pathname.split('/').pop()}`, {
      headers: { cookie },
      maxRedirects: 0,
    });
    expect(listen.status()).toBe(302);
    expect(listen.headers()['location']?.startsWith(`${s3.endpoint}/${s3.bucket}/audio/`)).toBe(true);

    // The build's hashed assets: a year's immutable cache, kept by nginx after the first request.
    const asset = /(\/_astro\/[^"']+\.css)/.exec(await home.text())?.[1];
    expect(asset).toBeTruthy();
    const first = await viaProxy.get(asset!);
    expect(first.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await viaProxy.get(asset!)).headers()['x-cache-status']).toBe('HIT');

    // Plain HTTP is sent to HTTPS.
    const plain = await fetch(`http://127.0.0.1:${httpPort}/register`, { redirect: 'manual' });
    expect(plain.status).toBe(301);
    expect(plain.headers.get('location')).toBe(`${origin}/register`);
  } finally {
    await viaProxy.dispose();
    await proxy.stop();
    await a.stop();
    await b.stop();
    a.remove();
    fs.rmSync(bFolder, { recursive: true, force: true });
    await s3.stop();
    await database.drop();
  }
});
