import { expect, test } from '@playwright/test';
import { stripeStandIn } from '../support/stripe-stand-in/stripe-api.ts';
import { E2E_ADMIN } from './support/admin.ts';
import { startServerWithAdmin } from './support/server-process.ts';

/**
 * The site's own checkout (docs/decisions/0063) as a registrant meets it on a phone: a server of
 * its own with STRIPE_SECRET_KEY and STRIPE_API_URL pointing at a local server that answers as
 * Stripe's API reference documents; the thank-you page's buy button opens a session made for them.
 */
const KEY = 'sk_test_e2e_checkout_0123456789';
const stripe = stripeStandIn(KEY);
let server: Awaited<ReturnType<typeof startServerWithAdmin>>;

test.use({ viewport: { width: 390, height: 844 } });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startServerWithAdmin(E2E_ADMIN, { STRIPE_SECRET_KEY: KEY, STRIPE_API_URL: await stripe.listen() });
});
test.afterAll(async () => {
  await server?.stop();
  server?.remove();
  await stripe.close();
});

test('a registrant’s buy button opens a Stripe Checkout made for them, at the edition’s price', async ({ page }) => {
  const registered = await page.request.post(`${server.url}/register`, {
    form: { firstName: 'Checkout', email: 'checkout.buyer@example.com' },
    headers: { origin: server.url },
  });
  expect(registered.status()).toBeLessThan(400);
  await page.goto(`${server.url}/thank-you`);
  const buy = page.locator('[data-plan="aap"]');
  const href = (await buy.getAttribute('href')) ?? '';
  expect(href).toMatch(
    new RegExp(
      `^${server.url}/checkout/[a-z0-9-]+/aap\\?client_reference_id=registrant-\\d+&prefilled_email=checkout.buyer%40example.com$`,
    ),
  );
  // The offer opens the checkout in a new tab, as it did with the static links.
  const [checkout] = await Promise.all([page.waitForEvent('popup'), buy.click()]);
  await expect(checkout).toHaveURL(`${stripe.url}/pay/cs_test_1`);
  await expect(checkout.getByRole('heading', { name: 'Pay here' })).toBeVisible();
  expect(stripe.state.violations).toEqual([]);
  const params = stripe.state.sessions[0]!.params;
  expect(params.client_reference_id).toBe(/client_reference_id=(registrant-\d+)/.exec(href)?.[1]);
  expect(params.customer_email).toBe('checkout.buyer@example.com');
  expect(params['metadata[pass]']).toBe('aap');
  expect(Number(params['line_items[0][price_data][unit_amount]'])).toBeGreaterThan(0);
});
