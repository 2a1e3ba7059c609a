/**
 * Registrants get in (decision 0015), as a new user would, in Chromium: register; the thank-you page
 * and the e-mail carry working personal links; the day-1 link opened in a second, fresh browser
 * shows the same countdown, and again after clearing cookies; a signed test webhook (signed as
 * Stripe signs) upgrades to All Access and the dashboard of a `registrants` edition shows the
 * session links; the refund removes them; a wrong signature and a repeated event change nothing.
 */
import Stripe from 'stripe';
import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { signInAsAdmin } from './support/admin.ts';
import { HOUR } from './support/clock.ts';
import { messagesTo, uniqueClientAddress, uniqueEmail } from './support/mail.ts';
import { E2E_DATA_DIR, E2E_WEBHOOK_SECRET } from './support/paths.ts';

test.describe.configure({ mode: 'serial' });

const SLUG = `access-${Date.now().toString(36)}`;
const T0 = new Date('2025-08-19T09:00:00Z');
const SESSION_LINK = 'https://integration.example.org/august/';

async function as(context: BrowserContext, now: Date, client = uniqueClientAddress()) {
  await context.setExtraHTTPHeaders({ 'x-test-now': now.toISOString(), 'x-forwarded-for': client });
}

/** Undoes the quoted-printable soft breaks and escapes of an .eml body. */
function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

async function sendEvent(request: APIRequestContext, event: object, secret = E2E_WEBHOOK_SECRET) {
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  return request.post('/api/webhooks/payments', {
    data: payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
  });
}

async function deadlineOn(page: Page): Promise<string> {
  const deadline = await page.locator('[data-countdown]').getAttribute('data-deadline');
  expect(deadline).toBeTruthy();
  return deadline!;
}

let dayOneLink = '';
let emailDayOnePath = '';
let registrantId = 0;
let firstDeadline = '';
const email = uniqueEmail('access');

test('an admin makes an edition registrants-only; a visitor without a link is sent to registration with a way back', async ({
  browser,
}) => {
  const admin = await browser.newPage();
  await signInAsAdmin(admin);
  await admin.goto('/admin/editions');
  await admin.getByLabel('Copy from').selectOption('august');
  await admin.getByLabel('New slug').fill(SLUG);
  await admin.getByLabel('New name').fill('Access test');
  await admin.getByRole('button', { name: 'Duplicate' }).click();
  // August's dates are past and its texts name it: the review lists them before anything is saved.
  await expect(admin.getByRole('heading', { name: 'Review before duplicating' })).toBeVisible();
  await admin.getByRole('button', { name: 'Duplicate anyway' }).click();
  await expect(admin).toHaveURL(new RegExp(`/admin/editions/${SLUG}\\?created=1$`));
  await admin.getByLabel('Access mode').selectOption('registrants');
  await admin.getByRole('button', { name: 'Save the edition' }).click();
  await expect(admin.getByLabel('Access mode')).toHaveValue('registrants');
  await admin.close();

  const context = await browser.newContext();
  await as(context, T0);
  const page = await context.newPage();
  const response = await page.goto(`/${SLUG}/day-1`);
  expect(response?.status()).toBe(200);
  await expect(page).toHaveURL(new RegExp(`/register\\?summit=${SLUG}&next=%2F${SLUG}%2Fday-1$`));
  await expect(page.locator('[data-registrants-only]')).toBeVisible();
  await context.close();
});

test('registering signs in; the thank-you page carries personal links and checkout links that name the buyer', async ({ browser }) => {
  const context = await browser.newContext();
  await as(context, T0);
  const page = await context.newPage();
  await page.goto(`/register?summit=${SLUG}`);
  await page.getByLabel('First name').fill('Juniper');
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel(/send me the summit’s reminders/).check();
  await page.getByRole('button', { name: /save/i }).click();
  await expect(page).toHaveURL(/\/thank-you$/);

  const link = page.locator('[data-personal-link="day-1"]');
  dayOneLink = (await link.getAttribute('href'))!;
  expect(dayOneLink).toMatch(/^\/access\/\d+-[A-Za-z0-9_-]{32}\?to=day-1$/);
  registrantId = Number(/\/access\/(\d+)-/.exec(dayOneLink)![1]);
  const checkout = await page.locator('[data-plan="aap"]').getAttribute('href');
  expect(checkout).toContain(`client_reference_id=registrant-${registrantId}`);
  expect(checkout).toContain(`prefilled_email=${encodeURIComponent(email)}`);
  // The header shows this registrant's pages.
  await expect(page.getByRole('navigation', { name: 'Your summit' }).getByRole('link', { name: 'Day 1' })).toHaveAttribute(
    'href',
    `/${SLUG}/day-1`,
  );

  await link.click();
  await expect(page).toHaveURL(new RegExp(`/${SLUG}/day-1$`));
  // The header marks the page the registrant is on.
  const nav = page.getByRole('navigation', { name: 'Your summit' });
  await expect(nav.getByRole('link', { name: 'Day 1' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'Day 2' })).not.toHaveAttribute('aria-current', 'page');
  firstDeadline = await deadlineOn(page);
  expect(Number(firstDeadline)).toBe(T0.getTime() + 24 * HOUR);
  // Free in a registrants-only edition: their own reduced dashboard (decision 0033), not the product's.
  await page.goto(`/${SLUG}/dashboard`);
  await expect(page).toHaveURL(new RegExp(`/${SLUG}/dashboard$`));
  await expect(page.locator('[data-dashboard-view="reduced"]')).toBeVisible();
  await context.close();
});

test('the confirmation e-mail carries the same working personal link', async () => {
  await expect.poll(() => messagesTo(E2E_DATA_DIR, email).length, { timeout: 20_000 }).toBeGreaterThan(0);
  const message = decodeQuotedPrintable(messagesTo(E2E_DATA_DIR, email)[0]!);
  const found = /https?:\/\/[^\s"<>]+(\/access\/\d+-[A-Za-z0-9_-]{32}\?to=day-1)/.exec(message);
  expect(found).not.toBeNull();
  emailDayOnePath = found![1]!;
  expect(emailDayOnePath).toBe(dayOneLink);
  expect(message).not.toContain('The The');
});

test('a second, fresh browser opened through the link sees the same countdown; so does the same browser after clearing cookies', async ({
  browser,
}) => {
  const context = await browser.newContext();
  await as(context, new Date(T0.getTime() + 3 * HOUR));
  const page = await context.newPage();
  await page.goto(emailDayOnePath);
  await expect(page).toHaveURL(new RegExp(`/${SLUG}/day-1$`));
  expect(await deadlineOn(page)).toBe(firstDeadline);

  await context.clearCookies();
  await as(context, new Date(T0.getTime() + 5 * HOUR));
  await page.goto(`/${SLUG}/day-1`);
  await expect(page).toHaveURL(/\/register\?/);
  await page.goto(emailDayOnePath);
  await expect(page).toHaveURL(new RegExp(`/${SLUG}/day-1$`));
  expect(await deadlineOn(page)).toBe(firstDeadline);
  await context.close();
});

test('a tampered link gets a clear page with the Find my access form', async ({ page }) => {
  const tampered = dayOneLink.replace(/-(.)/, (_m, c: string) => `-${c === 'A' ? 'B' : 'A'}`);
  const response = await page.goto(tampered);
  expect(response?.status()).toBe(404);
  await expect(page.locator('[data-access-notice]')).toContainText('does not work');
  await expect(page.getByRole('button', { name: 'Send my access link' })).toBeVisible();
});

test('a signed webhook grants All Access once, the dashboard shows the session links, the refund takes them back; a wrong signature changes nothing', async ({
  browser,
  request,
}) => {
  const context = await browser.newContext();
  await as(context, new Date(T0.getTime() + HOUR));
  const page = await context.newPage();
  await page.goto(dayOneLink);

  const purchase = {
    id: `evt_${SLUG}_buy`,
    object: 'event',
    type: 'checkout.session.completed',
    data: {
      object: {
        id: `cs_${SLUG}`,
        object: 'checkout.session',
        client_reference_id: `registrant-${registrantId}`,
        customer_details: { email },
        metadata: { pass: 'aap' },
        amount_total: 19700,
        currency: 'usd',
        payment_intent: `pi_${SLUG}`,
        payment_status: 'paid',
      },
    },
  };
  const forged = await sendEvent(request, purchase, 'whsec_not_the_secret');
  expect(forged.status()).toBe(400);
  await page.goto(`/${SLUG}/dashboard`);
  await expect(page.locator('[data-dashboard-view="reduced"]')).toBeVisible();
  await expect(page.locator(`a[href^="${SESSION_LINK}"]`)).toHaveCount(0);

  const first = await sendEvent(request, purchase);
  expect(first.status()).toBe(200);
  expect(await first.json()).toMatchObject({ received: true, result: 'granted', tier: 'aap' });
  const again = await sendEvent(request, purchase);
  expect(await again.json()).toMatchObject({ received: true, result: 'duplicate' });

  await page.goto(`/${SLUG}/dashboard`);
  await expect(page).toHaveURL(new RegExp(`/${SLUG}/dashboard$`));
  await expect(page.locator(`[data-integration-session] a[href^="${SESSION_LINK}"]`).first()).toBeVisible();
  await expect
    .poll(() => messagesTo(E2E_DATA_DIR, email).some((m) => m.includes('All Access Pass is active')), { timeout: 20_000 })
    .toBe(true);

  const refund = {
    id: `evt_${SLUG}_refund`,
    object: 'event',
    type: 'charge.refunded',
    data: { object: { id: `ch_${SLUG}`, object: 'charge', payment_intent: `pi_${SLUG}`, refunded: true } },
  };
  expect(await (await sendEvent(request, refund)).json()).toMatchObject({ result: 'taken-back' });
  await page.goto(`/${SLUG}/dashboard`);
  await expect(page.locator('[data-dashboard-view="reduced"]')).toBeVisible();
  await expect(page.locator(`a[href^="${SESSION_LINK}"]`)).toHaveCount(0);

  // The admin sees one purchase (the repeated event added nothing), now refunded.
  const admin = await browser.newPage();
  await signInAsAdmin(admin);
  await admin.goto(`/admin/registrants/${registrantId}?edition=${SLUG}`);
  await expect(admin.locator('[data-purchase]')).toHaveCount(1);
  await expect(admin.locator('[data-purchase]')).toContainText('refunded');
  await admin.close();
  await context.close();
});

test('the admin revokes the link: it and the signed-in browser open nothing; a re-issued link works', async ({ browser }) => {
  const context = await browser.newContext();
  await as(context, new Date(T0.getTime() + HOUR));
  const page = await context.newPage();
  await page.goto(dayOneLink);
  await expect(page).toHaveURL(new RegExp(`/${SLUG}/day-1$`));

  const admin = await browser.newPage();
  await signInAsAdmin(admin);
  await admin.goto(`/admin/registrants/${registrantId}?edition=${SLUG}`);
  await admin.getByRole('button', { name: 'Revoke the link' }).click();
  await expect(admin.locator('[data-link-revoked]')).toBeVisible();

  await page.goto(`/${SLUG}/day-1`);
  await expect(page).toHaveURL(/\/register\?/);
  expect((await page.goto(dayOneLink))?.status()).toBe(404);

  await admin.getByRole('button', { name: 'Issue a new link' }).click();
  const fresh = (await admin.locator('[data-personal-link]').textContent())!.trim();
  expect(new URL(fresh).pathname).not.toBe(new URL(dayOneLink, 'http://x').pathname);
  await page.goto(new URL(fresh).pathname + '?to=day-1');
  await expect(page).toHaveURL(new RegExp(`/${SLUG}/day-1$`));
  expect(await deadlineOn(page)).toBe(firstDeadline);
  await admin.close();
  await context.close();
});

test('Find my access answers the same for a registered and an unknown address, and mails the registered one', async ({ browser }) => {
  const context = await browser.newContext();
  await as(context, T0);
  const page = await context.newPage();
  const before = messagesTo(E2E_DATA_DIR, email).length;
  const answers: string[] = [];
  for (const address of [email, uniqueEmail('nobody')]) {
    await page.goto('/access');
    await page.getByLabel('E-mail address').fill(address);
    await page.getByRole('button', { name: 'Send my access link' }).click();
    answers.push((await page.locator('[data-access-message]').textContent()) ?? '');
  }
  expect(answers[0]).toContain('If that address is registered');
  expect(answers[1]).toBe(answers[0]);
  await expect.poll(() => messagesTo(E2E_DATA_DIR, email).length, { timeout: 20_000 }).toBeGreaterThan(before);
  await context.close();
});
