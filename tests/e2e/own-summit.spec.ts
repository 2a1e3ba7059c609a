/**
 * A host runs their own summit from a fresh install. The test starts its
 * own server on a new data folder (the demo content seeded, as `npm start` does), creates the admin
 * with the real admin:create command, and then only uses the browser as a host would: applies the
 * brand, creates an edition for next month with "New edition" and the edition's forms (no JSON),
 * names its passes, uploads an episode per day, shows it on the home page. A visitor registers
 * through `/`, gets the e-mails through a real SMTP server on loopback, buys the All Access Pass
 * (a signed payment webhook, as Stripe sends it) and plays the uploaded audio on the dashboard.
 * None of the demo editions' texts (names, months, 2025 dates, people, episode and day titles,
 * codes, addresses, the demo pass name) appears in the edition's pages, e-mails or feed.
 */
import path from 'node:path';
import Stripe from 'stripe';
import type { ParsedMail } from 'mailparser';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { demoContent } from '../../src/content/index.ts';
import { DEMO_EPISODES } from '../../src/content/episodes.ts';
import { startServerWithAdmin, type ServerProcess } from './support/server-process.ts';
import { startSmtpSink, type SmtpSink } from './support/smtp-sink.ts';
import { signInAsAdmin } from './support/admin.ts';
import { moveProcessClock } from './support/clock.ts';

test.describe.configure({ mode: 'serial', timeout: 300_000 });

const ADMIN = { email: 'host@harbour-light.example.org', password: 'harbour host password 1' };
const WEBHOOK_SECRET = 'whsec_own_summit_journey_secret';
const SLUG = 'harbour-light';
const EDITION = 'Harbour Light';
const BRAND = 'The Harbour Light Audio Summit';
const TIME_ZONE = 'America/Bogota'; // UTC-5 all year: the test computes instants without a zone library
const PASSES = { replay: 'Harbour Replay', aap: 'Harbour Light All Access' };
const VISITOR = { firstName: 'Wren', email: 'wren@listener.example.net' };
const SPEAKERS = [
  { first: 'Tomas', last: 'Reef', topic: 'Listening to the tide', day: 1 },
  { first: 'Mara', last: 'Dune', topic: 'Slow launches', day: 2 },
];
const AUDIO = [1, 2, 3].map((day) => ({
  day,
  title: `Harbour conversation ${day}`,
  file: path.resolve(`src/content/audio/${DEMO_EPISODES[day - 1]!.file}`),
}));
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const HOUR = 3600_000;

/** The 10th to the 12th of next month, as a host setting up a summit now would choose. */
function nextMonth() {
  const now = new Date();
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 10));
  const iso = (day: number) => new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), day)).toISOString().slice(0, 10);
  const start = iso(10);
  return {
    start,
    end: iso(12),
    month: MONTHS[first.getUTCMonth()]!,
    year: first.getUTCFullYear(),
    /** Day 1 begins at midnight in the edition's zone (UTC-5). */
    day1: new Date(`${start}T00:00:00-05:00`),
  };
}
const SUMMIT = nextMonth();

/**
 * What only the demo editions say. Month names are words (the summit's own month, and the ones a
 * month later where its retreat may fall, are allowed); the rest are exact texts.
 */
function demoTexts(): { words: string[]; texts: string[] } {
  const allowedMonths = new Set([SUMMIT.month, MONTHS[(MONTHS.indexOf(SUMMIT.month) + 1) % 12]]);
  const editions = demoContent.editions;
  const people = editions.flatMap((edition) => [...edition.speakers, ...edition.hosts, ...edition.implementationSessions]);
  const settings = editions.map((edition) => edition.edition.settings);
  return {
    words: editions.map((edition) => edition.edition.name).filter((name) => !allowedMonths.has(name)),
    texts: [
      ...people.map((person) => `${person.firstName} ${person.lastName ?? ''}`.trim()),
      ...DEMO_EPISODES.map((episode) => episode.title),
      ...editions.flatMap((edition) => edition.days.map((day) => day.title)),
      ...settings.map((s) => s.speakersErrorMessage),
      ...settings.flatMap((s) => (s.dashboard.templateUpsell ? [s.dashboard.templateUpsell.discountCode] : [])),
      ...settings.flatMap((s) => s.dashboard.bonusCards.map((card) => card.title)),
      'sacred-business.example.com',
      'Sovereign Pathway',
      ...demoContent.sponsors.map((sponsor) => sponsor.name),
      ...demoContent.faqItems.map((item) => item.question),
    ],
  };
}

/** The demo summit's own words (its retreat, magazine, school and voice), found in any case. */
const DEMO_PHRASES = [
  /sacred/i,
  /magazine/i,
  /retreat/i,
  /integration/i,
  /heart-led/i,
  /\baltar\b/i,
  /\bwoo\b/i,
  /online school/i,
  /bonus library/i,
  /reiki/i,
  /astrolog/i,
  /your soul/i,
  /coming soon/i,
];

/** The host's own words, typed into the edition's texts. */
const OWN = {
  about: 'Three evenings of conversations for makers who work with their hands.',
  closing: 'See you at the harbour',
  consent: 'reminders and studio news',
  offer: 'Keep the harbour open after the summit',
  sponsor: 'Quayside Tools',
  question: 'Do I need a workshop?',
};
const DEMO = demoTexts();

/** Each demo text found, with what surrounds it (to say where it came from). */
function demoTextIn(text: string): string[] {
  const around = (index: number, length: number) => `…${text.slice(Math.max(0, index - 60), index + length + 60)}…`;
  // The demo's year as a year, not inside a font's unicode-range ("U+2023-2025").
  const patterns = [/(?<![\w+-])2025\b/, ...DEMO.words.map((word) => new RegExp(`\\b${word}\\b`))];
  const matched = patterns.flatMap((pattern) => {
    const found = pattern.exec(text);
    return found ? [`${found[0]}: ${around(found.index, found[0].length)}`] : [];
  });
  const texts = DEMO.texts.flatMap((demo) => (text.includes(demo) ? [`${demo}: ${around(text.indexOf(demo), demo.length)}`] : []));
  return [...matched, ...texts];
}

/** What a reader sees of the page: its text, never the inside of its scripts, styles or attribute values. */
const readable = (html: string) =>
  html
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&[a-z#0-9]+;/gi, ' ');

function expectNoDemoText(where: string, text: string): void {
  expect(demoTextIn(text), `demo text in ${where}`).toEqual([]);
  const words = readable(text);
  const phrases = DEMO_PHRASES.flatMap((phrase) => {
    const found = phrase.exec(words);
    return found ? [`${found[0]}: …${words.slice(Math.max(0, found.index - 60), found.index + 60).replace(/\s+/g, ' ')}…`] : [];
  });
  expect(phrases, `demo phrases in ${where}`).toEqual([]);
}

let sink: SmtpSink;
let server: ServerProcess & { remove(): void };
/** What the journey made, for the Duplicate test after it. */
const made = { episodeIds: {} as Record<number, number>, feedUrl: '' };

test.beforeAll(async () => {
  test.setTimeout(180_000);
  sink = await startSmtpSink();
  server = await startServerWithAdmin(ADMIN, {
    SMTP_URL: sink.url,
    PAYMENT_WEBHOOK_SECRET: WEBHOOK_SECRET,
    UNSAFE_TEST_CLOCK: 'true',
    LOG_LEVEL: 'warn',
  });
});
test.afterAll(async () => {
  await server?.stop();
  await sink?.close();
  server?.remove();
});

const setClock = (instant: Date) => moveProcessClock(server.url, instant);

const signIn = (page: Page) => signInAsAdmin(page, server.url, ADMIN);

async function applyBrand(admin: Page): Promise<void> {
  await admin.goto(`${server.url}/admin/brand`);
  // The configurator is an island: typed into before it hydrates, the text would be lost.
  await expect(admin.locator('astro-island[ssr]')).toHaveCount(0);
  await admin.getByLabel('Summit name', { exact: true }).fill(BRAND);
  await admin.getByLabel('Tagline', { exact: true }).fill('Calm conversations for coastal makers.');
  await admin.getByRole('tab', { name: 'Host' }).click();
  await admin.getByLabel('Host name').fill('Ines Quay');
  await admin.getByRole('tab', { name: 'Contact and legal' }).click();
  await admin.getByLabel('Company name').fill('Harbour Light Media');
  await admin.getByRole('button', { name: 'Apply to this site' }).click();
  await expect(admin.getByRole('status').filter({ hasText: 'Brand applied' })).toBeVisible();
}

async function createEdition(admin: Page): Promise<void> {
  await admin.goto(`${server.url}/admin/editions`);
  await admin.getByRole('link', { name: 'New edition', exact: true }).click();
  await admin.getByRole('textbox', { name: 'Name', exact: true }).fill(EDITION);
  await admin.getByLabel('Slug').fill(SLUG);
  await admin.getByLabel('First summit day').fill(SUMMIT.start);
  await admin.getByLabel('Last summit day').fill(SUMMIT.end);
  await admin.getByLabel('Time zone').selectOption(TIME_ZONE);
  await admin.getByLabel('Support e-mail').fill('hello@harbour-light.example.org');
  await admin.getByLabel('Who may open the day pages').selectOption('registrants');
  await admin.getByRole('button', { name: 'Create the edition' }).click();
  await expect(admin).toHaveURL(new RegExp(`/admin/editions/${SLUG}\\?created=1$`));
}

/** The passes' names, prices and checkout links, on the edition's form. */
async function namePasses(admin: Page): Promise<void> {
  // The time zone is chosen from the known zones, the edition's own selected.
  await expect(admin.getByLabel('Time zone')).toHaveJSProperty('tagName', 'SELECT');
  await expect(admin.getByLabel('Time zone')).toHaveValue(TIME_ZONE);
  await admin.getByLabel('Replay Pass: name').fill(PASSES.replay);
  await admin.getByLabel('Replay Pass: price').fill('49');
  await admin.getByLabel('Replay Pass: checkout link').fill('https://pay.harbour-light.example.org/replay');
  await admin.getByLabel('All Access Pass: name').fill(PASSES.aap);
  await admin.getByLabel('All Access Pass: price').fill('149');
  await admin.getByLabel('All Access Pass: checkout link').fill('https://pay.harbour-light.example.org/all-access');
  for (const day of [1, 2, 3]) await admin.locator(`[name="days.${day}.title"]`).fill(`Day ${day}: Harbour day ${day}`);
  await admin.getByRole('button', { name: 'Save the edition' }).click();
  await expect(admin.getByRole('alert')).toHaveCount(0);
  // Saved, the form names the passes as the host does.
  await expect(admin.getByLabel(`${PASSES.aap}: name`)).toHaveValue(PASSES.aap);
}

/** The speakers, from a CSV file with the columns of the edition's own (empty) speakers export. */
async function importSpeakers(admin: Page): Promise<void> {
  const exported = await (await admin.request.get(`${server.url}/admin/editions/${SLUG}/speakers.csv`)).text();
  const header = exported
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\n')[0]!;
  const rows = SPEAKERS.map(
    (speaker) => `${speaker.first},${speaker.last},,,,,Sea swimming,${speaker.topic},,${speaker.day},,,,false,,,,,,,`,
  );
  await admin.goto(`${server.url}/admin/editions/${SLUG}`);
  await admin
    .locator('input[name=file]')
    .setInputFiles({ name: 'speakers.csv', mimeType: 'text/csv', buffer: Buffer.from([header, ...rows].join('\n')) });
  await admin.getByRole('button', { name: 'Import speakers', exact: true }).click();
  await expect(admin.getByRole('status')).toContainText(`Imported ${SPEAKERS.length} speakers`);
}

/** One episode per day, uploaded; returns their ids by day. */
async function uploadEpisodes(admin: Page): Promise<Record<number, number>> {
  const ids: Record<number, number> = {};
  await admin.goto(`${server.url}/admin/editions/${SLUG}/episodes`);
  for (const { day, title, file } of AUDIO) {
    const section = admin.locator(`#day-${day}`);
    await section.getByText(`Add an episode to day ${day}`).click();
    const form = section.locator(`[data-add-episode="${day}"]`);
    await form.getByLabel('Title').fill(title);
    await form.getByLabel('Audio file').setInputFiles(file);
    await form.getByRole('button', { name: 'Add episode' }).click();
    await expect(admin.getByRole('status')).toHaveText('Added the episode.');
    ids[day] = Number(await admin.locator(`#day-${day} [data-admin-episode]`, { hasText: title }).getAttribute('data-admin-episode'));
  }
  return ids;
}

/** The edition's own words on its form, one sponsor and one question of its own. */
async function writeOwnWords(admin: Page): Promise<void> {
  await admin.goto(`${server.url}/admin/editions/${SLUG}`);
  const about = admin.locator('[name="settings.texts.landing.about.body"]');
  // Script in a field is dropped by the sanitiser on the way out, never run.
  await about.fill(`${OWN.about}\n\n<script>window.ranScript = true</script>`);
  await admin.locator('[name="settings.texts.landing.closing.heading"]').fill(OWN.closing);
  await admin.getByLabel('What the marketing e-mails cover').fill(OWN.consent);
  await admin.getByLabel('Offer heading').fill(OWN.offer);
  await admin.getByLabel('Image for shared links').fill('/demo/host-stock.jpg');
  // A 100 KB paragraph is refused at its field, and nothing of the form is saved.
  await admin.locator('[name="settings.texts.landing.closing.text"]').fill('x'.repeat(100_000));
  await admin.getByRole('button', { name: 'Save the edition' }).click();
  await expect(admin.locator('[name="settings.texts.landing.closing.text"]')).toHaveAttribute('aria-invalid', 'true');
  await expect(admin.getByText('Use at most 4000 characters.')).toBeVisible();
  // Previewed as typed, the same form lists why it would not save, and shows no page.
  const [refused] = await Promise.all([
    admin.context().waitForEvent('page'),
    admin.getByRole('button', { name: 'Preview the home page' }).click(),
  ]);
  await expect(refused.getByRole('heading', { name: 'The preview needs a few fixes' })).toBeVisible();
  await expect(refused.getByRole('alert')).toContainText('Use at most 4000 characters.');
  await refused.close();
  await admin.locator('[name="settings.texts.landing.closing.text"]').fill('Free, three days, in your podcast app.');
  await admin.getByRole('button', { name: 'Save the edition' }).click();
  await expect(admin.getByRole('alert')).toHaveCount(0);
  await expect(admin.locator('[name="settings.texts.landing.closing.heading"]')).toHaveValue(OWN.closing);

  // The preview shows the home page with the words as typed, and saves nothing.
  await admin.locator('[name="settings.texts.landing.closing.heading"]').fill('Typed, not saved');
  const [preview] = await Promise.all([
    admin.context().waitForEvent('page'),
    admin.getByRole('button', { name: 'Preview the home page' }).click(),
  ]);
  await expect(preview.locator('[data-preview-notice]')).toContainText('nothing is saved');
  await expect(preview.locator('#closing-heading')).toHaveText('Typed, not saved');
  await expect(preview.locator('main')).toContainText(OWN.about);
  await preview.close();
  const [thanks] = await Promise.all([
    admin.context().waitForEvent('page'),
    admin.getByRole('button', { name: 'Preview the thank-you page' }).click(),
  ]);
  await expect(thanks.getByRole('heading', { name: OWN.offer })).toBeVisible();
  await expect(thanks.locator('h1')).toContainText('registered, Alex');
  await thanks.close();
  await admin.reload();
  await expect(admin.locator('[name="settings.texts.landing.closing.heading"]')).toHaveValue(OWN.closing);

  await admin.goto(`${server.url}/admin/content/sponsors/new?edition=${SLUG}`);
  await admin.getByLabel('Name').fill(OWN.sponsor);
  await admin.getByLabel('Tier').selectOption('Premium');
  await admin.getByLabel('Description').fill('Chisels and planes made on the quay.');
  await admin.getByLabel('Logo').fill('/demo/host-stock.jpg');
  await admin.getByLabel('Offer').fill('10% off hand tools');
  await admin
    .getByRole('button', { name: /Save|Create|Add/ })
    .first()
    .click();
  await admin.goto(`${server.url}/admin/content/faq/new?edition=${SLUG}`);
  await admin.getByLabel('Question').fill(OWN.question);
  await admin.getByLabel('Answer').fill('No: a kitchen table will do, from {{summit_dates}}.');
  await admin
    .getByRole('button', { name: /Save|Create|Add/ })
    .first()
    .click();
}

/** Each page at a phone's and a desktop's width, with nothing axe finds. */
async function expectAccessible(page: Page, paths: string[]): Promise<void> {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    for (const pathname of paths) {
      await page.goto(`${server.url}${pathname}`);
      const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      expect(
        violations.map((violation) => `${violation.id}: ${violation.nodes[0]?.target}`),
        `${pathname} at ${width} px`,
      ).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1), `${pathname} fits ${width} px`).toBe(
        true,
      );
      // For a person to look at the host's pages: SCREENSHOTS_DIR=/some/folder keeps one per page and width.
      const folder = process.env.SCREENSHOTS_DIR;
      if (folder)
        await page.screenshot({ path: path.join(folder, `${pathname.replace(/\W+/g, '') || 'home'}-${width}.png`), fullPage: true });
    }
  }
}

async function showOnHomePage(admin: Page): Promise<void> {
  await admin.goto(`${server.url}/admin/editions`);
  await admin.locator(`[data-admin-edition="${SLUG}"]`).getByRole('button', { name: 'Show on the home page', exact: true }).click();
  await expect(admin.locator(`[data-admin-edition="${SLUG}"]`)).toContainText('Shown on the home page');
}

async function grantAllAccess(registrantId: number): Promise<void> {
  const payload = JSON.stringify({
    id: `evt_own_summit_${registrantId}`,
    object: 'event',
    type: 'checkout.session.completed',
    data: {
      object: {
        id: `cs_own_summit_${registrantId}`,
        object: 'checkout.session',
        client_reference_id: `registrant-${registrantId}`,
        customer_details: { email: VISITOR.email },
        metadata: { pass: 'aap', edition: SLUG },
        amount_total: 14900,
        currency: 'usd',
        payment_intent: `pi_own_summit_${registrantId}`,
        payment_status: 'paid',
      },
    },
  });
  const response = await fetch(`${server.url}/api/webhooks/payments`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
    },
    body: payload,
  });
  expect(await response.json()).toMatchObject({ received: true, result: 'granted', tier: 'aap' });
}

/** Everything a registrant reads in an e-mail: subject, both bodies and the calendar file attached to the live days' messages. */
const mailText = (mail: ParsedMail) =>
  [
    mail.subject ?? '',
    mail.text ?? '',
    typeof mail.html === 'string' ? mail.html : '',
    ...mail.attachments.filter((file) => file.contentType.startsWith('text/')).map((file) => file.content.toString('utf8')),
  ].join('\n');

async function mailWithSubject(subject: string): Promise<ParsedMail> {
  await sink
    .waitFor((messages) => messages.some((mail) => mail.subject === subject), 60_000)
    .catch(() => {
      throw new Error(`no e-mail “${subject}”; received: ${sink.messages.map((mail) => `“${mail.subject}”`).join(', ')}`);
    });
  return sink.to(VISITOR.email).find((mail) => mail.subject === subject)!;
}

/** The page's whole HTML once it has loaded, as the visitor's browser holds it. */
async function htmlOf(page: Page, pathname: string): Promise<string> {
  const response = await page.goto(`${server.url}${pathname}`);
  expect(response?.status(), pathname).toBe(200);
  return page.content();
}

test('a host runs their own summit from a fresh install: forms only, their audio, their e-mails, no demo text', async ({ browser }) => {
  const started = Date.now();
  const admin = await (await browser.newContext()).newPage();
  await signIn(admin);
  await applyBrand(admin);
  await createEdition(admin);
  await namePasses(admin);
  await importSpeakers(admin);
  const episodeIds = await uploadEpisodes(admin);
  made.episodeIds = episodeIds;
  await writeOwnWords(admin);
  await showOnHomePage(admin);
  test.info().annotations.push({ type: 'host setup (browser-driven)', description: `${Math.round((Date.now() - started) / 1000)} s` });

  // Two days before the summit, a visitor finds it on the home page and registers through it.
  await setClock(new Date(SUMMIT.day1.getTime() - 48 * HOUR));
  const context = await browser.newContext();
  const visitor = await context.newPage();
  const pages: Record<string, string> = {};
  pages['/'] = await htmlOf(visitor, '/');
  await expect(visitor.locator('[data-edition-line]')).toContainText(`${SUMMIT.month} 10-12, ${SUMMIT.year}`);
  for (const speaker of SPEAKERS) expect(pages['/']).toContain(`${speaker.first} ${speaker.last}`);
  // The host’s own words, sponsor and question; the script typed into the About text never runs.
  for (const own of [OWN.about, OWN.closing, OWN.sponsor, OWN.question]) await expect(visitor.locator('main')).toContainText(own);
  expect(await visitor.evaluate(() => 'ranScript' in window)).toBe(false);
  // Hidden or empty sections leave no heading: a new edition has no "Why audio" points.
  await expect(visitor.locator('#why-audio')).toHaveCount(0);
  await expect(visitor.locator('meta[property="og:title"]')).toHaveAttribute('content', new RegExp(BRAND));
  await expect(visitor.locator('html')).toHaveAttribute('lang', 'en');
  // The shared-link image, made absolute on the one origin every link uses.
  await expect(visitor.locator('meta[property="og:image"]')).toHaveAttribute('content', /^https?:\/\/[^/]+\/demo\/host-stock\.jpg$/);
  await expect(visitor.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');
  await visitor.locator('main').getByRole('link', { name: 'Save Your Free Spot' }).click();
  await expect(visitor).toHaveURL(/\/register$/);
  pages['/register'] = await visitor.content();
  await visitor.getByLabel('First name').fill(VISITOR.firstName);
  await visitor.getByLabel('E-mail', { exact: true }).fill(VISITOR.email);
  await expect(visitor.getByLabel(`Yes, also send me the summit’s ${OWN.consent} by e-mail.`, { exact: false })).toBeVisible();
  await visitor.getByLabel(/send me the summit’s reminders/).check();
  await visitor.getByRole('button', { name: 'Save My Free Spot' }).click();
  await expect(visitor).toHaveURL(/\/thank-you$/);
  await expect(visitor.locator('main')).toContainText(`${SUMMIT.month} 10-12 ${SUMMIT.year}`);
  await expect(visitor.locator('main')).toContainText(PASSES.aap);
  await expect(visitor.getByRole('heading', { name: OWN.offer })).toBeVisible();
  pages['/thank-you'] = await visitor.content();
  const dayOneLink = (await visitor.locator('[data-personal-link="day-1"]').getAttribute('href'))!;
  const registrantId = Number(/\/access\/(\d+)-/.exec(dayOneLink)![1]);

  const confirmation = await mailWithSubject(`You're registered: ${BRAND}, ${SUMMIT.month} 10-12 ${SUMMIT.year}`);
  const feedUrl = /https?:\/\/[^\s"<>]+\/feed\/[\w-]+\.xml/.exec(confirmation.text ?? '')![0];
  made.feedUrl = feedUrl.replace('//localhost:', '//127.0.0.1:');

  // The All Access Pass, bought: the provider's signed webhook; its e-mail names the edition's pass.
  await grantAllAccess(registrantId);
  const passMail = await mailWithSubject(`Your pass for ${BRAND} is ready`);
  expect(passMail.text).toContain(`your ${PASSES.aap} is active`);

  // The day before, and the first day: the live edition's messages arrive.
  await setClock(new Date(SUMMIT.day1.getTime() - 24 * HOUR + 30_000));
  await mailWithSubject(`Tomorrow we begin, ${VISITOR.firstName}`);
  await setClock(new Date(SUMMIT.day1.getTime() + HOUR));
  await mailWithSubject(`We are live: day 1 of ${BRAND}`);

  // The dashboard plays the uploaded day 1 episode, and the browser loads it.
  pages['/dashboard'] = await htmlOf(visitor, '/dashboard');
  await expect(visitor.locator('[data-dashboard-view="reduced"]')).toHaveCount(0);
  await visitor.locator('details[data-day-panel="1"] > summary').click();
  const player = visitor.locator('[data-day-panel="1"] [data-episode-player]', { hasText: AUDIO[0]!.title });
  const audio = player.locator('audio[data-native-player]');
  const src = `/listen/${episodeIds[1]}.mp3`;
  await expect(audio.locator('source')).toHaveAttribute('src', src);
  const loaded = await audio.evaluate(
    (element: HTMLAudioElement) =>
      new Promise<{ duration: number; readyState: number }>((resolve, reject) => {
        element.addEventListener('loadedmetadata', () => resolve({ duration: element.duration, readyState: element.readyState }), {
          once: true,
        });
        element.addEventListener('error', () => reject(new Error('the audio did not load')), { once: true });
        element.preload = 'metadata';
        element.load();
      }),
  );
  expect(loaded.readyState).toBeGreaterThanOrEqual(1);
  expect(loaded.duration).toBeGreaterThan(6);
  const bytes = await visitor.request.get(`${server.url}${src}`, { headers: { range: 'bytes=0-1023' } });
  expect(bytes.status()).toBe(206);
  expect(bytes.headers()['content-type']).toBe('audio/mpeg');
  expect((await bytes.body()).length).toBe(1024);

  for (const day of [1, 2, 3]) pages[`/day-${day}`] = await htmlOf(visitor, `/day-${day}`);
  expect(pages['/day-1']).toContain(AUDIO[0]!.title);

  const feed = await (await fetch(feedUrl.replace('//localhost:', '//127.0.0.1:'))).text();
  expect(feed).toContain(AUDIO[0]!.title);
  // The enclosure is the uploaded file, under the feed's own key.
  expect(feed).toMatch(new RegExp(`<enclosure url="[^"]+/feed/[\\w-]+/${episodeIds[1]}\\.mp3" length="\\d+" type="audio/mpeg"`));

  await sink.waitFor(() => sink.to(VISITOR.email).length >= 4);
  for (const [where, html] of Object.entries(pages)) {
    expect(html, where).toContain(BRAND);
    expectNoDemoText(`the page ${where}`, html);
  }
  for (const mail of sink.to(VISITOR.email)) expectNoDemoText(`the e-mail “${mail.subject}”`, mailText(mail));
  expect(mailText(confirmation)).toContain(OWN.consent);
  await expectAccessible(visitor, ['/', '/register', '/thank-you', '/day-1', '/dashboard']);
  expectNoDemoText('the private feed', feed);
  // The check itself finds the demo where it is: july's registration page.
  expect(demoTextIn(await (await fetch(`${server.url}/register?summit=july`)).text())).not.toEqual([]);
  await context.close();
});

test('Duplicate copies the edition with its episodes, each with audio of its own', async ({ browser }) => {
  const admin = await (await browser.newContext()).newPage();
  await signIn(admin);
  await admin.goto(`${server.url}/admin/editions`);
  await admin.getByLabel('Copy from').selectOption(SLUG);
  await admin.getByLabel('New slug').fill('harbour-encore');
  await admin.getByLabel('New name').fill('Harbour Encore');
  await admin.getByLabel('Also copy its episodes').check();
  await admin.getByRole('button', { name: 'Duplicate', exact: true }).click();
  // A review (dates past, texts naming another edition) comes first when there is anything to review; the box stays ticked through it.
  const review = admin.locator('[data-duplicate-review]');
  await expect(review.or(admin.locator('[data-edition-form]'))).toBeVisible();
  if (await review.isVisible()) await admin.getByRole('button', { name: 'Duplicate anyway' }).click();
  await expect(admin).toHaveURL(/\/admin\/editions\/harbour-encore\?created=1$/);

  await admin.goto(`${server.url}/admin/editions/harbour-encore/episodes`);
  const copies = admin.locator('[data-admin-episode]');
  await expect(copies).toHaveCount(AUDIO.length);
  for (const { day, title } of AUDIO) await expect(admin.locator(`#day-${day} [data-admin-episode]`)).toContainText(title);
  const copyIds = await copies.evaluateAll((cards) => cards.map((card) => Number(card.getAttribute('data-admin-episode'))));
  expect(copyIds.some((id) => Object.values(made.episodeIds).includes(id))).toBe(false);

  // Deleting the copy's day 1 episode (its file goes with it) leaves the source's playing.
  const first = admin.locator('#day-1 [data-admin-episode]', { hasText: AUDIO[0]!.title });
  await first.locator('summary').first().click();
  await first.getByLabel('Type delete to confirm').fill('delete');
  await first.getByRole('button', { name: `Delete episode ${AUDIO[0]!.title}` }).click();
  await expect(admin.locator('#day-1 [data-admin-episode]')).toHaveCount(0);
  const source = await fetch(made.feedUrl.replace(/\.xml$/, `/${made.episodeIds[1]}.mp3`));
  expect(source.status).toBe(200);
  expect((await source.arrayBuffer()).byteLength).toBeGreaterThan(10_000);
  // Through the review (august's dates are past), the choice to copy the episodes is kept.
  await admin.goto(`${server.url}/admin/editions`);
  await admin.getByLabel('Copy from').selectOption('august');
  await admin.getByLabel('New slug').fill('august-encore');
  await admin.getByLabel('New name').fill('August encore');
  await admin.getByLabel('Also copy its episodes').check();
  await admin.getByRole('button', { name: 'Duplicate', exact: true }).click();
  await admin.getByRole('button', { name: 'Duplicate anyway' }).click();
  await expect(admin).toHaveURL(/\/admin\/editions\/august-encore\?created=1$/);
  await admin.goto(`${server.url}/admin/editions/august-encore/episodes`);
  await expect(admin.locator('[data-admin-episode]')).toHaveCount(DEMO_EPISODES.length);
});
