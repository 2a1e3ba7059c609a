/**
 * A host runs their own summit from the admin (decision 0031): "New edition" by form,
 * "Show on the home page", and `/`, `/register` and `/thank-you` follow it. Each test starts its
 * own server (the home page of the shared e2e server is other tests' july).
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { E2E_ADMIN } from './support/admin.ts';
import { messagesTo } from './support/mail.ts';
import { createScratchDatabase, NEEDS_POSTGRES, postgresUrl } from './support/postgres.ts';
import { startServerProcess, startServerWithAdmin } from './support/server-process.ts';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** The 10th to the 12th of next month: a summit a host would set up now. */
function nextMonthsSummit() {
  const now = new Date();
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 10));
  const iso = (day: number) => new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), day)).toISOString().slice(0, 10);
  const month = MONTHS[first.getUTCMonth()]!;
  const year = first.getUTCFullYear();
  return {
    start: iso(10),
    end: iso(12),
    dayRange: `${month} 10-12`,
    withComma: `${month} 10-12, ${year}`,
    withYear: `${month} 10-12 ${year}`,
  };
}

async function signIn(browser: Browser, url: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto(`${url}/admin`);
  await page.getByLabel('E-mail or phone number').fill(E2E_ADMIN.email);
  await page.getByLabel('Password').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('navigation', { name: 'Admin' })).toBeVisible();
  return page;
}

interface NewEdition {
  name: string;
  slug: string;
  start: string;
  end: string;
  accessMode: 'open' | 'registrants';
}

/** "New edition" on the editions screen, filled in and created. */
async function createEdition(admin: Page, url: string, edition: NewEdition): Promise<void> {
  await admin.goto(`${url}/admin/editions`);
  await admin.getByRole('link', { name: 'New edition', exact: true }).click();
  await admin.getByRole('textbox', { name: 'Name', exact: true }).fill(edition.name);
  await admin.getByLabel('Slug').fill(edition.slug);
  await admin.getByLabel('First summit day').fill(edition.start);
  await admin.getByLabel('Last summit day').fill(edition.end);
  await admin.getByLabel('Time zone').selectOption('Australia/Sydney');
  await admin.getByLabel('Support e-mail').fill('hello@winter-sound.example.org');
  await admin.getByLabel('Who may open the day pages').selectOption(edition.accessMode);
  await admin.getByRole('button', { name: 'Create the edition' }).click();
  await expect(admin).toHaveURL(new RegExp(`/admin/editions/${edition.slug}\\?created=1$`));
}

async function showOnHomePage(admin: Page, url: string, slug: string): Promise<void> {
  await admin.goto(`${url}/admin/editions`);
  await admin.locator(`[data-admin-edition="${slug}"]`).getByRole('button', { name: 'Show on the home page', exact: true }).click();
  await expect(admin.getByRole('status')).toContainText(`now show the edition ${slug}`);
  await expect(admin.locator(`[data-admin-edition="${slug}"]`)).toContainText('Shown on the home page');
}

test('a host creates an edition by form, shows it on the home page, and a visitor registers through /', async ({ browser }) => {
  test.setTimeout(180_000);
  const server = await startServerWithAdmin(E2E_ADMIN, { LOG_LEVEL: 'warn' });
  try {
    const summit = nextMonthsSummit();
    const admin = await signIn(browser, server.url);

    // The form says what is wrong, field by field, and keeps what was typed.
    await admin.goto(`${server.url}/admin/editions/new`);
    await admin.getByRole('textbox', { name: 'Name', exact: true }).fill('Winter Sound 2026');
    await admin.getByLabel('Slug').fill('july');
    await admin.getByLabel('First summit day').fill(summit.start);
    await admin.getByLabel('Last summit day').fill('2020-01-01');
    await admin.getByRole('button', { name: 'Create the edition' }).click();
    await expect(admin.getByLabel('Slug')).toHaveAttribute('aria-invalid', 'true');
    await expect(admin.getByText('There is already an edition with the slug “july”.')).toBeVisible();
    await expect(admin.getByText('The summit cannot end before it starts.')).toBeVisible();
    await expect(admin.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Winter Sound 2026');

    await createEdition(admin, server.url, {
      name: 'Winter Sound 2026',
      slug: 'winter-sound',
      start: summit.start,
      end: summit.end,
      accessMode: 'registrants',
    });
    // Created, but the home page still shows july until the host chooses.
    await admin.goto(`${server.url}/admin/editions`);
    await expect(admin.locator('[data-admin-edition="july"]')).toContainText('Shown on the home page');
    expect((await (await fetch(server.url)).text()).includes('July 15-17, 2025')).toBe(true);

    await showOnHomePage(admin, server.url, 'winter-sound');
    await expect(admin.locator('[data-admin-edition="july"]').getByRole('button', { name: 'Show on the home page' })).toBeVisible();

    // The home page shows the edition's name and dates, and none of july's.
    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto(server.url);
    await expect(visitor).toHaveTitle(`The Sacred Business Audio Summit · Winter Sound 2026 · Free, ${summit.dayRange}`);
    await expect(visitor.locator('[data-edition-line]')).toHaveText(`Winter Sound 2026 · ${summit.withComma}`);
    await expect(visitor.locator('#schedule')).toContainText(summit.dayRange);
    expect(await visitor.locator('main').innerText()).not.toContain('July');

    // Registering through / registers for it.
    await visitor.locator('main').getByRole('link', { name: 'Save Your Free Spot' }).click();
    await expect(visitor.locator('main')).toContainText(summit.withYear);
    await visitor.getByLabel('First name').fill('Wren');
    await visitor.getByLabel('E-mail', { exact: true }).fill('wren@example.com');
    for (const box of await visitor.locator('main form input[type="checkbox"]').all()) await box.check();
    await visitor.getByRole('button', { name: 'Save My Free Spot' }).click();
    await expect(visitor).toHaveURL(/\/thank-you$/);
    await expect(visitor.locator('main')).toContainText(summit.withYear);
    await expect.poll(() => messagesTo(server.dataDir, 'wren@example.com').length, { timeout: 15_000 }).toBeGreaterThan(0);
    await admin.goto(`${server.url}/admin/registrants?edition=winter-sound`);
    await expect(admin.locator('[data-registrant-row]')).toContainText('wren@example.com');

    // The unprefixed widget and the content API without a summit follow it too.
    await visitor.goto(`${server.url}/speakers-embed`);
    await expect(visitor).toHaveTitle(/Winter Sound 2026/);
    expect(await (await fetch(`${server.url}/api/fetch-speakers`)).json()).toEqual({ speakers: [] });

    // The edition the home page shows cannot be deleted, and the page says why.
    await admin.goto(`${server.url}/admin/editions/winter-sound`);
    await admin.getByLabel('Type winter-sound to confirm').fill('winter-sound');
    await admin.getByRole('button', { name: 'Delete the edition' }).click();
    await expect(admin.getByRole('alert')).toContainText('Winter Sound 2026 cannot be deleted while the home page shows it');
    await admin.goto(`${server.url}/admin/editions`);
    await expect(admin.locator('[data-admin-edition="winter-sound"]')).toContainText('Shown on the home page');
  } finally {
    await server.stop();
    server.remove();
  }
});

test('choosing the home page’s edition on one app process changes the cached pages of another at once (Postgres)', async ({ browser }) => {
  test.skip(!postgresUrl, NEEDS_POSTGRES);
  test.setTimeout(180_000);
  const database = await createScratchDatabase();
  const a = await startServerWithAdmin(E2E_ADMIN, { DATABASE_URL: database.url, LOG_LEVEL: 'warn' });
  const b = await startServerProcess({ DATABASE_URL: database.url, LOG_LEVEL: 'warn' });
  try {
    const summit = nextMonthsSummit();
    // B has july's home page, registration form and legacy day page in its caches.
    const homeOnB = async () => (await (await fetch(b.url)).text()).includes(`Winter Sound 2026 · ${summit.withComma}`);
    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto(`${b.url}/day-1`);
    await expect(visitor).toHaveTitle(/^Day 1 · July Summit ·/);
    await visitor.goto(`${b.url}/day-1`);
    expect(await homeOnB()).toBe(false);
    expect(await (await fetch(`${b.url}/register`)).text()).toContain('July 15-17 2025');

    const admin = await signIn(browser, a.url);
    await createEdition(admin, a.url, {
      name: 'Winter Sound 2026',
      slug: 'winter-sound',
      start: summit.start,
      end: summit.end,
      accessMode: 'open',
    });
    await showOnHomePage(admin, a.url, 'winter-sound');
    const changedAt = Date.now();

    await expect.poll(homeOnB, { timeout: 5000, intervals: [100] }).toBe(true);
    expect(Date.now() - changedAt).toBeLessThan(5000);
    expect(await (await fetch(`${b.url}/register`)).text()).toContain(summit.withYear);
    // The same returning visitor's legacy day page (answered from B's memory before) is the new edition's.
    await visitor.goto(`${b.url}/day-1`);
    await expect(visitor).toHaveTitle(/^Day 1 · Winter Sound 2026 Summit ·/);
  } finally {
    await Promise.all([a.stop(), b.stop()]);
    a.remove();
    await database.drop();
  }
});
