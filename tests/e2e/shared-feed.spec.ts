/**
 * Shared feeds (decision 0037) as a host meets it: a registrant's personal feed is fetched from more networks
 * in a day than FEED_SHARE_NETWORK_LIMIT (5 by default); the registrant's admin screen says the
 * feed looks shared, nothing is blocked, and one click re-issues the link, which clears the notice
 * and ends the old link. The server counts behind the audio route and writes every 2 seconds.
 */
import { expect, test, type Page } from '@playwright/test';
import { signInAsAdmin } from './support/admin.ts';
import { messagesTo, uniqueClientAddress, uniqueEmail } from './support/mail.ts';
import { E2E_DATA_DIR } from './support/paths.ts';

test.use({ extraHTTPHeaders: { 'x-forwarded-for': uniqueClientAddress() } });

const PODCAST_APP = 'AppleCoreMedia/1.0.0.21G93 (iPhone; U; CPU OS 17_6 like Mac OS X; en_us)';

async function registerAndReadFeedLink(page: Page, email: string): Promise<string> {
  await page.goto('/register');
  await page.getByLabel('First name').fill('Rowan');
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Save My Free Spot' }).click();
  await expect(page).toHaveURL(/\/thank-you$/);
  const confirmation = () => messagesTo(E2E_DATA_DIR, email).find((message) => message.includes('officially registered'));
  await expect.poll(() => confirmation() !== undefined, { timeout: 10_000 }).toBe(true);
  const link = /Your personal feed link[^:]*: (http\S+\.xml)/.exec(confirmation() as string)?.[1];
  if (!link) throw new Error('no feed link in the confirmation e-mail');
  return new URL(link).pathname;
}

test('a feed fetched from more than five networks in a day is flagged on the registrant’s screen; re-issuing clears it', async ({
  page,
}) => {
  const feedPath = await registerAndReadFeedLink(page, uniqueEmail('shared-feed'));
  const registrantId = /\/feed\/(\d+)-/.exec(feedPath)?.[1] as string;
  const feed = await (await page.request.get(feedPath)).text();
  const enclosure = new URL(/<enclosure url="([^"]+)"/.exec(feed)?.[1] as string).pathname;

  // Six networks (a random second octet keeps parallel runs apart); nothing is refused.
  const octet = Math.floor(Math.random() * 200) + 20;
  for (let network = 1; network <= 6; network++) {
    const answer = await page.request.get(enclosure, {
      headers: { 'x-forwarded-for': `10.${octet}.${network}.7`, range: 'bytes=100-199', 'user-agent': PODCAST_APP },
    });
    expect(answer.status()).toBe(206);
  }

  await signInAsAdmin(page);
  const screen = `/admin/registrants/${registrantId}?edition=july`;
  const notice = page.locator('[data-shared-feed]');
  await expect
    .poll(
      async () => {
        await page.goto(screen);
        return notice.count();
      },
      { timeout: 15_000 },
    )
    .toBe(1);
  await expect(notice).toContainText('This personal feed looks shared.');
  await expect(notice.locator('[data-shared-feed-networks]')).toHaveText('6');

  await notice.getByRole('button', { name: 'Re-issue the link now' }).click();
  await expect(page.locator('[data-admin-message]')).toHaveText('Issued a new personal link; the old one no longer works.');
  await expect(notice).toHaveCount(0);
  expect((await page.request.get(enclosure, { headers: { 'user-agent': PODCAST_APP } })).status()).toBe(410);
});
