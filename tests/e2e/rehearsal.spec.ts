/**
 * Admin → an edition → "Rehearse the summit" in Chromium (decision 0077), at 390 and 1280 px: the
 * host rehearses the live demo edition with every registrant kind and reads the report
 * (contradictions first: none; the one note the product description imposes, saying so; each
 * e-mails day by day; each registrant's timeline by day), downloads it as JSON, and a registrant kind that does not exist
 * is answered at its field with nothing run. axe finds nothing on the page.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signInAsAdmin } from './support/admin.ts';

const RULE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa', 'best-practice'];

async function expectNoViolations(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(RULE_TAGS).analyze();
  const found = results.violations.map(
    (violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(found, `${label} at ${page.viewportSize()?.width} px`).toEqual([]);
}

for (const width of [390, 1280] as const) {
  test(`a host rehearses the summit and reads the report, contradictions first (${width} px)`, async ({ page }, testInfo) => {
    await page.setViewportSize({ width, height: 900 });
    await signInAsAdmin(page);
    await page.goto('/admin/editions/september');
    await page.getByRole('link', { name: 'Rehearse the summit' }).click();
    await expect(page).toHaveURL(/\/admin\/editions\/september\/rehearsal$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Rehearse the summit');
    // Every kind is ticked to begin with.
    await expect(page.getByRole('checkbox', { name: 'Registers on day 2' })).toBeChecked();
    await page.getByRole('button', { name: 'Rehearse the summit' }).click();

    await expect(page.getByRole('heading', { name: 'Contradictions (0)' })).toBeVisible();
    await expect(page.getByText('No contradiction: every page, e-mail, price and call agrees.')).toBeVisible();
    const imposed = page.locator('[data-findings="imposed"]');
    await expect(imposed.getByRole('heading')).toHaveText('Imposed by the product description (1)');
    await expect(imposed).toContainText('a live edition stops taking registrations at the end of its last day');
    // Contradictions come before the notes, and both before the timelines.
    const order = await page
      .locator('[data-findings], [data-registrant]')
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-findings') ?? 'registrant'));
    expect(order.slice(0, 3)).toEqual(['contradictions', 'imposed', 'registrant']);

    // Every registrant's e-mails, day by day: the one who registers on day 2 never had day 1's.
    const byDay = page.locator('[data-mail-by-day]');
    await expect(byDay.getByRole('heading', { name: 'Day 1' })).toBeVisible();
    await expect(byDay).toContainText('registers-day-2: “We are live: day 1” skipped (Too late: the moment it was for has passed)');
    const free = page.locator('[data-registrant="free"]');
    await free.getByText('Free registrant').click();
    await expect(free.getByRole('heading', { name: 'Day 2' })).toBeVisible();
    await expect(free).toContainText('E-mail “We are live: day 2”');
    await expect(free).toContainText('Day 2 page: Open until');
    // The thank-you page registering lands them on is part of their first look, with its offer.
    await expect(free).toContainText('Thank-you page: Thanks them, with their links to day 1 and the dashboard; offers');
    // The links outside the site are opened only when asked: the report says how many were not.
    await expect(page.getByRole('checkbox', { name: /Also open the links outside the site/ })).not.toBeChecked();
    // Nothing runs off the page's width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: testInfo.outputPath(`rehearsal-${width}.png`), fullPage: false });
    await expectNoViolations(page, 'the rehearsal report');

    // The same report as JSON.
    const href = await page.getByRole('link', { name: 'Download the report (JSON)' }).getAttribute('href');
    const download = await page.request.get(href!);
    expect(download.headers()['content-disposition']).toContain('rehearsal-september.json');
    const report = (await download.json()) as { contradictions: unknown[]; registrants: { key: string }[] };
    expect(report.contradictions).toEqual([]);
    expect(report.registrants).toHaveLength(11);

    // A kind that does not exist: answered at its field, nothing rehearsed.
    await page.getByLabel(/More registrants/).fill('free:Europe/Paris, vip');
    await page.getByRole('button', { name: 'Rehearse the summit' }).click();
    await expect(page.locator('[data-rehearsal-error]')).toHaveText(/There is no registrant kind “vip”/);
    await expect(page.getByLabel(/More registrants/)).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel(/More registrants/)).toHaveValue('free:Europe/Paris, vip');
    await expect(page.locator('[data-findings]')).toHaveCount(0);
    await expectNoViolations(page, 'the refused form');
  });
}
