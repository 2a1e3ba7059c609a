import { expect, test, type Frame, type Page } from '@playwright/test';
import { plainIframePage, startPartnerSite, type PartnerSite } from './support/partner-site.ts';

const SITE = `http://127.0.0.1:${process.env.E2E_PORT ?? 4399}`;
let partner: PartnerSite;

/** A forger on the partner's own origin posts a fake resize to the top page. */
const FORGER = `<!doctype html><script>parent.postMessage({ type: 'iframe-resize', height: 31337 }, '*');</script>`;

test.beforeAll(async () => {
  partner = await startPartnerSite({
    '/loader': `<!doctype html><html><body style="margin:0"><h1>Partner</h1>
      <div id="speakers" data-summit-widget="speakers" data-summit="august"></div>
      <div id="bonus" data-summit-widget="bonus-bundle" data-summit="september"></div>
      <iframe id="not-ours" src="${SITE}/speakers-embed" style="height:100px;width:100%"></iframe>
      <script src="${SITE}/embed.js" async></script></body></html>`,
    '/plain-bonus': plainIframePage(`${SITE}/september/bonus-bundle-embed`, SITE),
    '/plain-august': plainIframePage(`${SITE}/august/speakers-embed`, SITE),
    '/plain-september': plainIframePage(`${SITE}/september/speakers-embed`, SITE),
    '/plain-implementation': plainIframePage(`${SITE}/september/implementation-embed`, SITE),
    '/far-below': `<!doctype html><html><body style="margin:0"><h1>Partner</h1><div style="height:8000px"></div>
      <div id="far" data-summit-widget="speakers"></div>
      <script src="${SITE}/embed.js" async></script></body></html>`,
    '/forger': FORGER,
    '/frames-day-page': `<!doctype html><iframe id="day" src="${SITE}/july/day-1" style="width:100%;height:400px"></iframe>`,
  });
});
test.afterAll(() => partner?.close());

function widgetFrame(page: Page, path: string): Frame {
  const frame = page.frames().find((f) => f.url() === `${SITE}${path}`);
  if (!frame) throw new Error(`no frame for ${path}`);
  return frame;
}

/** Inside the frame: the document does not overflow the iframe (no inner scroll bar). */
async function hasNoInnerScroll(frame: Frame): Promise<boolean> {
  return frame.evaluate(() => document.documentElement.scrollHeight <= window.innerHeight + 1);
}

async function iframeHeight(page: Page, selector: string): Promise<number> {
  return page.locator(selector).evaluate((el) => el.getBoundingClientRect().height);
}

test('the loader turns placeholders into iframes sized to their content, and regrows when the viewport narrows', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${partner.url}/loader`);
  const speakers = page.locator('#speakers iframe');
  await expect(speakers).toHaveAttribute('src', `${SITE}/august/speakers-embed`);
  await expect.poll(() => iframeHeight(page, '#speakers iframe')).toBeGreaterThan(600);
  await expect.poll(() => hasNoInnerScroll(widgetFrame(page, '/august/speakers-embed'))).toBe(true);
  const wide = await iframeHeight(page, '#speakers iframe');

  await page.setViewportSize({ width: 420, height: 800 });
  await expect.poll(() => iframeHeight(page, '#speakers iframe')).toBeGreaterThan(wide * 1.5);
  await expect.poll(() => hasNoInnerScroll(widgetFrame(page, '/august/speakers-embed'))).toBe(true);
  // No runaway growth: the height settles.
  const settled = await iframeHeight(page, '#speakers iframe');
  await page.waitForTimeout(1500);
  expect(await iframeHeight(page, '#speakers iframe')).toBe(settled);
});

test('a widget far down the partner page loads only when the reader nears it', async ({ page }) => {
  const widgetRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/speakers-embed')) widgetRequests.push(request.url());
  });
  await page.goto(`${partner.url}/far-below`);
  await page.waitForLoadState('load');
  // Not even the frame is made (each costs the partner's page a window) until the reader nears it.
  await expect(page.locator('#far iframe')).toHaveCount(0);
  expect(widgetRequests).toEqual([]);
  // The placeholder is empty (no height): scrolled to by the page, as a reader's scrolling would.
  await page.evaluate(() => document.getElementById('far')!.scrollIntoView());
  const frame = page.locator('#far iframe');
  await expect(frame).toHaveAttribute('loading', 'lazy');
  await expect.poll(() => widgetRequests).toEqual([`${SITE}/speakers-embed`]);
  await expect.poll(() => iframeHeight(page, '#far iframe')).toBeGreaterThan(600);
});

test('the loader ignores forged messages: from another origin, and from an iframe it did not create', async ({ page }) => {
  await page.goto(`${partner.url}/loader`);
  await expect.poll(() => iframeHeight(page, '#bonus iframe')).toBeGreaterThan(300);
  const before = await iframeHeight(page, '#bonus iframe');
  const notOursBefore = await iframeHeight(page, '#not-ours');
  // The partner page itself, and a frame on the partner's origin.
  await page.evaluate(() => window.postMessage({ type: 'iframe-resize', height: 31337 }, '*'));
  await page.evaluate((forger) => {
    const frame = document.createElement('iframe');
    frame.src = forger;
    document.body.appendChild(frame);
  }, `${partner.url}/forger`);
  // Our own origin, but an iframe the loader did not make: it posts its real height, which must not go to #bonus.
  await page.waitForTimeout(1200);
  expect(await iframeHeight(page, '#bonus iframe')).toBe(before);
  expect(await iframeHeight(page, '#not-ours')).toBe(notOursBefore);
});

test('a plain iframe with a hand-written listener grows to the widget, with the spec’s padding and fields', async ({ page }) => {
  await page.goto(`${partner.url}/plain-bonus`);
  await expect.poll(() => page.evaluate(() => (window as unknown as { accepted: unknown[] }).accepted.length)).toBeGreaterThan(0);
  const frame = widgetFrame(page, '/september/bonus-bundle-embed');
  const [message] = await page.evaluate(() => (window as unknown as { accepted: Record<string, unknown>[] }).accepted);
  // September sends only type and height.
  expect(Object.keys(message!).sort()).toEqual(['height', 'type']);
  const content = await frame.evaluate(() => Math.ceil(document.querySelector('[data-embed-root]')!.getBoundingClientRect().height));
  expect(message!.height).toBe(content + 100);
  await expect.poll(() => hasNoInnerScroll(frame)).toBe(true);
  await expect(frame.locator('[data-bonus-bundle-item]')).toHaveCount(6);
  await expect(frame.locator('s', { hasText: /^Regular Price \$\d+/ }).first()).toBeVisible();
});

test('july and august messages also carry source and timestamp; september speakers pad by 20', async ({ page }) => {
  await page.goto(`${partner.url}/plain-august`);
  await expect.poll(() => page.evaluate(() => (window as unknown as { accepted: unknown[] }).accepted.length)).toBeGreaterThan(0);
  const [august] = await page.evaluate(() => (window as unknown as { accepted: Record<string, unknown>[] }).accepted);
  expect(august).toMatchObject({ type: 'iframe-resize', source: 'august-speakers-embed' });
  expect(typeof august!.timestamp).toBe('number');
  const augustFrame = widgetFrame(page, '/august/speakers-embed');
  const augustContent = await augustFrame.evaluate(() =>
    Math.ceil(document.querySelector('[data-embed-root]')!.getBoundingClientRect().height),
  );
  expect(august!.height).toBe(augustContent + 40);

  await page.goto(`${partner.url}/plain-september`);
  await expect.poll(() => page.evaluate(() => (window as unknown as { accepted: unknown[] }).accepted.length)).toBeGreaterThan(0);
  const [september] = await page.evaluate(() => (window as unknown as { accepted: Record<string, unknown>[] }).accepted);
  const frame = widgetFrame(page, '/september/speakers-embed');
  const content = await frame.evaluate(() => Math.ceil(document.querySelector('[data-embed-root]')!.getBoundingClientRect().height));
  expect(september).toEqual({ type: 'iframe-resize', height: content + 20 });
});

test('no message is sent for a change of 10 px or less; a larger change is sent', async ({ page }) => {
  await page.goto(`${partner.url}/plain-implementation`);
  const frame = widgetFrame(page, '/september/implementation-embed');
  await expect(frame.locator('[data-implementation-card]')).toHaveCount(5);
  await expect(frame.getByText('No session link available')).toHaveCount(1);
  const accepted = () => page.evaluate(() => (window as unknown as { accepted: { height: number }[] }).accepted.length);
  await expect.poll(accepted).toBeGreaterThan(0);
  await page.waitForTimeout(1200);
  const count = await accepted();

  const grow = (px: number) =>
    frame.evaluate((height) => {
      const spacer = document.createElement('div');
      spacer.style.height = `${height}px`;
      document.querySelector('[data-embed-root]')!.appendChild(spacer);
      window.dispatchEvent(new Event('resize'));
    }, px);
  await grow(8);
  await page.waitForTimeout(400);
  expect(await accepted()).toBe(count);
  await grow(15);
  await expect.poll(accepted).toBe(count + 1);
});

test('widgets set no cookies and may be framed; other pages may not', async ({ page, request }) => {
  for (const path of ['/speakers-embed', '/september/implementation-embed', '/september/bonus-bundle-embed']) {
    const response = await request.get(path);
    expect(response.headers()['set-cookie']).toBeUndefined();
    expect(response.headers()['content-security-policy']).toContain('frame-ancestors *');
    expect(response.headers()['x-frame-options']).toBeUndefined();
  }
  const blocked: string[] = [];
  page.on('console', (message) => {
    if (/frame-ancestors|Refused to display/i.test(message.text())) blocked.push(message.text());
  });
  await page.goto(`${partner.url}/frames-day-page`);
  await expect.poll(() => blocked.length).toBeGreaterThan(0);
  const dayFrame = page.frames().find((f) => f !== page.mainFrame());
  expect(await dayFrame?.locator('[data-countdown]').count()).toBe(0);
});

test('the /embed page shows each widget’s snippet, copies it, and previews it live', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: SITE });
  await page.goto('/embed');
  const entry = page.locator('[data-widget-entry="august/speakers"]');
  await expect(entry.locator('pre')).toContainText('<div data-summit-widget="speakers" data-summit="august"></div>');
  await expect(entry.locator('pre')).toContainText(`<script src="${SITE}/embed.js" async></script>`);
  await entry.getByRole('button', { name: 'Copy snippet' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Copied to clipboard' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('data-summit="august"');
  await entry.locator('[data-summit-widget]').scrollIntoViewIfNeeded();
  await expect.poll(() => entry.locator('iframe').evaluate((el) => el.getBoundingClientRect().height)).toBeGreaterThan(300);
  // The demo's widgets and the general one (other specs may add editions of their own meanwhile).
  const entries = await page
    .locator('[data-widget-entry]')
    .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-widget-entry')));
  expect(entries.filter((entry) => /^(general|july|august|september)\//.test(entry ?? ''))).toHaveLength(6);
});

test('the /embed page makes a preview only when the reader nears it, so the page is not busy making six at load', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/embed');
  const entries = page.locator('[data-widget-entry]');
  await expect(entries.first().locator('iframe')).toHaveCount(1);
  // The demo's last preview is several screens down: no frame yet. (Not simply the page's last
  // entry: another spec's edition, made meanwhile, may come after it with a widget of its own.)
  const last = page.locator('[data-widget-entry^="september/"]').last();
  await page.waitForTimeout(500);
  await expect(last.locator('iframe')).toHaveCount(0);
  await last.locator('[data-summit-widget]').scrollIntoViewIfNeeded();
  await expect(last.locator('iframe')).toHaveCount(1);
  await expect.poll(() => last.locator('iframe').evaluate((el) => el.getBoundingClientRect().height)).toBeGreaterThan(240);
});
