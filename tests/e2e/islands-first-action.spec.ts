/**
 * No action is lost to hydration (decision 0051): on every island of the site, the first
 * controls a visitor uses are acted on right after the page's `load` event, on 20 fresh loads,
 * and their effect must show every time. Then, with the island's scripts held back, the same
 * form controls are used before hydration: the island takes in what was done once it hydrates.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import { signInAsAdmin } from './support/admin.ts';

const LOADS = 20;

interface FirstAction {
  /** What is done, as a visitor would say it. */
  name: string;
  act: (page: Page) => Promise<void>;
  /** Its effect, checked within a few seconds. */
  shows: (page: Page, load: string) => Promise<void>;
}

interface Island {
  page: string;
  /** The component as the page's source names it next to its `client:` directive. */
  component: string;
  admin?: boolean;
  actions: FirstAction[];
}

const tickFirstItem: FirstAction = {
  name: 'ticks the first item',
  act: (page) => page.getByRole('checkbox').first().click(),
  shows: async (page, load) => {
    await expect(page.getByRole('checkbox').first(), load).toBeChecked();
    await expect(page.locator('[data-progress-count]'), load).toHaveText(/^1 of \d+ steps complete$/);
    await expect(page.locator('[data-progress-percent]'), load).not.toHaveText('0%');
  },
};

const closeFirstPhase: FirstAction = {
  name: 'closes the first phase',
  act: (page) => page.locator('[data-phase] summary').first().click(),
  shows: async (page, load) => {
    await expect(page.locator('[data-phase] summary').first(), load).toHaveAttribute('aria-expanded', 'false');
    await expect(page.locator('[data-phase]').first().locator('[data-item]').first(), load).toBeHidden();
  },
};

const nameTheSummit: FirstAction = {
  name: 'types the summit name',
  act: (page) => page.getByLabel('Summit name', { exact: true }).fill('Early Bird Summit'),
  shows: async (page, load) => {
    await expect(page.locator('[data-prompt]').first(), load).toContainText('Early Bird Summit');
  },
};

/** The admin's screen shows no prompts (they are the public configurator's): the name typed stays in its field. */
const nameTheSite: FirstAction = {
  name: 'types the summit name',
  act: (page) => page.getByLabel('Summit name', { exact: true }).fill('Early Bird Summit'),
  shows: async (page, load) => {
    await expect(page.getByLabel('Summit name', { exact: true }), load).toHaveValue('Early Bird Summit');
  },
};

/** Opens the tab holding the host's fields: "Content" on /brand-config, "Host" on the admin's screen. */
const openHostFields = (tab: 'Content' | 'Host'): FirstAction => ({
  name: `opens the ${tab} tab`,
  act: (page) => page.getByRole('tab', { name: tab }).click(),
  shows: async (page, load) => {
    await expect(page.getByRole('tab', { name: tab }), load).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByLabel('Host name', { exact: true }), load).toBeVisible();
  },
});

const ISLANDS: Island[] = [
  { page: '/setup-guide', component: 'SetupGuideIsland', actions: [tickFirstItem, closeFirstPhase] },
  { page: '/brand-config', component: 'BrandConfigurator', actions: [nameTheSummit, openHostFields('Content')] },
  { page: '/admin/brand', component: 'BrandConfigurator', admin: true, actions: [nameTheSite, openHostFields('Host')] },
  // Shows a running import's progress and takes no action of the visitor's: nothing to lose to hydration
  // (tests/e2e/registrant-import.spec.ts follows an import through it to the report).
  { page: '/admin/registrants/import', component: 'ImportProgress', admin: true, actions: [] },
];

/** Every `client:` directive in the site's sources, as "file: Component". */
function islandsInSources(): string[] {
  const found: string[] = [];
  const visit = (folder: string) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) visit(file);
      else if (/\.(astro|mdx)$/.test(entry.name)) {
        for (const match of fs.readFileSync(file, 'utf8').matchAll(/<([A-Z]\w*)\s[^>]*?\bclient:[a-z]+/g)) {
          found.push(`${path.relative('src/pages', file)}: ${match[1]}`);
        }
      }
    }
  };
  visit('src');
  return found.sort();
}

/** The source file of the page at `route` (src/pages/setup-guide.astro for /setup-guide). */
const pageFile = (route: string) => `${route.slice(1)}.astro`;

test('every island of the site is in this test', () => {
  expect(islandsInSources()).toEqual(ISLANDS.map((island) => `${pageFile(island.page)}: ${island.component}`).sort());
});

/** One context for all loads of an island (a fresh page load each time), signed in when needed. */
async function contextFor(browser: Browser, island: Island): Promise<BrowserContext> {
  const context = await browser.newContext();
  if (island.admin) await signInAsAdmin(await context.newPage());
  return context;
}

for (const island of ISLANDS) {
  for (const action of island.actions) {
    test(`${island.page}: ${action.name} right after load, ${LOADS} loads in a row`, async ({ browser }) => {
      test.setTimeout(180_000);
      const context = await contextFor(browser, island);
      const page = await context.newPage();
      for (let load = 1; load <= LOADS; load++) {
        // Progress kept from the previous load would change what a tick does.
        await page.evaluate(() => localStorage.clear()).catch(() => undefined);
        await page.goto(island.page, { waitUntil: 'load' });
        await action.act(page);
        await action.shows(page, `load ${load} of ${LOADS}`);
      }
      await context.close();
    });
  }
}

/**
 * Holds back the page's module scripts (React and the island among them) until `release` is
 * called: the page is then the server's markup alone, as on a slow connection.
 */
async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/_astro\/.+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

const hydrated = (page: Page) => expect(page.locator('astro-island[ssr]')).toHaveCount(0);

test('/setup-guide: boxes ticked before the island hydrates count once it has', async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto('/setup-guide', { waitUntil: 'domcontentloaded' });
  const boxes = page.getByRole('checkbox');
  await boxes.nth(0).check();
  await boxes.nth(2).check();
  await expect(page.locator('astro-island[ssr]')).toHaveCount(1);
  release();
  await hydrated(page);
  await expect(page.locator('[data-progress-count]')).toHaveText(/^2 of \d+ steps complete$/);
  await expect(boxes.nth(0)).toBeChecked();
  await expect(boxes.nth(2)).toBeChecked();
  // Saved like any other tick.
  await page.reload();
  await expect(page.locator('[data-setup-guide]')).toHaveAttribute('data-restored', 'true');
  await expect(page.locator('[data-progress-count]')).toHaveText(/^2 of \d+ steps complete$/);
});

test('/brand-config: text typed, a colour picked and a logo chosen before the island hydrates are taken in', async ({ page }) => {
  const logo = await sharp({ create: { width: 120, height: 40, channels: 3, background: '#0ea5e9' } })
    .png()
    .toBuffer();
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': '198.51.100.201' });
  const release = await holdScripts(page);
  await page.goto('/brand-config', { waitUntil: 'domcontentloaded' });
  await page.getByLabel('Summit name', { exact: true }).fill('Before Hydration Summit');
  await page.getByLabel('Primary colour Picker').fill('#123456');
  await page.locator('input[type=file][accept*="image/png"]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logo });
  await expect(page.locator('astro-island[ssr]')).toHaveCount(1);
  release();
  await hydrated(page);
  await expect(page.locator('[data-prompt]').first()).toContainText('Before Hydration Summit');
  await expect(page.getByRole('textbox', { name: 'Primary colour Hex code' })).toHaveValue('#123456');
  await expect(page.getByRole('status').filter({ hasText: 'Logo uploaded successfully' })).toBeVisible();
});

test('/brand-config: a tab pressed before the island hydrates is the tab shown once it has, and the address keeps it', async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto('/brand-config', { waitUntil: 'domcontentloaded' });
  await page.getByRole('tab', { name: 'Links' }).click();
  await expect(page.locator('astro-island[ssr]')).toHaveCount(1);
  release();
  await hydrated(page);
  await expect(page.getByRole('tab', { name: 'Links' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('Instagram', { exact: true })).toBeVisible();
  // Once hydrated, a press selects at once and names its tab in the address, for a reload or a link.
  await page.getByRole('tab', { name: 'Settings' }).click();
  await expect(page.getByRole('tab', { name: 'Settings' })).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/\/brand-config#brand-settings$/);
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Settings' })).toHaveAttribute('aria-selected', 'true');
});
