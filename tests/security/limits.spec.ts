import { expect, test } from '@playwright/test';

const FIVE_MB = Buffer.alloc(5 * 1024 * 1024, 'a');

test('request bodies over the limit are refused on every endpoint that takes one', async ({ request, baseURL }) => {
  const headers = { origin: baseURL!, 'x-forwarded-for': `203.0.113.${Math.floor(Math.random() * 200)}` };
  const targets = [
    { path: '/register', type: 'application/x-www-form-urlencoded' },
    { path: '/api/rpc/upsert_user_session', type: 'application/json' },
    { path: '/api/uploads/logo', type: 'multipart/form-data; boundary=x' },
    { path: '/admin', type: 'application/x-www-form-urlencoded' },
    { path: '/session/reset', type: 'application/x-www-form-urlencoded' },
    { path: '/admin/content/faq/new', type: 'multipart/form-data; boundary=x' },
  ];
  for (const { path, type } of targets) {
    const response = await request.post(path, { headers: { ...headers, 'content-type': type }, data: FIVE_MB, maxRedirects: 0 });
    expect(response.status(), path).toBe(413);
    expect((await response.json()).error, path).toMatch(/^The request body is too large: at most \d+ (KB|MB) here\.$/);
  }
  // Under the global limit, each endpoint's own limit answers.
  const mid = Buffer.alloc(64 * 1024, 'a');
  expect(
    (await request.post('/api/rpc/get_user_session', { headers: { ...headers, 'content-type': 'application/json' }, data: mid })).status(),
  ).toBe(413);
  expect(
    (
      await request.post('/register', {
        headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        data: mid,
      })
    ).status(),
  ).toBe(413);
});

test('an upload burst from one address is limited without slowing other visitors', async ({ request, baseURL }) => {
  const burst = `198.18.0.${Math.floor(Math.random() * 200)}`;
  const statuses: number[] = [];
  for (let i = 0; i < 25; i++) {
    const response = await request.post('/api/uploads/logo', {
      headers: { origin: baseURL!, 'x-forwarded-for': burst },
      multipart: { logo: { name: 'x.png', mimeType: 'image/png', buffer: Buffer.from('not an image') } },
    });
    statuses.push(response.status());
  }
  expect(statuses.slice(0, 20).every((s) => s === 415)).toBe(true);
  expect(statuses.slice(20)).toEqual([429, 429, 429, 429, 429]);
  const started = Date.now();
  const other = await request.post('/api/uploads/logo', {
    headers: { origin: baseURL!, 'x-forwarded-for': '198.18.1.1' },
    multipart: { logo: { name: 'x.png', mimeType: 'image/png', buffer: Buffer.from('not an image') } },
  });
  expect(other.status()).toBe(415);
  expect(Date.now() - started).toBeLessThan(1000);
});

test('a sign-in burst from one address is limited; another address still gets through', async ({ request, baseURL }) => {
  const burst = `198.18.2.${Math.floor(Math.random() * 200)}`;
  const statuses: number[] = [];
  for (let i = 0; i < 32; i++) {
    const response = await request.post('/admin', {
      headers: { origin: baseURL!, 'x-forwarded-for': burst },
      form: { identifier: `burst${i}.${Date.now()}@example.com`, password: 'nope nope nope' },
      maxRedirects: 0,
    });
    statuses.push(response.status());
  }
  expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
  expect(statuses.slice(30)).toEqual([429, 429]);
  const other = await request.post('/admin', {
    headers: { origin: baseURL!, 'x-forwarded-for': '198.18.3.1' },
    form: { identifier: `other.${Date.now()}@example.com`, password: 'nope nope nope' },
    maxRedirects: 0,
  });
  expect(other.status()).toBe(401);
});
