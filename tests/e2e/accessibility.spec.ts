/**
 * WCAG 2.2 AA on every page family, public and admin (decision 0039), in Chromium: axe-core
 * (@axe-core/playwright, the WCAG 2.0/2.1/2.2 A and AA rules and its best practices) finds no violation of any impact on
 * each family at a phone's width (390 px) and a desktop's (1280 px). Day pages are audited open
 * (with the transcript unfolded), not open yet and once their window has closed; the dashboard
 * for a free registrant and for an All Access one. A second test uses the keyboard only.
 */
import AxeBuilder from '@axe-core/playwright';
import Stripe from 'stripe';
import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { signedInAsAdmin } from './support/admin.ts';
import { HOUR } from './support/clock.ts';
import { uniqueClientAddress, uniqueEmail } from './support/mail.ts';
import { E2E_WEBHOOK_SECRET } from './support/paths.ts';

const WIDTHS = [390, 1280] as const;
/** WCAG 2.0, 2.1 and 2.2 at A and AA, and axe's best practices besides (landmarks, heading order…). */
const RULE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa', 'best-practice'];

/** Every rule of those tags that axe checks, any impact: the list must be empty. */
async function expectNoViolations(
  page: Page,
  label: string,
  { exclude, skipRule }: { exclude?: string; skipRule?: string } = {},
): Promise<void> {
  let builder = new AxeBuilder({ page }).withTags(RULE_TAGS);
  if (exclude) builder = builder.exclude(exclude);
  if (skipRule) builder = builder.disableRules([skipRule]);
  const results = await builder.analyze();
  const found = results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.nodes
        .map((node) => `${node.target.join(' ')} [${node.failureSummary?.split('\n').slice(1).join(' ').slice(0, 160)}]`)
        .join(', ')}`,
  );
  expect(found, `${label} at ${page.viewportSize()?.width} px`).toEqual([]);
}

/** The server's clock at `now` (x-test-now), and a client address of this test's own. */
async function at(context: BrowserContext, now: Date): Promise<void> {
  await context.setExtraHTTPHeaders({ 'x-test-now': now.toISOString(), 'x-forwarded-for': uniqueClientAddress() });
}

/**
 * The page as the server renders it at `now`. The browser's clock is left running: axe schedules
 * its work with timers, which a paused page clock would stop (the countdown counts by the
 * server's time it was given, so it shows the right numbers all the same).
 */
async function openAt(page: Page, path: string, now: Date): Promise<void> {
  await at(page.context(), now);
  await page.goto(path);
}

/** Every folded day panel of a dashboard opened, so its content is audited too. */
async function unfoldDays(page: Page): Promise<void> {
  await page
    .locator('details[data-day-panel]')
    .evaluateAll((panels) => panels.forEach((panel) => ((panel as HTMLDetailsElement).open = true)));
}

const T0 = new Date('2026-02-01T09:00:00Z');
/** September is live in Sydney: day 1 runs from 2025-09-22 14:00 UTC for 24 hours. */
const SEPTEMBER_DAY_1 = Date.parse('2025-09-22T14:00:00Z');

const PUBLIC_PAGES = [
  { family: 'landing', path: '/' },
  { family: 'registration', path: '/register' },
  { family: 'thank-you', path: '/thank-you' },
  { family: 'find my access', path: '/access' },
  { family: 'embed gallery', path: '/embed' },
  { family: 'a widget', path: '/july/speakers-embed' },
  { family: 'setup guide', path: '/setup-guide' },
  { family: 'privacy', path: '/privacy' },
  { family: 'brand configuration', path: '/brand-config' },
  { family: 'not found', path: '/no-such-page' },
  { family: 'unsubscribe', path: `/unsubscribe/1-${'A'.repeat(32)}` },
  { family: 'dashboard', path: '/july/dashboard' },
  { family: 'your data, signed out', path: '/your-data' },
  { family: 'erasure link (not valid)', path: `/your-data/erase/${'A'.repeat(43)}` },
];

const ADMIN_SCREENS = [
  '/admin',
  '/admin/editions',
  '/admin/editions/new',
  '/admin/editions/july',
  '/admin/editions/july/episodes',
  '/admin/editions/july/podcast',
  '/admin/editions/july/messages',
  '/admin/registrants?edition=july',
  '/admin/registrants/import?edition=july',
  '/admin/content/speakers?edition=july',
  '/admin/content/speakers/new?edition=july',
  '/admin/content/faq',
  '/admin/brand',
  '/admin/audit',
  '/admin/payments',
  '/admin/webhooks',
  '/admin/remove-demo',
  '/admin/editions/july/messages/new',
  '/admin/editions/july/share-links',
  '/admin/editions/july/rehearsal',
  '/admin/content/hosts?edition=july',
  '/admin/content/sessions?edition=july',
  '/admin/content/bonus?edition=july',
  '/admin/content/sponsors?edition=july',
  '/admin/insights?edition=july',
  '/admin/affiliates?edition=july',
  '/admin/integrations',
  '/admin/api-tokens',
  '/admin/suppressions',
  '/admin/mail-delivery',
  '/admin/data-requests',
];

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    for (const { family, path } of PUBLIC_PAGES) {
      test(`the ${family} page`, async ({ page }) => {
        test.setTimeout(120_000);
        await openAt(page, path, T0);
        await page.waitForLoadState('networkidle');
        // The gallery previews the general speakers widget and the home edition's, the same page
        // twice, so their frames' main landmarks share a name: the one best practice it cannot keep.
        await expectNoViolations(page, family, family === 'embed gallery' ? { skipRule: 'landmark-unique' } : {});
      });
    }

    test('day pages: open with the transcript unfolded, not open yet, and closed', async ({ page }) => {
      test.setTimeout(120_000);
      await openAt(page, '/july/day-1', T0);
      await page.locator('[data-transcript] summary').first().click();
      await expect(page.locator('[data-transcript]').first()).toContainText('Welcome to day one of the summit.');
      await expectNoViolations(page, 'an open day');

      await openAt(page, '/september/day-1', new Date(SEPTEMBER_DAY_1 - 2 * HOUR));
      await expect(page.locator('[data-day-closed="opens"]')).toBeVisible();
      await expectNoViolations(page, 'a day not open yet');

      // Its window closes: the page says so. The redirect that follows is switched off, so the
      // closed state stays on screen for the audit (axe needs the page's clock running again).
      const end = SEPTEMBER_DAY_1 + 24 * HOUR;
      await page.clock.install({ time: new Date(end - 3000) });
      await page.clock.pauseAt(new Date(end - 2000));
      await openAt(page, '/september/day-1', new Date(end - 2000));
      await page.locator('[data-countdown]').evaluate((countdown) => void ((countdown as HTMLElement).dataset.redirect = ''));
      await page.clock.runFor(2500);
      await expect(page.locator('[data-expired]')).toBeVisible();
      await page.clock.resume();
      await expectNoViolations(page, 'a day whose window has closed');
    });

    test('a registrant’s dashboard, free and then All Access', async ({ browser, playwright, baseURL }) => {
      test.setTimeout(180_000);
      const registrant = await registerByRequest(playwright, baseURL!);
      const context = await browser.newContext({ storageState: await registrant.request.storageState(), viewport: { width, height: 900 } });
      const page = await context.newPage();
      await openAt(page, '/july/dashboard', REGISTERED_AT);
      await expect(page.locator('[data-feed-url]').first()).toBeVisible();
      await unfoldDays(page);
      // Each day's episode with its transcript, under the player as on the day page.
      await expect(page.locator('details[data-day-panel] [data-transcript]').first()).toContainText('Transcript');
      await expectNoViolations(page, 'a free registrant’s dashboard');
      await grantAllAccess(registrant.request, registrant);
      await openAt(page, '/july/dashboard', REGISTERED_AT);
      await unfoldDays(page);
      await expect(page.locator('[data-current-tier]')).toContainText(/All Access/i);
      await expectNoViolations(page, 'an All Access dashboard');
      await page.locator('[data-your-data-link] a').click();
      await expect(page.locator('[data-your-data="data"] [data-registration="july"]')).toBeVisible();
      await expectNoViolations(page, 'their data');
      await context.close();
      await registrant.request.dispose();
    });

    test('the admin’s sign-in', async ({ page }) => {
      await page.goto('/admin');
      await expectNoViolations(page, 'admin sign-in');
    });

    for (const path of ADMIN_SCREENS) {
      test(`the admin screen ${path}`, async ({ page }) => {
        test.setTimeout(120_000);
        await signedInAsAdmin(page);
        await page.goto(path);
        await page.waitForLoadState('networkidle');
        // A message's preview frame is sandboxed with no script: axe would wait for it for ever
        // (the screen around it is audited; the message itself in the e-mail tests).
        await expectNoViolations(page, path, { exclude: 'iframe[name="message-preview"]' });
      });
    }

    test('one e-mail of the sequence, and one registrant, in the admin', async ({ page, playwright, baseURL }) => {
      test.setTimeout(120_000);
      const registrant = await registerByRequest(playwright, baseURL!);
      await signedInAsAdmin(page);
      await page.goto('/admin/editions/july/messages');
      await page.locator('main a[href^="/admin/editions/july/messages/"]').first().click();
      // The preview frame shows the e-mail as mail programs do, sandboxed with no script, so axe
      // cannot run inside it (it waits for the frame for ever): the screen around it is audited.
      await expectNoViolations(page, 'an e-mail message', { exclude: 'iframe[name="message-preview"]' });
      await page.goto(`/admin/registrants/${registrant.id}`);
      await expectNoViolations(page, 'a registrant');
      await registrant.request.dispose();
    });
  });
}

const REGISTERED_AT = new Date('2025-07-15T10:00:00.000Z');

/** A new July registrant, registered through the form's POST; their cookies are in the request context. */
async function registerByRequest(
  playwright: { request: { newContext: (options: object) => Promise<APIRequestContext> } },
  baseURL: string,
): Promise<{ request: APIRequestContext; id: number; email: string }> {
  const request = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { 'x-test-now': REGISTERED_AT.toISOString(), 'x-forwarded-for': uniqueClientAddress() },
  });
  const email = uniqueEmail('a11y');
  const registered = await request.post('/register', {
    form: { firstName: 'Ada', email, summit: 'july' },
    headers: { origin: baseURL },
    maxRedirects: 0,
  });
  expect(registered.status()).toBe(303);
  const cookie = (await request.storageState()).cookies.find(({ name }) => name === 'summit_registrant');
  return { request, email, id: Number(decodeURIComponent(cookie!.value).split('-')[0]) };
}

/** The payment provider's signed webhook for an All Access pass, as a real checkout sends it. */
async function grantAllAccess(request: APIRequestContext, { id, email }: { id: number; email: string }): Promise<void> {
  const payload = JSON.stringify({
    id: `evt_a11y_${id}`,
    object: 'event',
    type: 'checkout.session.completed',
    data: {
      object: {
        id: `cs_a11y_${id}`,
        object: 'checkout.session',
        client_reference_id: `registrant-${id}`,
        customer_details: { email },
        metadata: { pass: 'aap' },
        amount_total: 19700,
        currency: 'usd',
        payment_intent: `pi_a11y_${id}`,
        payment_status: 'paid',
      },
    },
  });
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: E2E_WEBHOOK_SECRET });
  const response = await request.post('/api/webhooks/payments', {
    data: payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
  });
  expect(await response.json()).toMatchObject({ received: true, result: 'granted', tier: 'aap' });
}
