/**
 * Admin → Affiliates in Chromium (docs/PRODUCT.md "Affiliates"; decision 0066), at 390 and 1280
 * px: the host adds a partner with a 30% rate (a taken code is answered at its field), a visitor
 * registers through the partner's share link, the host sees the figures, records a commission
 * adjustment, marks the partner paid (the same form sent again pays nothing more), downloads the
 * payouts CSV, and the partner's own page shows their commission. axe finds nothing on either page.
 * On a server of its own, the leaderboard widget is not found until switched on, then carries no money.
 */
import fs from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN, signInAsAdmin } from './support/admin.ts';
import { uniqueClientAddress, uniqueEmail } from './support/mail.ts';
import { startServerWithAdmin } from './support/server-process.ts';

test.describe.configure({ mode: 'serial' });

const RULE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa', 'best-practice'];
/** Before july's summit: its registration is open on the test clock. */
const T0 = new Date('2025-07-01T09:00:00Z');

async function expectNoViolations(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(RULE_TAGS).analyze();
  const found = results.violations.map(
    (violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(found, `${label} at ${page.viewportSize()?.width} px`).toEqual([]);
}

const csvLines = (text: string) =>
  text
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/);

for (const width of [390, 1280] as const) {
  test(`a host adds a partner at 30%, sees the figures, marks them paid and downloads the payouts CSV (${width} px)`, async ({
    page,
    browser,
  }) => {
    const stamp = `${width}-${Date.now().toString(36)}`;
    const code = `ada-${stamp}`;
    const name = `Ada Podcasts ${stamp}`;
    await page.setViewportSize({ width, height: 900 });
    await signInAsAdmin(page);
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Affiliates' }).click();
    await expect(page).toHaveURL(/\/admin\/affiliates$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Affiliates');

    // A rate over 100% and a taken code: answered at their fields, nothing stored.
    const add = page.locator('[data-affiliate-form="partner"]');
    await add.getByLabel('Name').fill(name);
    await add.getByLabel('E-mail').fill(`ada-${stamp}@example.com`);
    await add.getByLabel('Share code').fill(code);
    await add.getByLabel('Commission rate (%)').fill('130');
    await add.getByRole('button', { name: 'Add the partner' }).click();
    await expect(page.getByText('A rate is at most 100%.')).toBeVisible();
    await expect(add.getByLabel('Commission rate (%)')).toHaveAttribute('aria-invalid', 'true');
    await expect(add.getByLabel('Name')).toHaveValue(name);
    await add.getByLabel('Commission rate (%)').fill('30');
    await add.getByRole('button', { name: 'Add the partner' }).click();
    await expect(page.getByText(`${name} is a partner now`)).toBeVisible();
    await add.getByLabel('Name').fill('Someone Else');
    await add.getByLabel('E-mail').fill(`else-${stamp}@example.com`);
    await add.getByLabel('Share code').fill(code);
    await add.getByRole('button', { name: 'Add the partner' }).click();
    await expect(add.getByText(`Another share link of this edition has the code “${code}”.`)).toBeVisible();

    // A visitor follows the partner's link and registers.
    const visitor = await browser.newContext();
    await visitor.setExtraHTTPHeaders({ 'x-test-now': T0.toISOString(), 'x-forwarded-for': uniqueClientAddress() });
    const visit = await visitor.newPage();
    await visit.goto(`/r/${code}`);
    // The same browser following the link again is not a second click.
    await visit.goto(`/r/${code}`);
    await visit.goto('/register');
    await visit.getByLabel('First name').fill('Wren');
    await visit.getByLabel('E-mail', { exact: true }).fill(uniqueEmail(`wren-${stamp}`));
    await visit.getByRole('button', { name: /save/i }).click();
    await expect(visit).toHaveURL(/\/thank-you$/);
    await visitor.close();

    await page.goto('/admin/affiliates?edition=july');
    const row = page.locator(`[data-affiliate-row="${code}"]`);
    await expect(row.locator('[data-figure="rate"]')).toHaveText('30%');
    await expect(row.locator('[data-figure="clicks"]')).toHaveText('1');
    await expect(row.locator('[data-figure="registrations"]')).toHaveText('1');
    await expect(row.locator('[data-figure="approved"]')).toHaveText('$0.00');

    // An adjustment makes commission approved at once; Mark paid defaults to that balance.
    const card = page.locator(`[data-affiliate="${code}"]`);
    await card.locator('summary').click();
    const adjust = card.locator('[data-affiliate-form="adjust"]');
    await adjust.getByLabel(/^Amount/).fill('42.50');
    await adjust.getByLabel('Reason').fill('Launch bonus');
    await adjust.getByRole('button', { name: /Record the adjustment/ }).click();
    await expect(page.getByText(`Adjusted ${name}’s commission by $42.50.`)).toBeVisible();
    await expect(row.locator('[data-figure="approved"]')).toHaveText('$42.50');
    await expectNoViolations(page, 'Admin → Affiliates');

    await card.locator('summary').click();
    const pay = card.locator('[data-affiliate-form="payout"]');
    await expect(pay.getByLabel(/^Amount paid/)).toHaveValue('42.50');
    await pay.getByLabel('Reference').fill(`WISE-${stamp}`);
    const sent = {
      action: 'payout',
      id: (await pay.locator('input[name="id"]').inputValue()) ?? '',
      token: (await pay.locator('input[name="token"]').inputValue()) ?? '',
      amount: '42.50',
      reference: `WISE-${stamp}`,
      date: await pay.getByLabel('Date paid').inputValue(),
    };
    await pay.getByRole('button', { name: `Mark ${name} paid` }).click();
    await expect(page.getByText(`Recorded $42.50 paid to ${name}`)).toBeVisible();
    await expect(row.locator('[data-figure="paid"]')).toHaveText('$42.50');
    await expect(row.locator('[data-figure="approved"]')).toHaveText('$0.00');
    // The same form sent again (a double click, a resubmitted page): nothing more is paid.
    const origin = new URL(page.url()).origin;
    const again = await page.request.post('/admin/affiliates?edition=july', { form: sent, headers: { origin } });
    expect(await again.text()).toContain('already recorded');
    await page.reload();
    await expect(row.locator('[data-figure="paid"]')).toHaveText('$42.50');

    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Payouts (CSV)' }).click();
    const lines = csvLines(await fs.readFile((await (await download).path())!, 'utf8'));
    expect(lines[0]).toBe('code,name,email,passes,revenue,commission_pending,commission_approved,commission_paid,commission_owed,currency');
    expect(lines).toContain(`${code},${name},ada-${stamp}@example.com,0,0.00,0.00,0.00,42.50,0.00,USD`);

    // The partner's own page: their figures and lines.
    await card.locator('summary').click();
    const own = await card.locator('[data-affiliate-page-link]').getAttribute('href');
    await page.goto(own!);
    await expect(page.getByRole('heading', { name: 'Your commission' })).toBeVisible();
    await expect(page.locator('[data-commission="paid"] dd')).toHaveText('$42.50');
    await expect(page.locator('[data-commission-line="adjustment"]')).toContainText('Launch bonus');
    await expectNoViolations(page, 'the partner’s own page');
  });
}

test('the leaderboard widget is not found until the host switches it on, then shows names and registrations only', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  // A server of its own: switching a demo edition's widget on must not change what other specs see on /embed.
  const server = await startServerWithAdmin(E2E_ADMIN);
  try {
    const widget = `${server.url}/july/leaderboard-embed`;
    expect((await request.get(widget)).status()).toBe(404);
    // The screen and the CSV are the admin's only.
    for (const path of ['/admin/affiliates?edition=july', '/admin/affiliates/payouts.csv?edition=july']) {
      const refused = await request.get(`${server.url}${path}`, { maxRedirects: 0 });
      expect(refused.status(), path).toBe(303);
      expect(refused.headers().location, path).toBe(`/admin?next=${encodeURIComponent(path)}`);
    }
    await signInAsAdmin(page, server.url);
    await page.goto(`${server.url}/admin/affiliates?edition=july`);
    const form = page.locator('[data-affiliate-form="widget"]');
    await form.getByLabel(/Partners may embed the leaderboard/).check();
    await form.getByRole('button', { name: 'Save the widget setting' }).click();
    await expect(page.getByText('The leaderboard widget is on')).toBeVisible();

    const answer = await request.get(widget);
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-security-policy']).toContain('frame-ancestors *');
    const html = await answer.text();
    expect(html).not.toMatch(/\$\d|@example|commission/i);
    await page.goto(widget);
    await expect(page.getByText('No registrations through a share link yet.')).toBeVisible();
    await expectNoViolations(page, 'the leaderboard widget');
    await page.goto(`${server.url}/embed`);
    await expect(page.locator('[data-widget-entry="july/leaderboard"]')).toHaveCount(1);

    await page.goto(`${server.url}/admin/affiliates?edition=july`);
    await form.getByLabel(/Partners may embed the leaderboard/).uncheck();
    await form.getByRole('button', { name: 'Save the widget setting' }).click();
    await expect(page.getByText('The leaderboard widget is off')).toBeVisible();
    expect((await request.get(widget)).status()).toBe(404);
  } finally {
    await server.stop();
    server.remove();
  }
});
