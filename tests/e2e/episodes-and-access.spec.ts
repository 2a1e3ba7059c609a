/**
 * Day audio, players and dashboards (decision 0033) in Chromium, on a `registrants` edition with uploaded episodes:
 * - one episode concept: the All Access dashboard plays the uploaded episode (native audio from
 *   /listen, the file's real duration), not a placeholder;
 * - a player only when the visitor may listen: before day 2 drips to a free registrant the day page
 *   says when it opens and has no player, and /listen refuses; once it opens the player appears
 *   and /listen plays;
 * - links that match what a registrant holds: the "dashboard" links of the confirmation e-mail (a
 *   free registrant) and of the pass e-mail (a Replay registrant) land on their own dashboard with
 *   their days, their feed and the upgrade, never on /thank-you.
 */
import path from 'node:path';
import Stripe from 'stripe';
import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { signInAsAdmin } from './support/admin.ts';
import { DAY, HOUR } from './support/clock.ts';
import { messagesTo, uniqueClientAddress, uniqueEmail } from './support/mail.ts';
import { E2E_DATA_DIR, E2E_WEBHOOK_SECRET } from './support/paths.ts';

test.describe.configure({ mode: 'serial' });

const SLUG = `listen-${Date.now().toString(36)}`;
const T0 = new Date('2025-08-19T09:00:00Z');
/** 0:07 long (src/content/audio, read from the file). */
const DAY_ONE_MP3 = path.resolve('src/content/audio/day1.mp3');
const DAY_TWO_MP3 = path.resolve('src/content/audio/day2.mp3');

async function at(context: BrowserContext, now: Date) {
  await context.setExtraHTTPHeaders({ 'x-test-now': now.toISOString(), 'x-forwarded-for': uniqueClientAddress() });
}

/** Undoes the quoted-printable soft breaks and escapes of an .eml body. */
function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The personal "dashboard" link path in the newest e-mail to this address that has one. */
async function dashboardLinkIn(email: string, containing: string): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      () => {
        const message = messagesTo(E2E_DATA_DIR, email)
          .map(decodeQuotedPrintable)
          .find((text) => text.includes(containing));
        found = message && /https?:\/\/[^\s"<>]+(\/access\/\d+-[A-Za-z0-9_-]{32}\?to=dashboard)/.exec(message)?.[1];
        return found;
      },
      { timeout: 20_000 },
    )
    .toBeTruthy();
  return found!;
}

async function register(
  browser: Browser,
  label: string,
  now = T0,
): Promise<{ context: BrowserContext; page: Page; email: string; id: number }> {
  const context = await browser.newContext();
  await at(context, now);
  const page = await context.newPage();
  const email = uniqueEmail(label);
  await page.goto(`/register?summit=${SLUG}`);
  await page.getByLabel('First name').fill('Wren');
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel(/send me the summit’s reminders/).check();
  await page.getByRole('button', { name: /save/i }).click();
  await expect(page).toHaveURL(/\/thank-you$/);
  const link = await page.locator('[data-personal-link="day-1"]').getAttribute('href');
  return { context, page, email, id: Number(/\/access\/(\d+)-/.exec(link!)![1]) };
}

async function grantPass(request: APIRequestContext, { id, email, pass }: { id: number; email: string; pass: 'replay' | 'aap' }) {
  const payload = JSON.stringify({
    id: `evt_${SLUG}_${id}_${pass}`,
    object: 'event',
    type: 'checkout.session.completed',
    data: {
      object: {
        id: `cs_${SLUG}_${id}_${pass}`,
        object: 'checkout.session',
        client_reference_id: `registrant-${id}`,
        customer_details: { email },
        metadata: { pass },
        amount_total: pass === 'aap' ? 19700 : 7700,
        currency: 'usd',
        payment_intent: `pi_${SLUG}_${id}_${pass}`,
        payment_status: 'paid',
      },
    },
  });
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: E2E_WEBHOOK_SECRET });
  const response = await request.post('/api/webhooks/payments', {
    data: payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
  });
  expect(await response.json()).toMatchObject({ received: true, result: 'granted', tier: pass });
}

/** The page's own episodes (the host card has a hello-audio player of its own). */
const sessionPlayers = (page: Page) => page.getByRole('region', { name: "Today's session" }).locator('[data-episode-player]');

const episodeIds: Record<number, number> = {};

test('an admin makes a registrants edition and uploads an episode for days 1 and 2', async ({ browser }) => {
  const admin = await browser.newPage();
  await signInAsAdmin(admin);
  await admin.goto('/admin/editions');
  await admin.getByLabel('Copy from').selectOption('august');
  await admin.getByLabel('New slug').fill(SLUG);
  await admin.getByLabel('New name').fill('Listen test');
  await admin.getByRole('button', { name: 'Duplicate' }).click();
  // August's dates are past and its texts name it: the review lists them before anything is saved.
  await admin.getByRole('button', { name: 'Duplicate anyway' }).click();
  await expect(admin).toHaveURL(new RegExp(`/admin/editions/${SLUG}\\?created=1$`));
  await admin.getByLabel('Access mode').selectOption('registrants');
  await admin.getByRole('button', { name: 'Save the edition' }).click();
  await expect(admin.getByLabel('Access mode')).toHaveValue('registrants');

  await admin.goto(`/admin/editions/${SLUG}/episodes`);
  for (const [day, file] of [
    [1, DAY_ONE_MP3],
    [2, DAY_TWO_MP3],
  ] as const) {
    const section = admin.locator(`#day-${day}`);
    await section.getByText(`Add an episode to day ${day}`).click();
    const form = section.locator(`[data-add-episode="${day}"]`);
    await form.getByLabel('Title').fill(`Uploaded day ${day}`);
    await form.getByLabel('Audio file').setInputFiles(file);
    await form.getByRole('button', { name: 'Add episode' }).click();
    await expect(admin.getByRole('status')).toHaveText('Added the episode.');
    const card = admin.locator(`#day-${day} [data-admin-episode]`, { hasText: `Uploaded day ${day}` });
    episodeIds[day] = Number(await card.getAttribute('data-admin-episode'));
  }
  await expect(admin.locator('#day-1 [data-admin-episode]')).toContainText('MP3 file, 0:07');
  await admin.close();
});

test('a free registrant: day 2 says when it opens and has no player, /listen refuses; once it opens it plays', async ({ browser }) => {
  const { context, page } = await register(browser, 'drip');
  await at(context, new Date(T0.getTime() + HOUR));
  await page.goto(`/${SLUG}/day-2`);
  // The page stays (no redirect to day 1) and says when the day opens for them.
  await expect(page).toHaveURL(new RegExp(`/${SLUG}/day-2$`));
  await expect(page.locator('[data-countdown]')).toContainText('Day 2 opens for you in');
  await expect(page.locator('[data-day-closed="opens"]')).toContainText('Day 2 opens for you');
  await expect(page.locator('[data-opens-at]')).toHaveAttribute('datetime', new Date(T0.getTime() + DAY).toISOString());
  await expect(sessionPlayers(page)).toHaveCount(0);
  await expect(page.locator('audio')).toHaveCount(0);
  expect((await page.request.get(`/listen/${episodeIds[2]}.mp3`)).status()).toBe(403);
  // Day 1 is theirs now.
  expect((await page.request.get(`/listen/${episodeIds[1]}.mp3`)).status()).toBe(200);

  // Another registrant, two hours later, shares the page's cached shell but not its opening time: a
  // field of their own (decision 0028), on the first answer (rendered) and the next (from the cache).
  const laterAt = new Date(T0.getTime() + 2 * HOUR);
  const later = await register(browser, 'drip-later', laterAt);
  await at(later.context, new Date(T0.getTime() + 3 * HOUR));
  for (let visit = 0; visit < 2; visit++) {
    await later.page.goto(`/${SLUG}/day-2`);
    await expect(later.page.locator('[data-opens-at]')).toHaveAttribute('datetime', new Date(laterAt.getTime() + DAY).toISOString());
  }
  await at(context, new Date(T0.getTime() + 3 * HOUR));
  await page.reload();
  await expect(page.locator('[data-opens-at]')).toHaveAttribute('datetime', new Date(T0.getTime() + DAY).toISOString());
  await later.context.close();

  // A day later day 2 has opened for them: the player, and the audio plays.
  await at(context, new Date(T0.getTime() + DAY + HOUR));
  await page.goto(`/${SLUG}/day-2`);
  await expect(page.locator('[data-day-closed]')).toHaveCount(0);
  const player = sessionPlayers(page);
  await expect(player).toHaveCount(1);
  await expect(player.locator('audio[data-native-player] source')).toHaveAttribute('src', `/listen/${episodeIds[2]}.mp3`);
  const audio = await page.request.get(`/listen/${episodeIds[2]}.mp3`);
  expect(audio.status()).toBe(200);
  expect(audio.headers()['content-type']).toBe('audio/mpeg');
  await context.close();
});

test('free and Replay registrants following their e-mails’ dashboard links land on their own dashboard, never /thank-you', async ({
  browser,
  request,
}) => {
  const free = await register(browser, 'free-link');
  const confirmationLink = await dashboardLinkIn(free.email, 'officially registered');
  const replay = await register(browser, 'replay-link');
  await grantPass(request, { id: replay.id, email: replay.email, pass: 'replay' });
  const passLink = await dashboardLinkIn(replay.email, 'is active');

  for (const [who, link, passName] of [
    [free, confirmationLink, 'Free Registration'],
    [replay, passLink, 'Replay Pass'],
  ] as const) {
    // A fresh browser, as from the e-mail app.
    const context = await browser.newContext();
    await at(context, new Date(T0.getTime() + 2 * HOUR));
    const page = await context.newPage();
    const response = await page.goto(link);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveURL(new RegExp(`/${SLUG}/dashboard$`));
    await expect(page.locator('[data-dashboard-view="reduced"]')).toBeVisible();
    await expect(page.locator('[data-your-pass]')).toContainText(passName);
    // Their days: day 1 plays now, day 2 says when it opens for them.
    await expect(page.locator('details[data-day-panel]')).toHaveCount(3);
    await page.locator('details[data-day-panel="1"] > summary').click();
    await expect(page.locator('[data-day-panel="1"] audio source')).toHaveAttribute('src', `/listen/${episodeIds[1]}.mp3`);
    await expect(page.locator('[data-day-panel="2"] [data-day-closed="opens"]')).toHaveCount(1);
    // Their feed, and the upgrade.
    await expect(page.locator('a[href*="/feed/"]').first()).toHaveAttribute('href', new RegExp(`/feed/${who.id}-`));
    await expect(page.locator('[data-tier=aap]')).toBeVisible();
    await expect(page.locator('[data-integration-session]')).toHaveCount(0);
    await context.close();
    await who.context.close();
  }
});

test('an All Access registrant’s dashboard plays the uploaded episode with its real duration', async ({ browser, request }) => {
  const buyer = await register(browser, 'aap');
  await grantPass(request, { id: buyer.id, email: buyer.email, pass: 'aap' });
  const { page } = buyer;
  await at(buyer.context, new Date(T0.getTime() + 2 * HOUR));
  await page.goto(`/${SLUG}/dashboard`);
  await expect(page.locator('[data-dashboard-view="reduced"]')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toContainText("You're In");
  await page.locator('details[data-day-panel="1"] > summary').click();
  const day1 = page.locator('[data-day-panel="1"]');
  const player = day1.locator('[data-episode-player]', { hasText: 'Uploaded day 1' });
  await expect(player.locator('[data-duration]')).toHaveText('0:07');
  await expect(day1).not.toContainText('2:15:30');
  const audio = player.locator('audio[data-native-player]');
  await expect(audio.locator('source')).toHaveAttribute('src', `/listen/${episodeIds[1]}.mp3`);
  // The browser's own player loads it: the real file, about seven seconds long.
  const seconds = await audio.evaluate(
    (element: HTMLAudioElement) =>
      new Promise<number>((resolve, reject) => {
        element.addEventListener('loadedmetadata', () => resolve(element.duration), { once: true });
        element.addEventListener('error', () => reject(new Error('the audio did not load')), { once: true });
        element.preload = 'metadata';
        element.load();
      }),
  );
  expect(seconds).toBeGreaterThan(6);
  expect(seconds).toBeLessThan(8);
  // Day 3 has not dripped to them yet: no player, when it opens instead.
  await page.locator('details[data-day-panel="3"] > summary').click();
  await expect(page.locator('[data-day-panel="3"] [data-day-closed="opens"]')).toContainText('Day 3 opens for you');
  await buyer.context.close();
});
