import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { signInAsAdmin } from './support/admin.ts';

/**
 * Admin → Registrants → Import at a phone’s width (docs/decisions/0062, 0076): a CSV uploaded, its dry
 * run shown row by row with nothing changed, then imported, and the same file again changes nothing.
 */
test.use({ viewport: { width: 390, height: 844 } });

const FILE = [
  'Email,Name,Consent,Pass',
  'import-ada@example.com,Ada,yes,',
  'import-bo@example.com,Bo,no,replay',
  'import-cy@example.com,=1+1,,',
  'not an address,Dee,,',
].join('\n');

const upload = async (page: import('@playwright/test').Page) => {
  await page.getByLabel('CSV file').setInputFiles({ name: 'registrants.csv', mimeType: 'text/csv', buffer: Buffer.from(FILE) });
  await page.getByRole('button', { name: 'Dry run' }).click();
};

test('a CSV is dry-run row by row, then imported, and importing it again changes nothing', async ({ page, baseURL }) => {
  test.setTimeout(60_000);
  await signInAsAdmin(page, baseURL);
  await page.goto(`${baseURL}/admin/registrants?edition=july`);
  await page.getByRole('link', { name: 'Import CSV' }).click();
  await expect(page.getByRole('heading', { name: 'July: Import registrants' })).toBeVisible();

  await upload(page);
  await expect(page.getByRole('status')).toContainText(
    'Dry run: 4 rows read; nothing has changed yet. Would be: 2 added, 0 updated, 0 unchanged, 2 refused.',
  );
  await expect(page.locator('[data-import-row="2"]')).toHaveAttribute('data-outcome', 'added');
  await expect(page.locator('[data-import-row="4"]')).toContainText('formula');
  await expect(page.locator('[data-import-row="5"]')).toContainText('not an e-mail address');
  // The report passes the same audit as every admin screen (tests/e2e/accessibility.spec.ts).
  const audit = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa', 'best-practice'])
    .analyze();
  expect(audit.violations.map((violation) => violation.id)).toEqual([]);
  // Nothing changed yet.
  const list = await page.context().newPage();
  await list.goto(`${baseURL}/admin/registrants?edition=july&q=import-`);
  await expect(list.locator('[data-registrant-row]')).toHaveCount(0);
  await list.close();

  // The box is off by default: no e-mail unless chosen.
  await expect(page.getByLabel(/Send the confirmation e-mail/)).not.toBeChecked();
  await page.getByRole('button', { name: 'Import' }).click();
  await expect(page.getByRole('status')).toContainText('Imported 4 rows. 2 added, 0 updated, 0 unchanged, 2 refused. No e-mail sent.');
  // The page fits a phone: nothing but the report's own table scrolls sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await page.getByRole('link', { name: 'See the registrants' }).click();
  await page.goto(`${baseURL}/admin/registrants?edition=july&q=import-`);
  await expect(page.locator('[data-registrant-row]')).toHaveCount(2);

  await page.goto(`${baseURL}/admin/registrants/import?edition=july`);
  await upload(page);
  await expect(page.getByRole('status')).toContainText('0 added, 0 updated, 2 unchanged, 2 refused');
  await expect(page.getByText('Nothing to import')).toBeVisible();
});

test('a long file imports in the background: the page keeps its progress current, then shows the report', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  await signInAsAdmin(page, baseURL);
  await page.goto(`${baseURL}/admin/registrants/import?edition=september`);
  const rows = Array.from({ length: 2500 }, (_, i) => `e2e-long-${i}@example.com,Long ${i}`);
  await page.getByLabel('CSV file').setInputFiles({
    name: 'long.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(['email,name', ...rows].join('\n')),
  });
  await page.getByRole('button', { name: 'Dry run' }).click();
  await expect(page.getByRole('status')).toContainText('Would be: 2500 added');
  await expect(page.getByLabel(/Tell connected tools/)).not.toBeChecked();
  await page.getByRole('button', { name: 'Import' }).click();
  // The import answers at once and shows where it is; the island keeps it current, then opens the report.
  await expect(page.locator('[data-import-job]')).toHaveAttribute('data-status', 'running');
  await expect(page.getByRole('status')).toContainText(/Importing in the background: [\d,]+ of 2,500 rows done/);
  await expect(page.getByRole('status')).toContainText('Imported 2,500 rows. 2500 added', { timeout: 60_000 });
  expect(page.url()).toMatch(/edition=september&job=\d+$/);
});
