import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { E2E_ADMIN } from './support/admin.ts';
import { freePort, startTlsProxy } from './support/nginx.ts';
import { startServerWithAdmin } from './support/server-process.ts';

/**
 * README's production topology: nginx terminates TLS and proxies to the app over plain HTTP
 * (TRUST_PROXY=true, SITE_URL = the proxy's https origin). Every write must work through it:
 * a registration, the admin sign-in, a logo upload and applying the brand; and a cross-site
 * form post must still be refused. The app speaks plain HTTP behind the proxy, so the origin of
 * its own request URL (http://…) differs from the browser's (https://…): SITE_URL decides.
 */
test('behind an HTTPS reverse proxy: register, sign in, upload a logo and apply it', async ({ browser }) => {
  // Starting a server of its own and nginx takes most of this on a loaded machine.
  test.setTimeout(300_000);
  const proxyPort = await freePort();
  const origin = `https://localhost:${proxyPort}`;
  const app = await startServerWithAdmin(E2E_ADMIN, { TRUST_PROXY: 'true', SITE_URL: origin, LOG_LEVEL: 'warn' });
  const proxy = await startTlsProxy(proxyPort, Number(new URL(app.url).port));
  const context = await browser.newContext({ ignoreHTTPSErrors: true, baseURL: origin });
  try {
    // The reproduction: a form post with the browser's Origin, through the proxy.
    const posted = await context.request.post('/register', {
      headers: { origin, accept: 'application/json' },
      form: { firstName: 'Proxied', email: 'proxied@example.com', consent: 'on' },
    });
    expect(posted.status()).toBe(200);
    expect(await posted.json()).toEqual({ ok: true, redirect: '/thank-you' });
    // A cross-site form post is still refused.
    const forged = await context.request.post('/register', {
      headers: { origin: 'https://evil.example' },
      form: { firstName: 'Forged', email: 'forged@example.com', consent: 'on' },
      maxRedirects: 0,
    });
    expect(forged.status()).toBe(403);

    // Bodies over the limit get the app's 413 through the proxy. nginx sends the body it buffered
    // and asks the app to close: closing before reading it all reset the connection, and nginx
    // answered 502 instead (most of the time).
    // Three times each: the reset lost the answer only some of the time.
    const expectRefusedThrice = async (path: string, contentType: string, bytes: number, limit: string) => {
      for (let i = 0; i < 3; i++) {
        const big = await context.request.post(path, { headers: { origin, 'content-type': contentType }, data: Buffer.alloc(bytes, 'a') });
        expect(big.status()).toBe(413);
        expect((await big.json()).error).toBe(`The request body is too large: at most ${limit} here.`);
      }
    };
    await expectRefusedThrice('/register', 'application/x-www-form-urlencoded', 3_900_000, '8 KB');

    const page = await context.newPage();
    await page.goto('/register');
    await page.getByLabel('First name').fill('Browser');
    await page.getByLabel('E-mail', { exact: true }).fill('browser.proxied@example.com');
    await page.getByLabel(/send me the summit’s reminders/).check();
    await page.getByRole('button', { name: 'Save My Free Spot' }).click();
    await expect(page).toHaveURL(`${origin}/thank-you`);

    await page.goto('/admin');
    await page.getByLabel('E-mail or phone number').fill(E2E_ADMIN.email);
    await page.getByLabel('Password').fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('navigation', { name: 'Admin' })).toBeVisible();
    const session = (await context.cookies()).find((cookie) => cookie.name === 'summit_admin');
    expect(session).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Strict' });

    await page.goto('/admin/brand');
    await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
    const logo = await sharp({ create: { width: 120, height: 40, channels: 3, background: '#0f766e' } })
      .png()
      .toBuffer();
    await page.locator('input[type=file][accept*="image/png"]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logo });
    await expect(page.getByRole('status').filter({ hasText: 'Logo uploaded successfully' })).toBeVisible();
    const src = (await page.getByRole('img', { name: /logo/i }).first().getAttribute('src'))!;
    expect(src).toMatch(/^\/uploads\/brands\//);
    await page.getByRole('button', { name: 'Apply to this site' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Brand applied' })).toBeVisible();
    expect((await context.request.get(src)).status()).toBe(200);

    // A signed-in admin's form post over 4 MB: 413 with its message, through the proxy too.
    await expectRefusedThrice('/admin/content/faq/new', 'multipart/form-data; boundary=x', 4_400_000, '4 MB');
  } finally {
    await context.close();
    await proxy.stop();
    await app.stop();
    app.remove();
  }
});
