import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

const SECTION_HEADINGS = [
  'The Sacred Business Audio Summit',
  'About the Summit',
  'Meet Your Host',
  'Why Audio-Only?',
  'Meet the Speakers',
  'Summit Schedule',
  'Sacred Sponsors',
  'Frequently Asked Questions',
  'Ready to align your business with your soul?',
];

test('the landing page shows every section in the spec’s order with its content', async ({ page }) => {
  await page.goto('/');
  const headings = await page.locator('main h1, main h2').allTextContents();
  expect(headings.map((h) => h.trim())).toEqual(SECTION_HEADINGS);

  const hero = page.locator('main section').first();
  await expect(hero.getByRole('link', { name: 'Save Your Free Spot' })).toHaveAttribute('href', '/register');
  await expect(page.locator('#about')).toContainText(/audio-only/i);
  await expect(page.locator('#about')).toContainText(/sacred conversations/i);
  await expect(page.locator('#about')).toContainText(/integration retreat/i);
  await expect(page.locator('#host')).toContainText('[Your Name]');
  await expect(page.locator('#host')).toContainText('[X] years');
  for (const point of ['Intimate audio', 'Honour your rhythm', 'Replay and download episodes', 'Energy over perfection']) {
    await expect(page.locator('#why-audio')).toContainText(point);
  }
  const schedule = page.locator('#schedule');
  await expect(schedule).toContainText('Podcast Summit');
  await expect(schedule).toContainText('July 15-17');
  await expect(schedule).toContainText('Implementation Retreat');
  await expect(schedule).toContainText('July 22-26');
  for (const point of [
    'Audio-only',
    'Listen on your schedule',
    'Download for offline',
    'Private podcast feed',
    'Guided integration sessions',
    'Digital retreat',
    'Community space',
    'Bonus content',
    'What Makes This Different',
    'No live Zooms',
    'No slideshows',
    'No fluff',
  ]) {
    await expect(schedule).toContainText(point);
  }
  // The closing section, then the one site footer.
  await expect(page.locator('main section').last()).toContainText('Join us for three days of sacred business conversations.');
  await expect(page.getByRole('contentinfo')).toHaveCount(1);
});

test('the speakers grid shows one card per speaker with image, full name, quoted topic and sanitised description', async ({ page }) => {
  await page.goto('/');
  const cards = page.locator('#speakers [data-speaker-card]');
  await expect(cards).toHaveCount(20);
  const first = cards.first();
  await expect(first.getByRole('heading')).toHaveText(/^\S+ \S+/);
  await expect(first).toContainText(/“.+”/);
  const image = first.locator('img');
  await expect(image).toHaveAttribute('width', '160');
  await expect(image).toHaveAttribute('height', '160');
  await expect(image).toHaveAttribute('loading', 'lazy');
  // Some descriptions are HTML: they render as markup, not as escaped tags.
  await expect(page.locator('#speakers [data-speaker-card] strong').first()).toBeVisible();
  await expect(page.locator('#speakers')).not.toContainText('<strong>');
  // Lazy images load once scrolled to.
  await first.scrollIntoViewIfNeeded();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
});

test('sponsors: one Premium and three Supporting with their offers, and a mailto enquiry', async ({ page }) => {
  await page.goto('/');
  const cards = page.locator('[data-sponsor-card]');
  await expect(cards).toHaveCount(4);
  await expect(cards.nth(0)).toContainText('Premium Sponsor');
  for (const i of [1, 2, 3]) await expect(cards.nth(i)).toContainText('Supporting Sponsor');
  for (const offer of [
    /15% off crystal sets/i,
    /free shipping on oracle sets/i,
    /20% off digital planners/i,
    /bundle deals on ritual kits/i,
  ]) {
    await expect(page.locator('#sponsors')).toContainText(offer);
  }
  await expect(page.getByRole('link', { name: 'Enquire about sponsorship' })).toHaveAttribute(
    'href',
    /^mailto:sponsors@sacred-business\.example\.com/,
  );
  // Sponsor offers are affiliate links: the landing carries the disclaimer too.
  await expect(page.getByRole('complementary', { name: 'Affiliate disclosure' })).toContainText('affiliate links');
});

async function faqState(page: Page) {
  return page.locator('[data-faq-item]').evaluateAll((items) => items.map((item) => (item as HTMLDetailsElement).open));
}

test('the FAQ is a single-open accordion of 6 questions, operable by keyboard', async ({ page }) => {
  await page.goto('/');
  const summaries = page.locator('[data-faq-item] summary');
  await expect(summaries).toHaveCount(6);
  expect(await faqState(page)).toEqual([false, false, false, false, false, false]);

  await summaries.nth(0).click();
  expect(await faqState(page)).toEqual([true, false, false, false, false, false]);
  await summaries.nth(2).click();
  expect(await faqState(page)).toEqual([false, false, true, false, false, false]);
  await summaries.nth(2).click();
  expect(await faqState(page)).toEqual([false, false, false, false, false, false]);

  await summaries.nth(4).focus();
  await page.keyboard.press('Enter');
  expect(await faqState(page)).toEqual([false, false, false, false, true, false]);
  await page.keyboard.press('Space');
  expect(await faqState(page)).toEqual([false, false, false, false, false, false]);
  await expect(page.locator('[data-faq-item]').nth(1).locator('p')).toBeHidden();
});

test('the sticky bar appears past one viewport height and hides above it', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  const bar = page.locator('[data-sticky-bar]');
  await expect(bar).toBeHidden();
  await page.evaluate(() => window.scrollTo(0, window.innerHeight + 50));
  await expect(bar).toBeVisible();
  await expect(bar.getByRole('link')).toHaveText('Save Your Free Spot - July 15-17');
  await expect(bar.getByRole('link')).toHaveAttribute('href', '/register');
  await page.evaluate(() => window.scrollTo(0, window.innerHeight - 50));
  await expect(bar).toBeHidden();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('the FAQ still opens one answer at a time', async ({ page }) => {
    await page.goto('/');
    await page.locator('[data-faq-item] summary').nth(1).click();
    await page.locator('[data-faq-item] summary').nth(3).click();
    expect(await faqState(page)).toEqual([false, false, false, true, false, false]);
  });
});

for (const path of ['/', '/thank-you', '/no-such-page', '/register']) {
  test(`axe finds no serious or critical violation on ${path}`, async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(path);
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    await context.close();
  });
}
