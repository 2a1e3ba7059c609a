import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { signInAsAdmin } from '../e2e/support/admin.ts';

const PAGES = [
  '/',
  '/register',
  '/thank-you',
  '/july/day-1',
  '/day-2',
  '/september/dashboard',
  '/setup-guide',
  '/brand-config',
  '/embed',
  '/admin',
  '/no-such-page',
];
const WIDGETS = ['/speakers-embed', '/august/speakers-embed', '/september/implementation-embed', '/september/bonus-bundle-embed'];
const JSON_ROUTES = ['/api/fetch-speakers', '/healthz'];

function expectCommon(headers: Record<string, string>, path: string) {
  expect(headers['x-content-type-options'], path).toBe('nosniff');
  expect(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
  expect(headers['permissions-policy'], path).toContain('camera=()');
  expect(headers['cross-origin-opener-policy'], path).toBe('same-origin');
}

test('pages: a hashed CSP without unsafe-inline scripts, no framing', async ({ request }) => {
  for (const path of PAGES) {
    const headers = (await request.get(path)).headers();
    const csp = headers['content-security-policy'] ?? '';
    expect(csp, path).toContain("default-src 'self'");
    expect(csp, path).toContain("object-src 'none'");
    expect(csp, path).toContain("base-uri 'self'");
    expect(csp, path).toMatch(/script-src 'self'( 'sha256-[^']+')*;/);
    expect(csp, path).not.toContain('unsafe-inline');
    expect(csp, path).not.toContain('unsafe-eval');
    expect(csp, path).toContain("frame-ancestors 'none'");
    expect(headers['x-frame-options'], path).toBe('DENY');
    expect(headers['strict-transport-security'], path).toBeUndefined();
    expectCommon(headers, path);
  }
});

test('widgets may be framed by any site, and nothing else about them is looser', async ({ request }) => {
  for (const path of WIDGETS) {
    const headers = (await request.get(path)).headers();
    expect(headers['content-security-policy'], path).toContain('frame-ancestors *');
    expect(headers['content-security-policy'], path).not.toContain('unsafe-inline');
    expect(headers['x-frame-options'], path).toBeUndefined();
    expect(headers['set-cookie'], path).toBeUndefined();
    expectCommon(headers, path);
  }
});

test('JSON answers may load nothing and be framed by nobody', async ({ request }) => {
  for (const path of JSON_ROUTES) {
    const headers = (await request.get(path)).headers();
    expect(headers['content-security-policy'], path).toBe("default-src 'none'; frame-ancestors 'none'");
    expectCommon(headers, path);
  }
});

test('uploads are served in a sandbox', async ({ request }) => {
  const headers = (await request.get('/uploads/brands/does-not-exist.png')).headers();
  expect(headers['content-type']).toContain('text/plain');
  const media = (await request.get('/media/320/demo/host-stock.jpg')).headers();
  expect(media['x-content-type-options']).toBe('nosniff');
});

test('an uploaded file is served in a sandbox that runs nothing, with nosniff', async ({ request, baseURL }) => {
  const headers = { origin: baseURL!, 'x-forwarded-for': `203.0.113.${Math.floor(Math.random() * 200)}` };
  const png = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#0f766e' } })
    .png()
    .toBuffer();
  const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="4"/></svg>');
  for (const [name, mimeType, buffer, type] of [
    ['logo.png', 'image/png', png, 'image/png'],
    ['logo.svg', 'image/svg+xml', svg, 'image/svg+xml'],
  ] as const) {
    const uploaded = await request.post('/api/uploads/logo', { headers, multipart: { logo: { name, mimeType, buffer } } });
    expect(uploaded.status(), name).toBe(201);
    const served = (await request.get((await uploaded.json()).url)).headers();
    expect(served['content-type'], name).toBe(type);
    expect(served['content-security-policy'], name).toContain("default-src 'none'");
    expect(served['content-security-policy'], name).toContain('sandbox');
    expect(served['x-content-type-options'], name).toBe('nosniff');
  }
});

test('behind an HTTPS proxy: HSTS on every route family, and Secure cookies', async ({ request, playwright, baseURL }) => {
  const https = { 'x-forwarded-proto': 'https' };
  for (const path of [...PAGES, ...WIDGETS, ...JSON_ROUTES]) {
    const headers = (await request.get(path, { headers: https })).headers();
    expect(headers['strict-transport-security'], path).toBe('max-age=31536000; includeSubDomains');
  }
  const fresh = await playwright.request.newContext({ baseURL });
  const visitor = (await fresh.get('/july/day-1', { headers: https })).headers()['set-cookie'] ?? '';
  await fresh.dispose();
  expect(visitor).toMatch(/summit_session=[0-9a-f-]{36}/);
  expect(visitor).toMatch(/HttpOnly/i);
  expect(visitor).toMatch(/SameSite=Lax/i);
  expect(visitor).toMatch(/Secure/i);
});

test('cookies over plain HTTP: HttpOnly and SameSite, without Secure', async ({ request, page }) => {
  const visitor = (await request.get('/august/day-1')).headers()['set-cookie'] ?? '';
  expect(visitor).toMatch(/HttpOnly/i);
  expect(visitor).toMatch(/SameSite=Lax/i);
  expect(visitor).not.toMatch(/Secure/i);
  await signInAsAdmin(page);
  const admin = (await page.context().cookies()).find((cookie) => cookie.name === 'summit_admin');
  expect(admin).toMatchObject({ httpOnly: true, sameSite: 'Strict', secure: false });
});

test('a forged Host header cannot fill the page cache for everyone', async ({ request, baseURL }) => {
  const forged = await request.get('/embed', { headers: { host: 'evil.example.com' } });
  expect(forged.status()).toBe(200);
  const real = await (await request.get('/embed')).text();
  expect(real).not.toContain('evil.example.com');
  expect(real).toContain(`${baseURL}/embed.js`);
});
