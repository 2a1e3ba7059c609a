/**
 * Pass names everywhere and no offer of a pass already held (decision 0057), as a host and two
 * registrants meet them in Chromium, on the production server with SMTP_URL pointing at a real
 * SMTP server on loopback and the process moved through time with the test clock. The host names
 * the All Access Pass "Studio Pass" in the edition form; the registrants list, one registrant's
 * screen, the held payments, the day page, the thank-you page and the e-mails then say "Studio
 * Pass", and the registrant who bought it is offered it nowhere.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import type { ParsedMail } from 'mailparser';
import Stripe from 'stripe';
import { signInAsAdmin } from './support/admin.ts';
import { moveProcessClock } from './support/clock.ts';
import { E2E_WEBHOOK_SECRET } from './support/paths.ts';
import { startServerWithAdmin, type ServerProcess } from './support/server-process.ts';
import { startSmtpSink, type SmtpSink } from './support/smtp-sink.ts';

test.describe.configure({ mode: 'serial', timeout: 180_000 });

const HOUR = 3600_000;
const T0 = new Date('2026-05-04T08:00:00Z');
const ADMIN = { email: 'pass-names-admin@example.com', password: 'pass names admin password' };
const stamp = Date.now();
const FREE = { email: `free.${stamp}@example.com`, firstName: 'Fern' };
const HOLDER = { email: `holder.${stamp}@example.com`, firstName: 'Hale' };
let sink: SmtpSink;
let server: ServerProcess & { remove(): void };

test.beforeAll(async () => {
  test.setTimeout(480_000);
  sink = await startSmtpSink();
  server = await startServerWithAdmin(ADMIN, {
    SMTP_URL: sink.url,
    UNSAFE_TEST_CLOCK: 'true',
    LOG_LEVEL: 'warn',
    PAYMENT_WEBHOOK_SECRET: E2E_WEBHOOK_SECRET,
  });
  await moveProcessClock(server.url, T0);
});
test.afterAll(async () => {
  await server?.stop();
  await sink?.close();
  server?.remove();
});

const signIn = (page: Page) => signInAsAdmin(page, server.url, ADMIN);
const local = (url: string) => url.replace('//localhost:', '//127.0.0.1:');
const subjectsTo = (email: string) => sink.to(email).map((mail) => mail.subject ?? '');
const mailTo = (email: string, subject: string): ParsedMail => {
  const found = sink.to(email).filter((mail) => mail.subject === subject);
  expect(found, `exactly one "${subject}" to ${email}`).toHaveLength(1);
  return found[0] as ParsedMail;
};
const settle = () => new Promise((resolve) => setTimeout(resolve, 6000)); // longer than a worker round

async function register(person: { email: string; firstName: string }): Promise<void> {
  const response = await fetch(`${server.url}/register`, {
    method: 'POST',
    headers: { origin: server.url, accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...person, consent: 'on', summit: 'july', timeZone: 'Europe/London' }),
  });
  expect(await response.json()).toMatchObject({ ok: true });
}

/** A signed checkout.session.completed for the All Access Pass, as the payment provider sends it, for the edition it names. */
async function payForAllAccess(reference: string, { email, edition }: { email: string; edition: string }): Promise<unknown> {
  const payload = JSON.stringify({
    id: `evt_${reference}`,
    object: 'event',
    type: 'checkout.session.completed',
    data: {
      object: {
        id: `cs_${reference}`,
        object: 'checkout.session',
        client_reference_id: null,
        customer_details: { email },
        metadata: { pass: 'aap', edition },
        amount_total: 19700,
        currency: 'usd',
        payment_intent: `pi_${reference}`,
        payment_status: 'paid',
      },
    },
  });
  const response = await fetch(`${server.url}/api/webhooks/payments`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: E2E_WEBHOOK_SECRET }),
    },
    body: payload,
  });
  return response.json();
}

/** A browser of its own, signed in as the registrant by the day-1 link of their confirmation e-mail. */
async function signedInAs(browser: Browser, email: string): Promise<Page> {
  await sink.waitFor(() => sink.to(email).some((mail) => mail.subject?.startsWith("You're registered")));
  const confirmation = sink.to(email).find((mail) => mail.subject?.startsWith("You're registered"))!;
  const link = /href="([^"]+\/access\/[\w-]+\?to=day-1)"/.exec(confirmation.html as string)?.[1];
  expect(link).toBeTruthy();
  const page = await (await browser.newContext()).newPage();
  await page.goto(local(link!));
  await expect(page).toHaveURL(/\/july\/day-1$/);
  return page;
}

test('the host names the All Access Pass “Studio Pass”; the registrant screens and the held payments say it', async ({ page }) => {
  await signIn(page);
  await page.goto(`${server.url}/admin/editions/july`);
  await page.locator('[name="settings.upgrade.aap.name"]').fill('Studio Pass');
  await page.getByRole('button', { name: 'Save the edition' }).click();
  await expect(page.getByRole('status')).toContainText('Saved the edition.');

  await register(FREE);
  await register(HOLDER);
  expect(await payForAllAccess(`holder_${stamp}`, { email: HOLDER.email, edition: 'july' })).toMatchObject({
    result: 'granted',
    tier: 'aap',
  });
  // A checkout naming an edition that does not exist is held, named as the home page's edition (july) names it.
  expect(await payForAllAccess(`held_${stamp}`, { email: `lost.${stamp}@example.com`, edition: 'nope' })).toMatchObject({ result: 'held' });

  await page.goto(`${server.url}/admin/registrants?edition=july`);
  const row = page.locator('tr', { hasText: HOLDER.email });
  await expect(row.locator('td').nth(3)).toHaveText('Studio Pass');
  await expect(row.locator('td').nth(4)).toHaveText('Studio Pass');
  await expect(row.getByLabel(/Tier of registrant/).locator('option:checked')).toHaveText('Studio Pass');
  await expect(page.locator('tr', { hasText: FREE.email }).locator('td').nth(3)).toHaveText('Free Registration');
  await expect(page.locator('main')).not.toContainText('All Access');

  await row.getByRole('link', { name: HOLDER.firstName }).click();
  await expect(page.locator('[data-tier]')).toHaveText('Studio Pass');
  await expect(page.locator('[data-purchase]').first()).toContainText('Studio Pass');
  await expect(page.getByLabel('Grant a pass').locator('option')).toHaveText(['Replay Pass', 'Studio Pass']);
  await expect(page.locator('main')).not.toContainText('All Access');

  await page.goto(`${server.url}/admin/payments`);
  await expect(page.locator('main')).toContainText('Studio Pass · $197.00');
  await expect(page.locator('main')).not.toContainText('All Access');
});

test('the day page and the thank-you page offer the Studio Pass to a free registrant, and nothing to its holder', async ({ browser }) => {
  const free = await signedInAs(browser, FREE.email);
  const banner = free.locator('[data-upgrade-banner]');
  await expect(banner).toContainText('The Studio Pass gives you 30-day extended access');
  await expect(banner.getByRole('link', { name: /Get the Studio Pass/ })).toBeVisible();
  await free.goto(`${server.url}/thank-you`);
  await expect(free.getByRole('heading', { name: 'Integration Retreat Deep Dive' })).toBeVisible();
  await expect(free.getByText('exclusive to Studio Pass holders')).toBeVisible();
  await expect(free.locator('[data-plan="aap"]')).toHaveText('Choose Studio Pass');

  const holder = await signedInAs(browser, HOLDER.email);
  await expect(holder.locator('[data-upgrade-banner]')).toHaveCount(0);
  await expect(holder.getByRole('link', { name: /Get the Studio Pass/ })).toHaveCount(0);
  await holder.goto(`${server.url}/thank-you`);
  await expect(holder.getByText(/You're officially registered/)).toBeVisible();
  await expect(holder.getByRole('heading', { name: 'Integration Retreat Deep Dive' })).toHaveCount(0);
  await expect(holder.locator('[data-plan]')).toHaveCount(0);
});

test('the e-mails name the Studio Pass, offer it to the free registrant and never to its holder', async () => {
  await sink.waitFor(() => subjectsTo(HOLDER.email).some((subject) => subject.startsWith('Your pass for')));
  const confirmation = sink.to(HOLDER.email).find((mail) => mail.subject?.startsWith('Your pass for'))!;
  expect(confirmation.text).toContain('your Studio Pass is active');

  await moveProcessClock(server.url, new Date(T0.getTime() + 12 * HOUR));
  for (const person of [FREE, HOLDER]) await sink.waitFor(() => subjectsTo(person.email).includes('12 hours left of day 1'));
  const offered = mailTo(FREE.email, '12 hours left of day 1');
  expect(offered.text).toContain('The Studio Pass ($197.00) keeps the summit open for you');
  const held = mailTo(HOLDER.email, '12 hours left of day 1');
  expect(held.text).toContain('Listen to day 1 now');
  expect(held.text).not.toContain('keeps the summit open');
  expect(`${held.text}${held.html}`).not.toContain('Studio Pass');

  await moveProcessClock(server.url, new Date(T0.getTime() + 73 * HOUR));
  const afterSummit = 'The summit is over; the Studio Pass keeps it with you';
  await sink.waitFor(() => subjectsTo(FREE.email).includes(afterSummit));
  expect(mailTo(FREE.email, afterSummit).text).toContain('See the Studio Pass');
  await settle();
  expect(subjectsTo(HOLDER.email).filter((subject) => subject.startsWith('The summit is over'))).toEqual([]);
  for (const mail of [...sink.to(FREE.email), ...sink.to(HOLDER.email)]) expect(`${mail.subject} ${mail.text}`).not.toContain('All Access');
});

test('a message rewritten with the old words is offered the new ones, which the host takes on the messages screen', async ({ page }) => {
  await signIn(page);
  await page.goto(`${server.url}/admin/editions/july/messages`);
  await expect(page.locator('[data-offered-revision]')).toHaveCount(0);
  await page.getByRole('link', { name: 'Hours left of day 2' }).click();
  await page
    .getByLabel('Message (markdown)')
    .fill('Hi {{first_name}},\n\nThe All Access Pass keeps the summit open for you: {{dashboard_link}}');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.goto(`${server.url}/admin/editions/july/messages`);
  const offer = page.locator('[data-offered-revision="day-2-hours-left@pass-names"]');
  await expect(offer.getByRole('heading')).toHaveText('New words are available for “Hours left of day 2”');
  await offer.getByText('Read the new words').click();
  await expect(offer.locator('pre')).toContainText('The {{offered_pass_name}} ({{offered_pass_price}}) keeps the summit open for you');
  await offer.getByRole('button', { name: 'Use the new words' }).click();
  await expect(page.getByRole('status')).toContainText('The e-mail “Hours left of day 2” has the new words.');
  await expect(page.locator('[data-offered-revision]')).toHaveCount(0);
  await page.getByRole('link', { name: 'Hours left of day 2' }).click();
  await expect(page.getByLabel('Message (markdown)')).toHaveValue(
    /The \{\{offered_pass_name\}\} \(\{\{offered_pass_price\}\}\) keeps the summit open for you/,
  );
});
