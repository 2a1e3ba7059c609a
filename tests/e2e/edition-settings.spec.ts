/**
 * Edition settings as forms, one source for dates (decision 0032), as a host does it in
 * Chromium: a day window changed with the picker moves the day page's countdown; a retreat
 * before the summit is refused with a message under that field and every other typed value
 * kept; new summit dates move the day windows that follow them, in the edition's time zone.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { signInAsAdmin } from './support/admin.ts';

test.describe.configure({ mode: 'serial' });

const SLUG = `settings-${Date.now().toString(36)}`;

/** A field of the edition form by its posted name. */
const field = (page: Page, name: string) => page.locator(`[name="${name}"]`);

async function openEditor(page: Page) {
  await page.goto(`/admin/editions/${SLUG}`);
  await expect(page.getByRole('heading', { name: 'Edition data' })).toBeVisible();
}

async function save(page: Page) {
  await page.getByRole('button', { name: 'Save the edition' }).click();
}

/** The day page's countdown deadline (ms) for a visitor at `now`. */
async function deadlineAt(browser: Browser, path: string, now: string): Promise<number> {
  const context = await browser.newContext({ extraHTTPHeaders: { 'x-test-now': now } });
  const page = await context.newPage();
  await page.goto(path);
  const deadline = Number(await page.locator('[data-countdown]').getAttribute('data-deadline'));
  await context.close();
  return deadline;
}

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  await signInAsAdmin(page);
  await page.goto('/admin/editions');
  await page.getByLabel('Copy from').selectOption('september');
  await page.getByLabel('New slug').fill(SLUG);
  await page.getByLabel('New name').fill('Settings test');
  await page.getByRole('button', { name: 'Duplicate' }).click();
  // September's dates are past and its texts name it: the review lists them before anything is saved.
  await page.getByRole('button', { name: 'Duplicate anyway' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/editions/${SLUG}\\?created=1$`));
  await page.close();
});

// The copy is removed again, so the specs that count every edition's widgets (embeds) see only the demo's.
test.afterAll(async ({ browser }) => {
  const page = await browser.newPage();
  await signInAsAdmin(page);
  await openEditor(page);
  await field(page, 'confirm').fill(SLUG);
  await page.locator('form:has(input[name="action"][value="delete"]) button[type="submit"]').click();
  await expect(page).toHaveURL(/\/admin\/editions\?deleted=/);
  await page.close();
});

test.beforeEach(async ({ page }) => {
  await signInAsAdmin(page);
});

test('the settings are forms: no JSON to edit; the price readings are presets of the demo editions only', async ({ page, browser }) => {
  // The demo edition offers the two readings, its passes named as it names them; a click fills both prices.
  await page.goto('/admin/editions/september');
  await expect(page.getByText('There are two price readings and both stand')).toBeVisible();
  await page.getByRole('button', { name: /^Use Reading B: / }).click();
  await expect(field(page, 'settings.upgrade.replay.price')).toHaveValue('97.00');
  await expect(field(page, 'settings.upgrade.aap.price')).toHaveValue('297.00');

  // The host's copy is their own edition: no presets, its passes named as it names them.
  await openEditor(page);
  await expect(page.locator('textarea[name="settings"], textarea[name^="timers."]')).toHaveCount(0);
  await expect(page.locator('[data-price-presets]')).toHaveCount(0);
  await field(page, 'settings.upgrade.replay.price').fill('97');
  await field(page, 'settings.upgrade.aap.price').fill('297');
  await field(page, 'settings.upgrade.aap.name').fill('Golden Thread Pass');
  await save(page);
  await expect(page.getByRole('status')).toContainText('Saved the edition.');
  await expect(field(page, 'settings.upgrade.aap.price')).toHaveValue('297.00');
  await expect(page.getByLabel('Golden Thread Pass: price (USD)')).toBeVisible();

  const visitor = await browser.newPage();
  await visitor.goto(`/${SLUG}/dashboard`);
  await expect(visitor.locator('[data-tier="aap"] h3')).toHaveText('Golden Thread Pass');
  await expect(visitor.locator('[data-tier="aap"] [data-price]')).toContainText('297');
  await expect(visitor.locator('[data-tier="replay"] [data-price]')).toContainText('97');
  await visitor.close();
});

test('a day window changed with the picker moves the day page’s countdown', async ({ page, browser }) => {
  await openEditor(page);
  const follows = page.getByLabel('Follow the summit dates (Day 1 of the summit, midnight to midnight)');
  await expect(follows).toBeChecked();
  await expect(field(page, 'timers.day1.eventEndDate')).toHaveValue('2025-09-24T00:00');
  // 12:00 in Sydney on day 1: the page counts down to midnight.
  expect(await deadlineAt(browser, `/${SLUG}/day-1`, '2025-09-23T02:00:00Z')).toBe(Date.parse('2025-09-23T14:00:00Z'));

  await field(page, 'timers.day1.eventEndDate').fill('2025-09-23T18:00');
  await expect(follows).not.toBeChecked();
  await save(page);
  await expect(page.getByRole('status')).toContainText('Saved the edition.');
  await expect(field(page, 'timers.day1.eventEndDate')).toHaveValue('2025-09-23T18:00');
  await expect(follows).not.toBeChecked();
  // 18:00 in Sydney (UTC+10) is 08:00 UTC.
  expect(await deadlineAt(browser, `/${SLUG}/day-1`, '2025-09-23T02:00:00Z')).toBe(Date.parse('2025-09-23T08:00:00Z'));
});

test('a retreat before the summit is refused under its field, with everything typed kept', async ({ page }) => {
  await openEditor(page);
  await field(page, 'name').fill('Renamed, not saved');
  await field(page, 'settings.upgrade.replay.price').fill('55');
  await field(page, 'settings.retreat.startDate').fill('2025-09-01');
  await save(page);
  await expect(page.getByRole('alert')).toContainText('Nothing was saved');
  const retreat = field(page, 'settings.retreat.startDate');
  await expect(retreat).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('[data-admin-field="settings.retreat.startDate"]')).toContainText(
    'The retreat must start after the summit, which ends on September 25 2025.',
  );
  await expect(retreat).toHaveValue('2025-09-01');
  await expect(field(page, 'name')).toHaveValue('Renamed, not saved');
  await expect(field(page, 'settings.upgrade.replay.price')).toHaveValue('55');
  await expect(field(page, 'timers.day1.eventEndDate')).toHaveValue('2025-09-23T18:00');

  await openEditor(page);
  await expect(field(page, 'name')).toHaveValue('Settings test');
  await expect(field(page, 'settings.retreat.startDate')).toHaveValue('2025-09-30');
});

test('new summit dates move the day windows that follow them, and the pages with them', async ({ page, browser }) => {
  await openEditor(page);
  await field(page, 'summitStartDate').fill('2025-10-07');
  await field(page, 'summitEndDate').fill('2025-10-09');
  // Day 2 and 3 follow the summit and move as the dates are typed; day 1 was set by hand.
  await expect(field(page, 'timers.day2.eventStartDate')).toHaveValue('2025-10-08T00:00');
  await expect(field(page, 'timers.day3.eventEndDate')).toHaveValue('2025-10-10T00:00');
  await expect(field(page, 'timers.day1.eventEndDate')).toHaveValue('2025-09-23T18:00');
  await save(page);
  // Day 1's own window and the retreat, week and workshop now lie before the summit: each says so.
  for (const name of [
    'timers.day1.eventStartDate',
    'settings.retreat.startDate',
    'settings.integrationWeek.startDate',
    'settings.dashboard.workshop.startsAt',
  ])
    await expect(field(page, name)).toHaveAttribute('aria-invalid', 'true');
  await expect(field(page, 'summitStartDate')).toHaveValue('2025-10-07');

  await page.getByLabel('Follow the summit dates (Day 1 of the summit, midnight to midnight)').check();
  await expect(field(page, 'timers.day1.eventStartDate')).toHaveValue('2025-10-07T00:00');
  await field(page, 'settings.retreat.startDate').fill('2025-10-14');
  await field(page, 'settings.retreat.endDate').fill('2025-10-17');
  await field(page, 'settings.retreat.cardEndDate').fill('2025-10-18');
  await field(page, 'settings.integrationWeek.startDate').fill('2025-10-13');
  await field(page, 'settings.integrationWeek.endDate').fill('2025-10-18');
  await field(page, 'settings.dashboard.workshop.startsAt').fill('2025-10-14T10:00');
  await save(page);
  await expect(page.getByRole('status')).toContainText('Saved the edition.');
  await expect(field(page, 'timers.day2.eventStartDate')).toHaveValue('2025-10-08T00:00');

  // Noon on 8 October in Sydney (daylight saving, UTC+11): day 2 is open until midnight.
  expect(await deadlineAt(browser, `/${SLUG}/day-2`, '2025-10-08T01:00:00Z')).toBe(Date.parse('2025-10-08T13:00:00Z'));
});
