import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { eq } from 'drizzle-orm';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { zonedTimeToInstant } from '../../src/domain/timer.ts';
import { openDatabase } from '../../src/server/db/client.ts';
import { editions, episodeDownloads, episodes, mailOutbox, purchases, registrantVisits, registrants } from '../../src/server/db/schema.ts';
import { E2E_ADMIN, signInAsAdmin } from './support/admin.ts';
import { startServerProcess, startServerWithAdmin } from './support/server-process.ts';

/**
 * The admin's home (docs/PRODUCT.md "Admin"): the home page's edition at a glance, each figure
 * the insights' own and a link to the screen that explains it, and the switch to the others. A
 * server of its own, its rows written while it is stopped, so every figure is known exactly.
 */
test.describe.configure({ mode: 'serial' });

const SYDNEY = 'Australia/Sydney';
const at = (local: string) => new Date(zonedTimeToInstant(local, SYDNEY));
/** The moment the pages are looked at: July 2nd in july's zone (still July 1st in UTC). */
const NOW = at('2025-07-02T09:30');
const FAR_FUTURE = new Date('2099-01-01T00:00:00Z');

let server: Awaited<ReturnType<typeof startServerProcess>>;
let removeData: () => void = () => {};

async function seed(dataDir: string): Promise<void> {
  const handle = await openDatabase({ driver: 'pglite', dataDir: path.join(dataDir, 'pglite') });
  try {
    const { db } = handle;
    const [july] = await db.select().from(editions).where(eq(editions.slug, 'july'));
    const [august] = await db.select().from(editions).where(eq(editions.slug, 'august'));
    const person = (firstName: string, createdAt: Date, editionId = july!.id) => ({
      editionId,
      firstName,
      email: `${firstName.toLowerCase()}@example.com`,
      createdAt,
    });
    const [ann, ben, cat] = await db
      .insert(registrants)
      .values([
        person('Ann', at('2025-07-02T00:30')),
        person('Ben', at('2025-07-02T08:00')),
        person('Cat', at('2025-07-01T23:30')),
        person('Eve', at('2025-07-02T08:00'), august!.id),
      ])
      .returning();
    await db.insert(registrantVisits).values([
      { registrantId: ann!.id, pageType: 'july_day1' },
      { registrantId: ben!.id, pageType: 'july_day1' },
      { registrantId: cat!.id, pageType: 'july_day2' },
    ]);
    const [episode] = await db.select().from(episodes).where(eq(episodes.editionId, july!.id)).limit(1);
    await db.insert(episodeDownloads).values({
      editionId: july!.id,
      episodeId: episode!.id,
      listenerKey: `r:${cat!.id}`,
      registrantId: cat!.id,
      route: 'feed',
    });
    await db.insert(purchases).values([
      { registrantId: ann!.id, pass: 'aap', source: 'provider', amount: 19_700, currency: 'usd', paymentRef: 'pi_e2e_1' },
      { registrantId: ben!.id, pass: 'replay', source: 'admin' },
    ]);
    // Waiting rows are due long after the test, so the server's mail worker leaves them as they are.
    const mail = (registrantId: number, status: 'pending' | 'failed') => ({
      to: 'someone@example.com',
      subject: 'Hello',
      text: 'Hello',
      registrantId,
      status,
      nextAttemptAt: FAR_FUTURE,
      lastError: status === 'failed' ? 'mailbox unavailable' : null,
    });
    await db.insert(mailOutbox).values([mail(ann!.id, 'pending'), mail(ben!.id, 'pending'), mail(cat!.id, 'failed')]);
  } finally {
    await handle.close();
  }
}

test.beforeAll(async () => {
  test.setTimeout(300_000);
  const first = await startServerWithAdmin(E2E_ADMIN);
  await first.stop();
  removeData = first.remove;
  await seed(first.dataDir);
  server = await startServerProcess({ DATA_DIR: first.dataDir, UNSAFE_TEST_CLOCK: 'true' });
});
test.afterAll(async () => {
  await server?.stop();
  removeData();
});

async function adminAt(browser: Browser, width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, extraHTTPHeaders: { 'x-test-now': NOW.toISOString() } });
  const page = await context.newPage();
  await signInAsAdmin(page, server.url);
  return page;
}

const figure = (page: Page, key: string) => page.locator(`[data-figure="${key}"]`);

/** The figures seeded above, as july's home and insights must show them. */
const JULY = {
  'registrations-today': '2',
  registrations: '3',
  'opened-day-1': '2',
  listeners: '1',
  'pass-aap': '1',
  'pass-replay': '0',
  'mail-waiting': '2',
  'mail-failed': '1',
  'webhooks-failing': '0',
};

/** Each figure, the screen its link opens and what that screen shows of it. */
const TARGETS: { key: string; url: RegExp; shows: (page: Page) => Promise<void> }[] = [
  {
    key: 'registrations-today',
    url: /\/admin\/insights\?edition=july#per-day-heading$/,
    shows: (page) => expect(page.locator('#per-day-heading')).toContainText('3 in all; days in Australia/Sydney'),
  },
  {
    key: 'registrations',
    url: /\/admin\/registrants\?edition=july$/,
    shows: (page) => expect(page).toHaveTitle(/July: Registrants/),
  },
  {
    key: 'opened-day-1',
    url: /#opened-heading$/,
    shows: (page) => expect(page.locator('[data-opened-page="day1"]')).toContainText('2'),
  },
  {
    key: 'listeners',
    url: /#funnel-heading$/,
    shows: (page) => expect(page.locator('[data-funnel-step="listened"]')).toContainText('1'),
  },
  {
    key: 'pass-aap',
    url: /#passes-heading$/,
    shows: (page) => expect(page.locator('[data-pass-sales="aap"]')).toContainText(/1\s*197\.00 USD/),
  },
  {
    key: 'pass-replay',
    url: /#passes-heading$/,
    shows: (page) => expect(page.locator('[data-pass-sales="replay"]')).toContainText(/0\s*0\.00/),
  },
  {
    key: 'mail-waiting',
    url: /\/admin\/editions\/july\/messages$/,
    shows: (page) => expect(page).toHaveTitle(/July: E-mails/),
  },
  {
    key: 'mail-failed',
    url: /\/admin\/editions\/july\/messages$/,
    shows: (page) => expect(page).toHaveTitle(/July: E-mails/),
  },
  {
    key: 'webhooks-failing',
    url: /\/admin\/webhooks$/,
    shows: (page) => expect(page).toHaveTitle(/Webhooks/),
  },
];

for (const width of [1280, 390]) {
  test(`at ${width} px the home shows the home page’s edition, each figure the insights’ own and a link to its screen`, async ({
    browser,
  }) => {
    const page = await adminAt(browser, width);
    await page.goto(`${server.url}/admin`);
    await expect(page.getByRole('heading', { name: 'July at a glance' })).toBeVisible();
    await expect(page.locator('[data-edition-switch="july"]')).toHaveAttribute('aria-current', 'page');
    for (const [key, value] of Object.entries(JULY)) {
      await expect(figure(page, key).locator('[data-figure-value]'), key).toHaveText(value);
    }
    await expect(figure(page, 'registrations-today')).toContainText('2025-07-02, Australia/Sydney');
    await expect(figure(page, 'pass-aap')).toContainText('revenue 197.00 USD');
    await expect(page.locator('[data-figure]')).toHaveCount(Object.keys(JULY).length);
    // The edition cards and the whole site's links stay below the figures; sponsors and FAQ are per edition.
    const julyCard = page.locator('[data-admin-edition="july"]');
    await expect(julyCard.getByRole('link', { name: 'Sponsors' })).toHaveAttribute('href', '/admin/content/sponsors?edition=july');
    await expect(julyCard.getByRole('link', { name: 'FAQ' })).toHaveAttribute('href', '/admin/content/faq?edition=july');
    await expect(page.getByRole('region', { name: 'Whole site' }).getByRole('link', { name: 'Brand' })).toBeVisible();

    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.screenshot({ path: test.info().outputPath(`admin-home-${width}.png`), fullPage: true });

    for (const target of TARGETS) {
      await figure(page, target.key).click();
      await expect(page, target.key).toHaveURL(target.url);
      await target.shows(page);
      await page.goBack();
    }
    // The insights' own sections these figures lead to (who opened each page, passes sold) pass axe too.
    await page.goto(`${server.url}/admin/insights?edition=july`);
    const insightsAxe = await new AxeBuilder({ page }).analyze();
    expect(insightsAxe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    await page.context().close();
  });
}

test('the switch shows another edition’s figures; a slug naming no edition gets a clear message and the switch', async ({ browser }) => {
  const page = await adminAt(browser, 390);
  await page.goto(`${server.url}/admin`);
  await page.locator('[data-edition-switch="august"]').click();
  await expect(page).toHaveURL(/\/admin\?edition=august$/);
  await expect(page.getByRole('heading', { name: 'August at a glance' })).toBeVisible();
  await expect(page.locator('[data-edition-switch="july"]')).toContainText('July (home page)');
  await expect(figure(page, 'registrations').locator('[data-figure-value]')).toHaveText('1');
  await expect(figure(page, 'registrations')).toHaveAttribute('href', '/admin/registrants?edition=august');
  await expect(figure(page, 'mail-failed').locator('[data-figure-value]')).toHaveText('0');

  for (const slug of ['no-such-edition', '<script>alert(1)</script>']) {
    const response = await page.goto(`${server.url}/admin?edition=${encodeURIComponent(slug)}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('alert')).toHaveText(`There is no edition “${slug}”. Choose one of the editions above.`);
    await expect(page.locator('[data-figure]')).toHaveCount(0);
    await page.locator('[data-edition-switch="july"]').click();
    await expect(page.getByRole('heading', { name: 'July at a glance' })).toBeVisible();
  }
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
  await page.context().close();
});

test('a host follows the first-run checklist to their own edition on the home page, then removes the demo in one step', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const page = await adminAt(browser, 390);
  await page.goto(`${server.url}/admin`);
  const checklist = page.locator('[data-first-run]');
  await expect(checklist.getByRole('heading', { name: 'Make the site yours' })).toBeVisible();
  await expect(checklist.locator('[data-step]')).toHaveCount(10);
  await expect(checklist.locator('[data-step="edition"]')).toHaveAttribute('data-done', 'false');
  await checklist.locator('[data-step="edition"]').getByRole('link', { name: 'Your edition' }).click();
  await expect(page).toHaveURL(/\/admin\/editions\/new$/);

  // The demo cannot go while the home page shows it: said at the field, nothing removed.
  await page.goto(`${server.url}/admin/remove-demo`);
  await expect(page.locator('[data-demo-edition]')).toHaveCount(3);
  await expect(page.locator('[data-demo-on-home]')).toContainText('The home page shows July.');
  await page.getByLabel('Type “remove the demo” to confirm').fill('remove the demo');
  await page.getByRole('button', { name: 'Remove the demo' }).click();
  await expect(page.getByRole('alert')).toContainText('a demo edition. Show your own edition on the home page first');
  await expect(page.locator('[data-demo-edition]')).toHaveCount(3);

  await page.goto(`${server.url}/admin/editions/new`);
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Tidewater Makers Summit 2026');
  await page.getByLabel('Slug').fill('tidewater');
  await page.getByLabel('First summit day').fill('2026-12-15');
  await page.getByLabel('Last summit day').fill('2026-12-17');
  await page.getByLabel('Time zone').selectOption('Europe/Berlin');
  await page.getByLabel('Support e-mail').fill('hello@tidewater.example.org');
  await page.getByLabel('Who may open the day pages').selectOption('registrants');
  await page.getByRole('button', { name: 'Create the edition' }).click();
  await expect(page).toHaveURL(/\/admin\/editions\/tidewater\?created=1$/);
  await page.goto(`${server.url}/admin/editions`);
  await page.locator('[data-admin-edition="tidewater"]').getByRole('button', { name: 'Show on the home page' }).click();

  await page.goto(`${server.url}/admin/remove-demo`);
  await expect(page.locator('[data-demo-on-home]')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('remove-demo-390.png'), fullPage: true });
  await page.getByLabel('Type “remove the demo” to confirm').fill('remove the demo');
  await page.getByRole('button', { name: 'Remove the demo' }).click();
  await expect(page).toHaveURL(/\/admin\?removed=demo$/);
  await expect(page.locator('[data-step="home-page"]')).toHaveAttribute('data-done', 'true');
  await expect(page.locator('[data-step="go-live"]')).toHaveAttribute('data-done', 'true');
  await expect(page.locator('[data-step="edition"]')).toContainText('Tidewater Makers Summit 2026 (/tidewater) is yours.');
  await expect(page.locator('[data-edition-switch]')).toHaveText(['Tidewater Makers Summit 2026 (home page)']);
  await page.screenshot({ path: test.info().outputPath('first-run-390.png'), fullPage: true });
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
  // The demo's pages are gone with it.
  expect((await page.goto(`${server.url}/july/day-1`))?.status()).toBe(404);
  await page.context().close();
});
