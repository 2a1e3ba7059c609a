import { expect, test, type Page } from '@playwright/test';

async function progress(page: Page) {
  return {
    count: (await page.locator('[data-progress-count]').textContent())?.trim(),
    percent: (await page.locator('[data-progress-percent]').textContent())?.trim(),
  };
}

test.beforeEach(async ({ page }) => {
  await page.goto('/setup-guide');
  await expect(page.locator('[data-setup-guide]')).toHaveAttribute('data-restored', 'true');
});

test('five phases, the first expanded; phases and items expand and collapse', async ({ page }) => {
  const phases = page.locator('[data-phase]');
  await expect(phases).toHaveCount(5);
  const headings = await phases.locator('h2').allTextContents();
  for (const [i, name] of [
    'Infrastructure',
    'Timer and Access',
    'Content Customisation',
    'Domain and Deployment',
    'Content Management',
  ].entries()) {
    expect(headings[i]).toContain(name);
  }
  const toggles = phases.locator('summary');
  await expect(toggles.nth(0)).toHaveAttribute('aria-expanded', 'true');
  for (const i of [1, 2, 3, 4]) await expect(toggles.nth(i)).toHaveAttribute('aria-expanded', 'false');

  await toggles.nth(1).click();
  await expect(toggles.nth(1)).toHaveAttribute('aria-expanded', 'true');
  const item = phases.nth(1).locator('[data-item]').first();
  await expect(item).toBeVisible();
  const itemToggle = item.locator('button[aria-expanded]').first();
  await itemToggle.click();
  await expect(itemToggle).toHaveAttribute('aria-expanded', 'true');
  await expect(item.locator('[data-prompt]').first()).toBeVisible();
  await itemToggle.click();
  await expect(item.locator('[data-prompt]').first()).toBeHidden();
  await toggles.nth(1).click();
  await expect(item).toBeHidden();
  // It describes this product.
  await expect(page.locator('[data-phase]').first()).toContainText('npm install && npm start');
  await expect(page.getByRole('link', { name: 'Brand configuration' })).toHaveAttribute('href', '/brand-config');
  await expect(page.getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
});

test('copying an AI prompt puts it on the clipboard with the spec’s toast', async ({ page, context, baseURL }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  const item = page.locator('[data-phase]').first().locator('[data-item]').first();
  await item.locator('button[aria-expanded]').first().click();
  const prompt = item.locator('[data-prompt]').first();
  await prompt.getByRole('button', { name: 'Copy' }).click();
  const toast = page.getByRole('status').filter({ hasText: 'Copied to clipboard' });
  await expect(toast).toContainText('The AI prompt has been copied to your clipboard.');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied.length).toBeGreaterThan(40);
  expect(await prompt.textContent()).toContain(copied.slice(0, 40));
});

test('progress counts completed items, survives a reload, and shows the completion card at 100%', async ({ page }) => {
  // It ticks every item of the guide one at a time (two reloads between): 30 s is tight on a busy machine.
  test.setTimeout(90_000);
  const total = await page.locator('[data-item]').count();
  expect(await progress(page)).toEqual({ count: `0 of ${total} steps complete`, percent: '0%' });
  const first = page.locator('[data-phase]').first().locator('[data-item]');
  await first.nth(0).getByRole('checkbox').check();
  await first.nth(1).getByRole('checkbox').check();
  expect(await progress(page)).toEqual({ count: `2 of ${total} steps complete`, percent: `${Math.round((2 / total) * 100)}%` });
  await expect(page.locator('[data-completion-card]')).toHaveCount(0);

  await page.reload();
  await expect(page.locator('[data-setup-guide]')).toHaveAttribute('data-restored', 'true');
  expect((await progress(page)).count).toBe(`2 of ${total} steps complete`);
  await expect(first.nth(0).getByRole('checkbox')).toBeChecked();
  await first.nth(0).getByRole('checkbox').uncheck();
  expect((await progress(page)).count).toBe(`1 of ${total} steps complete`);

  const closed = page.locator('[data-phase] summary[aria-expanded="false"]');
  while ((await closed.count()) > 0) await closed.first().click();
  const unchecked = page.locator('[data-item] input[type=checkbox]:not(:checked)');
  while ((await unchecked.count()) > 0) await unchecked.first().check();
  expect(await progress(page)).toEqual({ count: `${total} of ${total} steps complete`, percent: '100%' });
  await expect(page.locator('[data-completion-card]')).toBeVisible();

  await page.getByRole('button', { name: 'Reset progress' }).click();
  expect((await progress(page)).percent).toBe('0%');
  await page.reload();
  await expect(page.locator('[data-setup-guide]')).toHaveAttribute('data-restored', 'true');
  expect((await progress(page)).percent).toBe('0%');
});
