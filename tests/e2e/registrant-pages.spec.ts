/**
 * One path for every personal page: a signed-in registrant's day page and dashboard are
 * rendered once per page shape with markers where their own values go, cached, and filled per
 * request; the answer from the cache is the page rendered whole, and two registrants' pages differ
 * only in what is theirs (the countdown, the feed key and its QR code, the checkout reference and
 * e-mail). That a returning registrant reads no database row: tests/e2e/serving.spec.ts.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { uniqueClientAddress, uniqueEmail } from './support/mail.ts';

const NOW = '2025-07-15T10:00:00.000Z';

async function registrant(playwright: { request: { newContext: (options: object) => Promise<APIRequestContext> } }, baseURL: string) {
  const context = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { 'x-test-now': NOW, 'x-forwarded-for': uniqueClientAddress() },
  });
  const email = uniqueEmail('pages');
  const registered = await context.post('/register', {
    form: { firstName: 'Page', email, consent: 'on', summit: 'july' },
    headers: { origin: baseURL },
    maxRedirects: 0,
  });
  expect(registered.status()).toBe(303);
  const cookie = (await context.storageState()).cookies.find(({ name }) => name === 'summit_registrant');
  expect(cookie).toBeTruthy();
  return { context, email, key: decodeURIComponent(cookie!.value) };
}

test('a signed-in registrant’s pages come from one cached shell, with only their own values', async ({ playwright, baseURL }) => {
  const ada = await registrant(playwright, baseURL!);
  const bea = await registrant(playwright, baseURL!);
  for (const path of ['/july/day-1', '/july/dashboard']) {
    // The first answer is rendered (and its shell cached); the second is filled from the cache.
    const rendered = await ada.context.get(path);
    expect(rendered.status()).toBe(200);
    const filled = await ada.context.get(path);
    expect(await filled.text(), path).toBe(await rendered.text());
    expect(filled.headers()['cache-control']).toBe('private, no-store');

    const adaPage = await filled.text();
    const beaPage = await (await bea.context.get(path)).text();
    for (const [own, other] of [
      [ada, bea],
      [bea, ada],
    ] as const) {
      const page = own === ada ? adaPage : beaPage;
      expect(page, path).toContain(`/feed/${own.key}.xml`);
      expect(page, path).not.toContain(other.key);
      expect(page, path).toContain('data-registrant-nav');
      expect(page, path).not.toContain('summitfield');
      expect(page, path).not.toContain('data-personal-slot');
      const reference = /client_reference_id=([^&"]+)/.exec(page)?.[1];
      if (reference) {
        expect(reference).toBe(`registrant-${own.key.split('-')[0]}`);
        expect(page).toContain(`prefilled_email=${encodeURIComponent(own.email).replace(/%20/g, '+')}`);
      }
    }
    // Apart from their own values, the two pages are the same page.
    const withoutOwn = (page: string, who: typeof ada) =>
      page
        .replaceAll(who.key, 'KEY')
        .replace(/<svg[\s\S]*?<\/svg>/g, 'SVG')
        .replace(/registrant-\d+/g, 'REF')
        .replaceAll(encodeURIComponent(who.email), 'EMAIL');
    expect(withoutOwn(beaPage, bea)).toBe(withoutOwn(adaPage, ada));
  }
  await ada.context.dispose();
  await bea.context.dispose();
});
