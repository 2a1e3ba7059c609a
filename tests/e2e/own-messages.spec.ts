/**
 * The admin's e-mail screens (decision 0049), in the browser: a host adds an e-mail of their own
 * with the live preview and finds it in the list; an edition that lacks some of the code's
 * default e-mails (here one imported from a document without them) is offered each, and Add and
 * Dismiss work. A server of its own, since the test imports an edition.
 */
import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN, signInAsAdmin } from './support/admin.ts';
import { startServerWithAdmin } from './support/server-process.ts';

let server: Awaited<ReturnType<typeof startServerWithAdmin>>;
test.beforeAll(async () => {
  // A fresh data folder is migrated and seeded first: minutes on a loaded machine.
  test.setTimeout(480_000);
  server = await startServerWithAdmin(E2E_ADMIN);
});
test.afterAll(async () => {
  await server?.stop();
  server?.remove();
});

test.describe.configure({ mode: 'serial', timeout: 120_000 });

const signIn = (page: Page) => signInAsAdmin(page, server.url);

test('a host adds an e-mail of their own with a live preview, and finds it in the list', async ({ page }) => {
  await signIn(page);
  await page.goto(`${server.url}/admin/editions/july/messages`);
  await page.getByRole('link', { name: 'Add a message' }).click();
  await expect(page).toHaveURL(/\/admin\/editions\/july\/messages\/new$/);

  const preview = page.frameLocator('iframe[name="message-preview"]');
  await expect(preview.locator('[data-preview-subject]')).toContainText('Your subject, Sam', { timeout: 30_000 });
  await page.getByLabel('Subject').fill('Halfway there, {{first_name}}');
  await expect(preview.locator('[data-preview-subject]')).toContainText('Halfway there, Sam', { timeout: 30_000 });
  await page.getByLabel('Message (markdown)').fill('Hi {{first_name}}, **day 2** is [waiting]({{day_link}}).');
  await page.getByLabel('Sent on').selectOption({ label: 'A day’s start' });
  await page.getByLabel('Day (for a day’s start)').selectOption('2');
  await page.getByLabel('Offset in hours (negative: before)').fill('3');
  await expect(preview.locator('body')).toContainText('day 2 is waiting', { timeout: 30_000 });
  // The evergreen day 2 opens a day after registering; three hours later this goes.
  await expect(preview.locator('[data-preview-sent]')).toContainText('(in 1 day 3 hours)', { timeout: 30_000 });

  // A mistake is shown at its field, and nothing is added.
  await page.getByLabel('Message (markdown)').fill('Hi {{frist_name}}');
  await page.getByRole('button', { name: 'Add the message' }).click();
  await expect(page.getByRole('alert')).toHaveText('Nothing was added. Please correct the fields marked below.');
  await expect(page.getByText('Unknown merge field: {{frist_name}}.')).toBeVisible();
  await expect(page.getByLabel('Subject')).toHaveValue('Halfway there, {{first_name}}');

  await page.getByLabel('Message (markdown)').fill('Hi {{first_name}}, **day 2** is [waiting]({{day_link}}).');
  await page.getByRole('button', { name: 'Add the message' }).click();
  await expect(page.getByRole('status')).toHaveText('Added the e-mail. It goes out by its send rule while it is switched on.');
  await expect(page.getByLabel('Send this e-mail')).toBeChecked();

  await page.getByRole('link', { name: 'All e-mails' }).click();
  const row = page.locator('tr', { hasText: 'Halfway there, {{first_name}}' });
  await expect(row).toContainText('your own');
  await expect(row).toContainText('3 hours after day 2 opens');
  await expect(row.locator('td').nth(2)).toHaveText('On');
});

test('an edition without some of the default e-mails is offered each; Add and Dismiss work', async ({ page }, testInfo) => {
  await signIn(page);
  // An edition from a document without two of the defaults, as from an install older than them.
  const exported = await (await page.request.get(`${server.url}/admin/editions/august/export.json`)).json();
  const lacking = ['replay-offer', 'day-3-open'];
  const document = {
    ...exported,
    edition: { ...exported.edition, slug: 'winter', name: 'Winter' },
    messages: exported.messages.filter((message: { key: string }) => !lacking.includes(message.key)),
  };
  const file = testInfo.outputPath('winter.json');
  fs.writeFileSync(file, JSON.stringify(document));
  await page.goto(`${server.url}/admin/editions`);
  await page.locator('input[name=document]').setInputFiles(file);
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByRole('status')).toContainText('Created the edition');

  await page.goto(`${server.url}/admin/editions/winter/messages`);
  const replay = page.getByRole('region', {
    name: 'A new message is available: The summit is over; the {{offered_pass_name}} keeps it with you',
  });
  const dayThree = page.getByRole('region', { name: 'A new message is available: Day 3 is open, {{first_name}}' });
  await expect(replay).toBeVisible();
  await expect(dayThree).toBeVisible();
  await expect(page.locator('tr', { hasText: 'After the summit' })).toHaveCount(0);

  await replay.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByRole('status')).toContainText('Added the e-mail “After the summit: the pass offer”');
  await expect(replay).toHaveCount(0);
  await expect(page.locator('tr', { hasText: 'After the summit: the pass offer' })).toContainText('When the summit ends');

  await dayThree.getByRole('button', { name: 'Dismiss' }).click();
  await expect(page.getByRole('status')).toHaveText('Dismissed “Day 3 is open”: it will not be offered again.');
  await page.goto(`${server.url}/admin/editions/winter/messages`);
  await expect(page.locator('[data-offered-message]')).toHaveCount(0);
  await expect(page.locator('tr', { hasText: 'Day 3 is open' })).toHaveCount(0);
});

test('a subject typed before the preview’s script has loaded is previewed once it has', async ({ page }) => {
  await signIn(page);
  // The page's scripts held back, as on a slow connection: the editor is the server's markup alone.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/_astro\/.+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto(`${server.url}/admin/editions/july/messages`, { waitUntil: 'domcontentloaded' });
  await page.getByRole('link', { name: 'Day 1 is open' }).click();
  await page.getByLabel('Subject').fill('Typed early, {{first_name}}');
  release();
  const preview = page.frameLocator('iframe[name="message-preview"]');
  await expect(preview.locator('[data-preview-subject]')).toContainText('Typed early, Sam');
});
