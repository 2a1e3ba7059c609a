/**
 * The private podcast feed (decision 0020) as a new user meets it: register, take the personal feed link from the confirmation
 * e-mail, subscribe with it (a real podcast feed parser reads it), hear day 2 when it opens,
 * seek in an episode (byte ranges), poll cheaply (304), and lose it all when the key ends (410).
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import Parser from 'rss-parser';
import { signInAsAdmin } from './support/admin.ts';
import { DAY, HOUR, openAt } from './support/clock.ts';
import { messagesTo, uniqueClientAddress, uniqueEmail } from './support/mail.ts';
import { E2E_DATA_DIR } from './support/paths.ts';

test.use({ extraHTTPHeaders: { 'x-forwarded-for': uniqueClientAddress() } });

type FeedItem = {
  title?: string;
  guid?: string;
  enclosure?: { url: string; length?: string; type?: string };
  itunes?: { duration?: string };
};
type FeedExtras = { 'itunes:block'?: string; 'podcast:locked'?: string };
const parser: Parser<FeedExtras, FeedItem> = new Parser({ customFields: { feed: ['itunes:block', 'podcast:locked'] } });

/** The e-mail is quoted-printable: undo its soft line breaks before reading the link. */
function feedLinkIn(message: string): string {
  const text = message.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const link = /Your personal feed link[^:]*: (http\S+\.xml)/.exec(text)?.[1];
  if (!link) throw new Error('no feed link in the confirmation e-mail');
  return link;
}

/** The server's own address for a URL it printed (SITE_URL says localhost; tests use 127.0.0.1). */
const local = (baseURL: string, url: string) => `${baseURL}${new URL(url).pathname}`;

async function register(page: Page, email: string): Promise<void> {
  await page.goto('/register');
  await page.getByLabel('First name').fill('Linden');
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel(/send me the summit’s reminders/).check();
  await page.getByRole('button', { name: 'Save My Free Spot' }).click();
  await expect(page).toHaveURL(/\/thank-you$/);
}

async function feedAt(request: APIRequestContext, url: string, now: Date) {
  const response = await request.get(url, { headers: { 'x-test-now': now.toISOString() } });
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('application/rss+xml');
  return { response, feed: await parser.parseString(await response.text()) };
}

test('register, subscribe, drip, seek, poll and revoke', async ({ page, baseURL }) => {
  const email = uniqueEmail('feed');
  const registeredAt = new Date();
  await register(page, email);
  // The confirmation (the edition's "day 1 is open" message may arrive beside it).
  const confirmation = () => messagesTo(E2E_DATA_DIR, email).find((message) => message.includes('officially registered'));
  await expect.poll(() => confirmation() !== undefined, { timeout: 10_000 }).toBe(true);
  const link = feedLinkIn(confirmation() as string);
  expect(link).toMatch(/\/feed\/\d+-[A-Za-z0-9_-]{32}\.xml$/);
  const feedUrl = local(baseURL as string, link);

  // Registering signed this browser in: its day page offers the same feed in podcast apps.
  await page.goto('/july/day-1');
  const panel = page.locator('[data-subscribe-panel]');
  await expect(panel.getByRole('heading', { name: 'Listen in your podcast app' })).toBeVisible();
  // The same key (the page names this site as the browser reached it; the e-mail, SITE_URL).
  await expect(panel.locator('[data-feed-url]')).toHaveText(new RegExp(`${new URL(link).pathname.replace(/[.]/g, '\\.')}$`));
  await expect(panel.locator('[data-subscribe-app="Overcast"]')).toHaveAttribute('href', /^overcast:\/\/x-callback-url\/add\?url=/);
  await expect(panel.locator('[data-feed-qr] svg')).toBeVisible();
  // An anonymous visitor's day page has no feed to offer.
  const stranger = await page.context().browser()!.newPage();
  await stranger.goto(`${baseURL}/july/day-1`);
  await expect(stranger.locator('[data-subscribe-panel]')).toHaveCount(0);
  await stranger.close();

  // Day 1: the day-1 episode only, with what podcast apps need.
  const { response: first, feed: dayOne } = await feedAt(page.request, feedUrl, new Date(registeredAt.getTime() + HOUR));
  expect(dayOne.items.map((item) => item.title)).toEqual(['Sacred Foundations: Business as a Spiritual Practice']);
  const [episode] = dayOne.items;
  expect(episode?.guid).toMatch(/^[0-9a-f-]{36}$/);
  expect(episode?.enclosure?.type).toBe('audio/mpeg');
  expect(Number(episode?.enclosure?.length)).toBeGreaterThan(10_000);
  // The demo states its episodes' lengths (2:15:30 for July day 1); its sample file is seconds long.
  expect(episode?.itunes?.duration).toBe('2:15:30');
  expect(dayOne['itunes:block']).toBe('Yes');
  expect(dayOne['podcast:locked']).toBe('yes');

  // Past day 2's opening (24 h after registration): day 2's episode appears.
  const { feed: dayTwo } = await feedAt(page.request, feedUrl, new Date(registeredAt.getTime() + DAY + HOUR));
  expect(dayTwo.items.map((item) => item.title)).toContain('Soulful Visibility: Being Heard Without the Hustle');

  // A byte range of the enclosure: 206 with exactly those bytes.
  const audioUrl = local(baseURL as string, episode?.enclosure?.url as string);
  const now = { 'x-test-now': new Date(registeredAt.getTime() + HOUR).toISOString() };
  const whole = await page.request.get(audioUrl, { headers: now });
  expect(whole.status()).toBe(200);
  expect(whole.headers()['accept-ranges']).toBe('bytes');
  const bytes = await whole.body();
  expect(bytes.length).toBe(Number(episode?.enclosure?.length));
  const part = await page.request.get(audioUrl, { headers: { ...now, range: 'bytes=100-1099' } });
  expect(part.status()).toBe(206);
  expect(part.headers()['content-range']).toBe(`bytes 100-1099/${bytes.length}`);
  expect(Buffer.compare(await part.body(), bytes.subarray(100, 1100))).toBe(0);
  const beyond = await page.request.get(audioUrl, { headers: { ...now, range: `bytes=${bytes.length + 10}-` } });
  expect(beyond.status()).toBe(416);
  expect(beyond.headers()['content-range']).toBe(`bytes */${bytes.length}`);
  // A suffix longer than the file is the whole file (RFC 9110 section 14.1.2; 416 before).
  const suffix = await page.request.get(audioUrl, { headers: { ...now, range: 'bytes=-99999999' } });
  expect(suffix.status()).toBe(206);
  expect(suffix.headers()['content-range']).toBe(`bytes 0-${bytes.length - 1}/${bytes.length}`);
  expect(Buffer.compare(await suffix.body(), bytes)).toBe(0);
  const lastBytes = await page.request.get(audioUrl, { headers: { ...now, range: 'bytes=-100' } });
  expect(Buffer.compare(await lastBytes.body(), bytes.subarray(bytes.length - 100))).toBe(0);
  const head = await page.request.head(audioUrl, { headers: now });
  expect(head.headers()['content-length']).toBe(String(bytes.length));

  // A podcast app's poll with the ETag it has: 304, no body.
  const etag = first.headers()['etag'] as string;
  const poll = await page.request.get(feedUrl, {
    headers: { 'x-test-now': new Date(registeredAt.getTime() + 2 * HOUR).toISOString(), 'if-none-match': etag },
  });
  expect(poll.status()).toBe(304);
  expect(await poll.body()).toHaveLength(0);
  const since = await page.request.get(feedUrl, {
    headers: {
      'x-test-now': new Date(registeredAt.getTime() + 2 * HOUR).toISOString(),
      'if-modified-since': first.headers()['last-modified'] as string,
    },
  });
  expect(since.status()).toBe(304);
  // Once day 2 opens the feed changed: the old ETag gets the whole feed again.
  const changed = await page.request.get(feedUrl, {
    headers: { 'x-test-now': new Date(registeredAt.getTime() + DAY + HOUR).toISOString(), 'if-none-match': etag },
  });
  expect(changed.status()).toBe(200);

  // The feed key is the personal key: revoking it in the admin ends the feed and its audio at
  // once (410); a new link brings a new feed, and the old one stays gone.
  const key = /\/feed\/(\d+-[\w-]{32})\.xml$/.exec(feedUrl)?.[1] as string;
  const registrantId = key.split('-')[0];
  await signInAsAdmin(page);
  await page.goto(`/admin/registrants/${registrantId}?edition=july`);
  await page.getByRole('button', { name: 'Revoke the link' }).click();
  await expect(page.locator('[data-link-revoked]')).toBeVisible();
  expect((await page.request.get(feedUrl)).status()).toBe(410);
  expect((await page.request.get(audioUrl)).status()).toBe(410);
  await page.getByRole('button', { name: 'Issue a new link' }).click();
  const freshKey = new URL((await page.locator('[data-personal-link]').textContent())!.trim()).pathname.split('/').pop() as string;
  expect(freshKey).not.toBe(key);
  const freshFeed = feedUrl.replace(key, freshKey);
  expect((await page.request.get(freshFeed, { headers: now })).status()).toBe(200);
  expect((await page.request.get(feedUrl)).status()).toBe(410);

  // The registrant is erased in the admin: the key ends, the feed and its audio are gone.
  await page.goto(`/admin/registrants?edition=july&q=${encodeURIComponent(email)}`);
  await page
    .locator('[data-registrant-row]', { hasText: email })
    .getByRole('button', { name: /Delete/ })
    .click();
  await expect(page.getByRole('status')).toContainText('Deleted registrant');
  expect((await page.request.get(freshFeed)).status()).toBe(410);
  expect((await page.request.get(audioUrl.replace(key, freshKey))).status()).toBe(410);
});

test('a key that was never issued is not found, and the feed answers only GET and HEAD', async ({ request }) => {
  expect((await request.get('/feed/1-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.xml')).status()).toBe(404);
  expect((await request.get('/feed/not-a-key.xml')).status()).toBe(404);
  const post = await request.post('/feed/1-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.xml', { data: 'x' });
  expect(post.status()).toBe(405);
  expect(post.headers()['allow']).toBe('GET, HEAD');
});

test('a day page plays our own audio natively, while the visitor’s window for the day is open', async ({ page, request }) => {
  const T = new Date();
  await openAt(page, '/august/day-1', T);
  const player = page.locator('[data-native-player]');
  await expect(player).toHaveCount(1);
  await expect(player).toHaveAttribute('preload', 'none');
  expect(await player.getAttribute('autoplay')).toBeNull();
  const src = (await player.locator('source').getAttribute('src')) as string;
  expect(src).toMatch(/^\/listen\/\d+\.mp3$/);
  // page.request carries this browser's cookie: the visitor whose window is open.
  const audio = await page.request.get(src, { headers: { 'x-test-now': T.toISOString() } });
  expect(audio.status()).toBe(200);
  expect(audio.headers()['content-type']).toBe('audio/mpeg');
  // The day-1 window is 24 hours: after it the audio is gone for this visitor.
  expect((await page.request.get(src, { headers: { 'x-test-now': new Date(T.getTime() + DAY + HOUR).toISOString() } })).status()).toBe(410);
  // Someone with the link but no visit of their own (no cookie) hears nothing.
  expect((await request.get(src)).status()).toBe(403);
  // Once this visitor holds the dashboard (open editions' dashboards assume All Access: every day
  // that has begun, for its 30 days), its player plays the day after the day page's window.
  await page.goto('/august/dashboard');
  expect((await page.request.get(src, { headers: { 'x-test-now': new Date(T.getTime() + DAY + HOUR).toISOString() } })).status()).toBe(200);
});
