import { expect, test } from '@playwright/test';
import { confirmationsTo, messagesTo, uniqueClientAddress, uniqueEmail } from './support/mail.ts';
import { E2E_DATA_DIR } from './support/paths.ts';

test.use({ extraHTTPHeaders: { 'x-forwarded-for': uniqueClientAddress() } });

test.describe('registration without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the hero button leads to the form; a bad e-mail keeps the name; a good one lands on /thank-you', async ({ page }) => {
    const email = uniqueEmail('nojs');
    await page.goto('/');
    await page.locator('main').getByRole('link', { name: 'Save Your Free Spot' }).click();
    await expect(page).toHaveURL(/\/register$/);

    await page.getByLabel('First name').fill('Marigold');
    await page.getByLabel('E-mail', { exact: true }).fill('marigold-at-example');
    await page.getByLabel(/send me the summit’s reminders/).check();
    const invalid = page.waitForResponse((r) => r.url().endsWith('/register') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Save My Free Spot' }).click();
    expect((await invalid).status()).toBe(422);
    await expect(page.getByText('Please enter a valid e-mail address, like name@example.com.')).toBeVisible();
    await expect(page.getByLabel('First name')).toHaveValue('Marigold');
    await expect(page.getByLabel('E-mail', { exact: true })).toHaveValue('marigold-at-example');
    await expect(page.getByLabel('E-mail', { exact: true })).toHaveAttribute('aria-invalid', 'true');

    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Save My Free Spot' }).click();
    await expect(page).toHaveURL(/\/thank-you$/);
    await expect(page.getByRole('heading', { name: "You're officially registered, Marigold!" })).toBeVisible();
    await expect.poll(() => confirmationsTo(E2E_DATA_DIR, email).length, { timeout: 10_000 }).toBe(1);
    const [message] = confirmationsTo(E2E_DATA_DIR, email);
    expect(message).toContain('July 15-17 2025');
    expect(message).toMatch(/private podcast feed/);
  });

  test('name and e-mail suffice: the marketing box is optional, and the confirmation still comes', async ({ page }) => {
    const email = uniqueEmail('noconsent');
    await page.goto('/register');
    await expect(page.getByLabel(/send me the summit’s reminders/)).not.toBeChecked();
    await expect(page.getByText('(optional)')).toBeVisible();
    await page.getByLabel('First name').fill('Juniper');
    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Save My Free Spot' }).click();
    await expect(page).toHaveURL(/\/thank-you$/);
    await expect.poll(() => confirmationsTo(E2E_DATA_DIR, email).length, { timeout: 10_000 }).toBe(1);
  });
});

test.describe('registration with JavaScript', () => {
  test('errors show without a reload; success lands on /thank-you; the sticky bar leads to the form', async ({ page }) => {
    const email = uniqueEmail('js');
    await page.goto('/');
    await page.evaluate(() => window.scrollTo(0, window.innerHeight * 2));
    await page.locator('[data-sticky-bar]').getByRole('link').click();
    await expect(page).toHaveURL(/\/register$/);
    await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));

    await page.getByLabel('First name').fill('Rowan');
    await page.getByLabel('E-mail', { exact: true }).fill('rowan@');
    await page.getByRole('button', { name: 'Save My Free Spot' }).click();
    await expect(page.locator('[data-error-for=email]')).toHaveText('Please enter a valid e-mail address, like name@example.com.');
    await expect(page.locator('[data-error-for=consent]')).toBeEmpty();
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    await expect(page.getByLabel('First name')).toHaveValue('Rowan');
    await expect(page.getByLabel('E-mail', { exact: true })).toBeFocused();

    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await page.getByLabel(/send me the summit’s reminders/).check();
    await page.getByRole('button', { name: 'Save My Free Spot' }).click();
    await expect(page).toHaveURL(/\/thank-you$/);
    await expect(page.getByRole('heading', { name: "You're officially registered, Rowan!" })).toBeVisible();
    await expect.poll(() => confirmationsTo(E2E_DATA_DIR, email).length, { timeout: 10_000 }).toBe(1);
  });
});

test('registering the same e-mail twice is not an error and sends one message', async ({ request, baseURL }) => {
  const email = uniqueEmail('twice');
  for (const firstName of ['Sage', 'Sage again']) {
    const response = await request.post('/register', {
      headers: { origin: baseURL as string },
      form: { firstName, email: email.toUpperCase(), consent: 'on', summit: 'july' },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(303);
    expect(response.headers().location).toBe('/thank-you');
  }
  await expect.poll(() => confirmationsTo(E2E_DATA_DIR, email).length, { timeout: 10_000 }).toBe(1);
  // The second registration queues nothing: one confirmation and one "day 1 is open", no more.
  await expect.poll(() => messagesTo(E2E_DATA_DIR, email).length, { timeout: 10_000 }).toBe(2);
  await new Promise((resolve) => setTimeout(resolve, 1500));
  expect(confirmationsTo(E2E_DATA_DIR, email)).toHaveLength(1);
  expect(messagesTo(E2E_DATA_DIR, email)).toHaveLength(2);
});

test('a burst from one address is refused with 429 and a human message', async ({ request, baseURL }) => {
  // Browsers send Origin with every form post; Astro's origin check refuses posts without it.
  const origin = baseURL as string;
  const headers = { 'x-forwarded-for': uniqueClientAddress(), accept: 'application/json', origin };
  const statuses: number[] = [];
  let refusal: { error?: string } = {};
  for (let i = 0; i < 12; i++) {
    const response = await request.post('/register', {
      headers,
      form: { firstName: 'Burst', email: uniqueEmail(`burst${i}`), consent: 'on' },
    });
    statuses.push(response.status());
    if (response.status() === 429) {
      refusal = await response.json();
      expect(Number(response.headers()['retry-after'])).toBeGreaterThan(0);
    }
  }
  expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
  expect(statuses.slice(10)).toEqual([429, 429]);
  expect(refusal.error).toBe('You have sent several registrations in a short time. Please wait a minute and try again.');
  // Another visitor is not slowed down by that burst.
  const other = await request.post('/register', {
    headers: { 'x-forwarded-for': uniqueClientAddress(), accept: 'application/json', origin },
    form: { firstName: 'Other', email: uniqueEmail('other'), consent: 'on' },
  });
  expect(other.status()).toBe(200);
});

test('the thank-you page shows the welcome, the retreat offer, both plans and the community link', async ({ page }) => {
  await page.goto('/thank-you');
  await expect(page.getByRole('img', { name: /welcome video/i })).toBeVisible();
  await expect(page.getByRole('heading', { name: "You're officially registered!" })).toBeVisible();
  const main = page.locator('main');
  await expect(main).toContainText('July 15-17 2025');
  await expect(main).toContainText(/private podcast/i);
  await expect(main).toContainText(/keep an eye on your inbox/i);
  for (const day of [
    'Day 1: Opening ceremony and grounding',
    'Day 2: Embodiment and practice',
    'Day 3: Integration and creation',
    'Day 4: Closing ceremony and vision activation',
  ]) {
    await expect(main).toContainText(day);
  }
  // The pass by the edition's name for it (decision 0042): july's is the demo's.
  await expect(main).toContainText('July 22-25 2025, online, exclusive to Sovereign Pathway All Access Pass holders');
  await expect(main).toContainText('15 minutes');
  await expect(main).toContainText('Retreat doors open in 7 days');
  await expect(page.locator('[data-plan=replay]')).toHaveAttribute('href', /replay-pass$/);
  await expect(page.locator('[data-plan=aap]')).toHaveAttribute('href', /all-access-pass$/);
  await expect(main).toContainText('$77');
  await expect(main).toContainText('$197');
  const community = page.getByRole('link', { name: 'Continue to the Summit Community' });
  await expect(community).toHaveAttribute('href', /community/);
  await expect(community).toHaveAttribute('target', '_blank');
  await expect(community).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(page.getByRole('complementary', { name: 'Affiliate disclosure' })).toBeVisible();
});
