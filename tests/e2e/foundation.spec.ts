import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';

test.describe('pages', () => {
  test('the home page renders with no CSP violation or console error', async ({ page }) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('link', { name: 'Save Your Free Spot' })).toBeVisible();
    expect(problems).toEqual([]);
  });

  test('an unknown path shows the not-found page with a way home', async ({ page }) => {
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await expect(page.getByText('404', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('security headers', () => {
  test('pages refuse framing and carry a hashed CSP', async ({ request }) => {
    const response = await request.get('/');
    const headers = response.headers();
    expect(headers['content-security-policy']).toMatch(/script-src 'self' 'sha256-/);
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['content-security-policy']).toContain("object-src 'none'");
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['strict-transport-security']).toBeUndefined();
  });

  test('JSON answers may load nothing and be framed by nobody', async ({ request }) => {
    const response = await request.get('/api/fetch-speakers');
    expect(response.headers()['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(response.headers()['x-content-type-options']).toBe('nosniff');
  });

  test('a cross-site form post is refused', async ({ request }) => {
    const response = await request.post('/api/rpc/get_user_session', {
      headers: { origin: 'https://evil.example.com', 'content-type': 'application/x-www-form-urlencoded' },
      data: 'session_id_param=x',
    });
    expect(response.status()).toBe(403);
  });
});

test.describe('content API over HTTP', () => {
  for (const [query, key, length] of [
    ['', 'speakers', 20],
    ['view=host', 'hosts', 3],
    ['summit=august', 'speakers', 12],
    ['summit=august&view=host', 'hosts', 3],
    ['summit=august&view=implementation', 'implementationSessions', 5],
    ['summit=september', 'speakers', 12],
    ['summit=september&view=host', 'hosts', 3],
    ['summit=september&view=implementation', 'implementationSessions', 5],
    ['summit=september&view=bonus', 'bonusBundle', 6],
  ] as const) {
    test(`GET /api/fetch-speakers?${query} answers ${key}`, async ({ request }) => {
      const response = await request.get(`/api/fetch-speakers?${query}`, { headers: { 'content-type': 'application/json' } });
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toContain('application/json');
      expect(response.headers()['cache-control']).toMatch(/^public, max-age=\d+, stale-while-revalidate=\d+$/);
      const body = await response.json();
      expect(body[key]).toHaveLength(length);
    });
  }

  test('bad parameters get a 400 JSON error, never a stack trace', async ({ request }) => {
    for (const query of ['summit=nowhere', 'view=everything', 'summit=july&view=bonus', "summit='%20OR%201=1--", 'summit=%00']) {
      const response = await request.get(`/api/fetch-speakers?${query}`);
      expect(response.status(), query).toBe(400);
      const body = await response.json();
      expect(Object.keys(body)).toEqual(['error']);
      expect(body.error).not.toMatch(/\n\s+at /);
    }
  });
});

test.describe('session procedures over HTTP', () => {
  // Each test is its own client (the test server trusts X-Forwarded-For): the per-address
  // allowance of new session rows is not shared with the browser tests running alongside.
  test.use({ extraHTTPHeaders: { 'x-forwarded-for': `198.19.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}` } });

  test('50 parallel upserts of one session and page type leave one row with the earliest first visit', async ({ request }) => {
    const sessionId = randomUUID();
    const responses = await Promise.all(
      Array.from({ length: 50 }, () =>
        request.post('/api/rpc/upsert_user_session', { data: { session_id_param: sessionId, page_type_param: 'august_day1' } }),
      ),
    );
    const returned: string[] = [];
    for (const response of responses) {
      expect(response.status()).toBe(200);
      const [row] = await response.json();
      returned.push(row.first_visit_timestamp);
    }
    const stored = await (await request.post('/api/rpc/get_user_session', { data: { session_id_param: sessionId } })).json();
    expect(stored).toHaveLength(1);
    const earliest = returned.reduce((a, b) => (Date.parse(a) <= Date.parse(b) ? a : b));
    expect(stored[0].first_visit_timestamp).toBe(earliest);
  });

  test('invalid ids or page types get a 400', async ({ request }) => {
    const bad = await request.post('/api/rpc/upsert_user_session', {
      data: { session_id_param: '1; drop table', page_type_param: 'july_day1' },
    });
    expect(bad.status()).toBe(400);
    expect((await bad.json()).error).toMatch(/UUID/);
    const badPage = await request.post('/api/rpc/upsert_user_session', {
      data: { session_id_param: randomUUID(), page_type_param: 'july' },
    });
    expect(badPage.status()).toBe(400);
  });
});

test('GET /healthz answers ok and names nothing about the installation', async ({ request }) => {
  const response = await request.get('/healthz');
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ status: 'ok' });
});

test.describe('resized media', () => {
  test('a local photo is served resized as WebP, at the allowed widths only', async ({ request }) => {
    const response = await request.get('/media/320/demo/host-stock.jpg');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('image/webp');
    expect(response.headers()['cache-control']).toMatch(/max-age=86400/);
    const body = await response.body();
    expect(await sharp(body).metadata()).toMatchObject({ format: 'webp', width: 320, height: 400 });
    expect(body.length).toBeLessThan(29_000);
    expect((await request.get('/media/333/demo/host-stock.jpg')).status()).toBe(400);
    expect((await request.get('/media/320/demo/people/luna-rivers.svg')).status()).toBe(415);
    expect((await request.get('/media/320/demo/nothing-here.jpg')).status()).toBe(404);
    expect((await request.get('/media/320/..%2f..%2fpackage.json.png')).status()).toBe(404);
  });

  test('the host photo on the landing page loads through the resizer', async ({ page }) => {
    await page.goto('/');
    const photo = page.locator('#host img');
    await expect(photo).toHaveAttribute('src', '/media/320/demo/host-stock.jpg');
    await photo.scrollIntoViewIfNeeded();
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth >= 320)).toBe(true);
  });
});
