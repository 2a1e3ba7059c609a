/**
 * Registrant e-mails and consent (decision 0034) in a browser, on the production server with SMTP_URL pointing at a real
 * SMTP server on loopback: registering with name and e-mail alone, the branded confirmation, the
 * admin's preview for a chosen registrant at the moment the message goes, the registrants list
 * and CSV with consent, and the podcast settings with Apple's artwork rule.
 */
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { startServerWithAdmin, type ServerProcess } from './support/server-process.ts';
import { startSmtpSink, type SmtpSink } from './support/smtp-sink.ts';
import { signInAsAdmin } from './support/admin.ts';
import { moveProcessClock } from './support/clock.ts';

test.describe.configure({ mode: 'serial', timeout: 180_000 });

const ADMIN = { email: 'registrant-mail-admin@example.com', password: 'registrant mail admin password' };
const T0 = new Date('2026-06-01T09:00:00Z');
let sink: SmtpSink;
let server: ServerProcess & { remove(): void };
const email = `quiet.${Date.now()}@example.com`;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  sink = await startSmtpSink();
  server = await startServerWithAdmin(ADMIN, { SMTP_URL: sink.url, UNSAFE_TEST_CLOCK: 'true', LOG_LEVEL: 'warn' });
  await moveProcessClock(server.url, T0);
});
test.afterAll(async () => {
  await server?.stop();
  await sink?.close();
  server?.remove();
});

const signIn = (page: Page) => signInAsAdmin(page, server.url, ADMIN);

test('the brand is applied, and a visitor registers with name and e-mail alone: the confirmation arrives branded', async ({ page }) => {
  await signIn(page);
  const applied = await page.request.post(`${server.url}/api/admin/brand`, {
    headers: { origin: server.url },
    data: {
      brand: {
        summitName: 'Moonlit Founders Summit',
        secondaryColor: '#B45309',
        logoUrl: 'https://cdn.moonlit.example.com/logo.png',
        emailSettings: { supportEmail: 'help@moonlit.example.com', replyToEmail: '' },
      },
    },
  });
  expect(applied.status()).toBe(200);

  const visitor = await page.context().browser()!.newPage();
  await visitor.goto(`${server.url}/register`);
  await visitor.getByLabel('First name').fill('Quinn');
  await visitor.getByLabel('E-mail', { exact: true }).fill(email);
  await expect(visitor.getByLabel(/send me the summit’s reminders/)).not.toBeChecked();
  await visitor.getByRole('button', { name: 'Save My Free Spot' }).click();
  await expect(visitor).toHaveURL(/\/thank-you$/);

  await sink.waitFor(() => sink.to(email).length > 0);
  const [confirmation] = sink.to(email);
  expect(confirmation?.subject).toBe("You're registered: Moonlit Founders Summit, July 15-17 2025");
  expect(confirmation?.html).toContain('src="https://cdn.moonlit.example.com/logo.png"');
  expect(confirmation?.html).toContain('border-top:6px solid #B45309');
  expect(confirmation?.html).toContain('href="mailto:help@moonlit.example.com"');
  // No consent: the day-1 marketing message does not come.
  await new Promise((resolve) => setTimeout(resolve, 6000));
  expect(sink.to(email).map((mail) => mail.subject)).toEqual(["You're registered: Moonlit Founders Summit, July 15-17 2025"]);
});

test('the registrants list and CSV show consent, passes, refunds and time zone', async ({ page }) => {
  await signIn(page);
  await page.goto(`${server.url}/admin/registrants?edition=july`);
  const row = page.locator('tr', { hasText: email });
  await expect(row).toContainText('Not agreed: transactional only');
  const header = page.locator('thead');
  for (const column of ['Passes', 'Refunds', 'Marketing e-mails', 'Time zone']) await expect(header).toContainText(column);
  const csv = await (await page.request.get(`${server.url}/admin/registrants.csv?edition=july`)).text();
  expect(csv.split('\n')[0]).toBe(
    '\uFEFFfirstName,email,tier,registeredAt,marketingConsentAt,marketingConsentWording,unsubscribedAt,passes,refunds,timeZone',
  );
  expect(csv).toMatch(new RegExp(`Quinn,${email.replace(/\./g, '\\.')},free,[^,]+,,,,,,`));
});

test('the preview shows a chosen registrant’s e-mail as sent to them, with the countdown of that moment', async ({ page }) => {
  // Three days later, the host looks at the "hours left" e-mail as it went to the registrant.
  await moveProcessClock(server.url, new Date(T0.getTime() + 72 * 3600_000));
  await signIn(page);
  await page.goto(`${server.url}/admin/editions/july/messages`);
  await page.getByRole('link', { name: 'Hours left of day 1' }).click();
  await page.getByLabel('Preview for').selectOption({ label: `Quinn <${email}>` });
  const preview = page.frameLocator('iframe[name="message-preview"]');
  await expect(preview.locator('[data-preview-to]')).toContainText(email);
  await expect(preview.locator('[data-preview-subject]')).toContainText('12 hours left of day 1');
  await expect(preview.locator('body')).toContainText('you have 12 hours left to listen');
  await expect(preview.locator('[data-preview-sent]')).toContainText('(2 days 12 hours ago)');
  await expect(preview.locator('[data-preview-skipped]')).toContainText('has not agreed to marketing e-mails');

  // The confirmation is in the sequence editor too, always on.
  await page.goto(`${server.url}/admin/editions/july/messages`);
  const confirmation = page.locator('tr', { hasText: 'Registration confirmation' });
  await expect(confirmation).toContainText('When they register');
  await expect(confirmation).toContainText('Always');
  await confirmation.getByRole('link', { name: 'Registration confirmation' }).click();
  await expect(page.getByLabel('Send this e-mail')).toHaveCount(0);
  await page.getByLabel('Message (markdown)').fill('Welcome, {{first_name}}.');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('This e-mail is how registrants get in: keep {{day_link}} or {{dashboard_link}} in it.')).toBeVisible();
});

test('podcast settings: Apple’s rule for the artwork, saved with the category', async ({ page }) => {
  await signIn(page);
  await page.goto(`${server.url}/admin/editions/july`);
  await page.getByRole('link', { name: 'Podcast settings (artwork, category)' }).click();
  const wide = await sharp({ create: { width: 400, height: 120, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();
  await page.getByLabel('Upload square artwork').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: wide });
  await page.getByLabel('Category (Apple Podcasts)').selectOption('Business / Entrepreneurship');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The artwork must be square; this image is 400 × 120 pixels.')).toBeVisible();
  await expect(page.getByLabel('Category (Apple Podcasts)')).toHaveValue('Business / Entrepreneurship');

  const square = await sharp({ create: { width: 1400, height: 1400, channels: 3, background: '#336699' } })
    .jpeg()
    .toBuffer();
  await page.getByLabel('Upload square artwork').setInputFiles({ name: 'cover.jpg', mimeType: 'image/jpeg', buffer: square });
  await page.getByLabel('Owner’s e-mail').fill('podcast@moonlit.example.com');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status')).toHaveText('Saved the podcast settings.');
  await expect(page.locator('img[data-artwork]')).toHaveAttribute('src', /^\/uploads\/content\/.+\.jpg$/);
});

test('the confirmation’s footer leads to the e-mail choices, where the registrant opts in with the words recorded', async ({ page }) => {
  const [confirmation] = sink.to(email);
  const choices = /<a href="([^"]+)"[^>]*>Your e-mail choices<\/a>/.exec(confirmation?.html as string)?.[1];
  expect(choices).toMatch(/\/unsubscribe\/\d+-[\w-]{32}$/);
  // SITE_URL is unset: the link names localhost, the server listens on 127.0.0.1.
  await page.goto(choices!.replace(/^https?:\/\/[^/]+/, server.url));
  await expect(page.getByRole('heading', { name: 'Your summit e-mails' })).toBeVisible();
  await expect(page.locator('[data-consent-wording]')).toHaveText(/send me the summit’s reminders, the digital magazine and offers/);
  await page.getByRole('button', { name: 'Yes, send me these e-mails' }).click();
  await expect(page.locator('h1')).toHaveText('You are subscribed');

  await signIn(page);
  await page.goto(`${server.url}/admin/registrants?edition=july`);
  await expect(page.locator('tr', { hasText: email }).locator('[data-marketing="agreed"]')).toBeVisible();
  const csv = await (await page.request.get(`${server.url}/admin/registrants.csv?edition=july`)).text();
  expect(csv).toContain('Yes, also send me the summit’s reminders, the digital magazine and offers by e-mail.');
});
