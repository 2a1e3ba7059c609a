import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { E2E_ADMIN, signInAsAdmin } from './support/admin.ts';

const ADMIN_PAGES = [
  '/admin/content/speakers?edition=august',
  '/admin/content/speakers/new?edition=august',
  '/admin/content/faq',
  '/admin/content/sponsors/1',
  '/admin/registrants?edition=august',
  '/admin/registrants.csv?edition=august',
  '/admin/registrants/import?edition=august',
  '/admin/editions',
  '/admin/editions/august',
  '/admin/editions/august/export.json',
  '/admin/editions/august/speakers.csv',
  '/admin/editions/new',
  '/admin/brand',
  '/admin/audit',
];

test('every admin URL is refused without a session', async ({ request, baseURL }) => {
  for (const path of ADMIN_PAGES) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(303);
    expect(response.headers().location, path).toBe(`/admin?next=${encodeURIComponent(path)}`);
  }
  for (const method of ['get', 'post'] as const) {
    const response = await request[method]('/api/admin/brand', { maxRedirects: 0, data: {} });
    expect(response.status(), `${method} /api/admin/brand`).toBe(401);
  }
  const post = await request.post('/admin/content/faq', {
    form: { action: 'delete', id: '1' },
    maxRedirects: 0,
    headers: { origin: new URL(baseURL!).origin },
  });
  expect(post.status()).toBe(303);
});

test.describe('signing in', () => {
  test('asks for both fields, gives one generic message for wrong details, then signs in and out', async ({ page }) => {
    await page.goto('/admin');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText('You must provide either an email or phone number and a password');
    await page.getByLabel('E-mail or phone number').fill(E2E_ADMIN.email);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText('Those sign-in details are not right. Check them and try again.');
    await expect(page.getByLabel('E-mail or phone number')).toHaveValue(E2E_ADMIN.email);

    await page.getByLabel('Password').fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText(`Signed in as ${E2E_ADMIN.email}`)).toBeVisible();
    const cookie = (await page.context().cookies()).find((c) => c.name === 'summit_admin');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict' });

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    expect((await page.request.get('/admin/audit', { maxRedirects: 0 })).status()).toBe(303);
  });

  test('ten wrong passwords from one address are throttled there, without locking the account', async ({ request, baseURL }) => {
    const attacker = `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
    const attempt = (password: string, address: string) =>
      request.post('/admin', {
        headers: { origin: baseURL!, 'x-forwarded-for': address },
        form: { identifier: E2E_ADMIN.email, password },
        maxRedirects: 0,
      });
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await attempt(`guess number ${i}`, attacker)).status());
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
    // The real admin, from another address, still signs in.
    expect((await attempt(E2E_ADMIN.password, `192.0.2.${Math.floor(Math.random() * 250) + 1}`)).status()).toBe(303);
  });
});

test('an admin adds a speaker with an image to August day 2, sees it everywhere, edits and deletes it', async ({ page, request }) => {
  await signInAsAdmin(page);
  await page.goto('/admin/content/speakers?edition=august');
  await page.getByRole('link', { name: 'Add a speaker' }).click();
  await page.getByLabel('First name *').fill('Wilhelmina');
  await page.getByLabel('Last name', { exact: true }).fill('Quartz');
  await page.getByLabel('Day *').selectOption('2');
  await page.getByLabel('Topic', { exact: true }).fill('Pricing Rituals for Quiet Launches');
  await page.getByLabel('Short description (HTML or markdown)').fill('A **calm** approach to launch week.');
  const photo = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#0f766e' } })
    .jpeg()
    .toBuffer();
  await page.locator('input[name="image__file"]').setInputFiles({ name: 'portrait.jpg', mimeType: 'image/jpeg', buffer: photo });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/admin\/content\/speakers\?edition=august$/);
  const row = page.locator('[data-admin-row]', { hasText: 'Wilhelmina Quartz' });
  await expect(row).toContainText('Day 2');

  const api = await (await request.get('/api/fetch-speakers?summit=august')).json();
  const created = api.speakers.find((s: { firstName: string }) => s.firstName === 'Wilhelmina');
  expect(created).toMatchObject({ lastName: 'Quartz', day: 2, topic: 'Pricing Rituals for Quiet Launches' });
  expect(created.image).toMatch(/^\/uploads\/content\/\d+-[0-9a-f]{16}\.jpg$/);

  const day = await page.context().newPage();
  await day.goto('/august/day-2');
  const card = day.locator('[data-speaker-card]', { hasText: 'Wilhelmina Quartz' });
  await expect(card).toContainText('“Pricing Rituals for Quiet Launches”');
  await expect(card.locator('strong')).toHaveText('calm');
  await expect(card.locator('img')).toHaveAttribute('src', `/media/160${created.image}`);
  await day.goto('/august/speakers-embed');
  await expect(day.locator('[data-speaker-card]', { hasText: 'Wilhelmina Quartz' })).toBeVisible();

  await row.getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByLabel('First name *')).toHaveValue('Wilhelmina');
  await page.getByLabel('First name *').fill('');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert')).toContainText('Please correct the field marked below.');
  await expect(page.getByLabel('Topic', { exact: true })).toHaveValue('Pricing Rituals for Quiet Launches');
  await page.getByLabel('First name *').fill('Willa');
  await page.getByRole('button', { name: 'Save' }).click();
  await day.goto('/august/day-2');
  await expect(day.locator('[data-speaker-card]', { hasText: 'Willa Quartz' })).toBeVisible();

  await page.locator('[data-admin-row]', { hasText: 'Willa Quartz' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('status')).toContainText('Deleted speaker');
  await day.goto('/august/day-2');
  await expect(day.locator('[data-speaker-card]', { hasText: 'Quartz' })).toHaveCount(0);
  const after = await (await request.get('/api/fetch-speakers?summit=august')).json();
  expect(after.speakers.some((s: { lastName: string }) => s.lastName === 'Quartz')).toBe(false);

  // Other tests write to the audit log at the same time, so the deletion is found among the
  // newest rows rather than expected to be the very first.
  await page.goto('/admin/audit');
  await expect(page.locator('[data-audit-row]', { hasText: 'Deleted speaker' }).first()).toBeVisible();
});
