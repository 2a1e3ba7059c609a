import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { strongShade } from '../../src/domain/brand.ts';
import { siteIconUrl } from '../../src/domain/site-icon.ts';
import { E2E_ADMIN, signInAsAdmin } from './support/admin.ts';
import { startServerWithAdmin } from './support/server-process.ts';

/**
 * Admin changes that affect the whole site (brand, whole-edition imports) run against a server
 * of their own, so they cannot disturb the other suites.
 */
let server: Awaited<ReturnType<typeof startServerWithAdmin>>;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startServerWithAdmin(E2E_ADMIN);
});
test.afterAll(async () => {
  await server?.stop();
  server?.remove();
});

const signIn = (page: Page) => signInAsAdmin(page, server.url);

test.describe.configure({ mode: 'serial' });

test('applying a brand changes the landing page, a day page, a dashboard and a widget on the next request', async ({ page, browser }) => {
  await signIn(page);
  await page.goto(`${server.url}/admin/brand`);
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  await expect(page.locator('[data-brand-status]')).toHaveText('No brand has been applied yet: the site shows its default brand.');
  await page.getByLabel('Summit name', { exact: true }).fill('Moonlit Founders Summit');
  await page.getByLabel('Tagline', { exact: true }).fill('Slow, soulful business, out loud.');
  await page.getByRole('textbox', { name: 'Primary colour Hex code' }).fill('#0F766E');
  await page.getByRole('tab', { name: 'Host' }).click();
  await page.getByLabel('Host name').fill('Ada Moon');
  await page.getByRole('tab', { name: 'Contact and legal' }).click();
  await page.getByLabel('Company name').fill('Moonlit Media Ltd');
  await page.getByLabel('Privacy policy URL').fill('https://moonlit.example.com/privacy');
  await page.getByLabel('Terms of service URL').fill('https://moonlit.example.com/terms');
  await page.getByRole('button', { name: 'Apply to this site' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Brand applied' })).toBeVisible();
  // The status above the form follows at once (it kept saying nothing was applied).
  await expect(page.locator('[data-brand-status]')).toContainText(/Active: configuration #\d+ \(“Moonlit Founders Summit”\)/);

  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`${server.url}/`);
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('Moonlit Founders Summit');
  await expect(visitor.locator('#top')).toContainText('Slow, soulful business, out loud.');
  await expect(visitor.locator('#host')).toContainText('Ada Moon');
  const primary = () => visitor.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--brand-primary').trim());
  expect(await primary()).toBe('#0F766E');
  // The favicon wears the brand's colour too.
  await expect(visitor.locator('head > link[rel="icon"]')).toHaveAttribute('href', siteIconUrl(strongShade('#0F766E')));
  for (const path of ['/july/day-1', '/september/dashboard', '/august/speakers-embed']) {
    await visitor.goto(`${server.url}${path}`);
    expect(await primary(), path).toBe('#0F766E');
    await expect(visitor).toHaveTitle(/Moonlit Founders Summit|Speakers/);
    if (path.includes('embed')) continue;
    // The site footer carries the brand's legal links, opening in a new tab.
    const footer = visitor.getByRole('contentinfo');
    await expect(footer).toContainText('© Moonlit Media Ltd');
    await expect(footer.getByRole('link', { name: /Privacy policy/ })).toHaveAttribute('href', 'https://moonlit.example.com/privacy');
    await expect(footer.getByRole('link', { name: /Terms of service/ })).toHaveAttribute('target', '_blank');
  }
  await page.goto(`${server.url}/admin/audit`);
  await expect(page.locator('[data-audit-row]').first()).toContainText('Applied the brand');
});

test('an anonymous visitor can use /brand-config but cannot apply it', async ({ page, request }) => {
  await page.goto(`${server.url}/brand-config`);
  await expect(page.getByRole('button', { name: 'Download Configuration' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Apply to this site' })).toHaveCount(0);
  const forged = await request.post(`${server.url}/api/admin/brand`, {
    headers: { origin: server.url },
    data: { brand: { summitName: 'Hijacked' } },
  });
  expect(forged.status()).toBe(401);
});

test('a whole edition round-trips through JSON export and import; a bad document changes nothing', async ({ page }, testInfo) => {
  await signIn(page);
  const exported = await page.request.get(`${server.url}/admin/editions/august/export.json`);
  expect(exported.status()).toBe(200);
  const text = await exported.text();
  const document = JSON.parse(text);
  expect(document).toMatchObject({ kind: 'summit-edition', version: 2, edition: { slug: 'august' } });

  // Import it as a new edition: its pages work at once.
  const copy = { ...document, edition: { ...document.edition, slug: 'autumn', name: 'Autumn' } };
  const file = testInfo.outputPath('autumn.json');
  fs.writeFileSync(file, JSON.stringify(copy));
  await page.goto(`${server.url}/admin/editions`);
  await page.locator('input[name=document]').setInputFiles(file);
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByRole('status')).toContainText('Created the edition');
  const autumn = await page.request.get(`${server.url}/api/fetch-speakers?summit=autumn`);
  expect((await autumn.json()).speakers).toHaveLength(document.speakers.length);
  expect((await page.request.get(`${server.url}/autumn/day-1`)).status()).toBe(200);

  // Export → import → export gives the same document, but for each episode's own guid and audio
  // file copy (guids are unique in the installation; each edition owns its files).
  const again = await page.request.get(`${server.url}/admin/editions/autumn/export.json`);
  const own = ({ guid: _guid, audioFile: _file, ...episode }: Record<string, unknown>) => episode;
  const reexported = JSON.parse(await again.text());
  expect({ ...reexported, episodes: reexported.episodes.map(own) }).toEqual({ ...copy, episodes: copy.episodes.map(own) });

  // One bad speaker: nothing changes, and the problem is named.
  const bad = structuredClone(copy);
  bad.edition.name = 'Should not stick';
  bad.speakers[3].day = 7;
  fs.writeFileSync(file, JSON.stringify(bad));
  await page.locator('input[name=document]').setInputFiles(file);
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.locator('#import-problems')).toContainText('speakers[3].day');
  const unchanged = await page.request.get(`${server.url}/admin/editions/autumn/export.json`);
  expect(JSON.parse(await unchanged.text()).edition.name).toBe('Autumn');
});

test('speakers import from CSV; a bad row is reported and nothing is imported', async ({ page }, testInfo) => {
  await signIn(page);
  const csv = await (await page.request.get(`${server.url}/admin/editions/september/speakers.csv`)).text();
  const lines = csv
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\n');
  expect(lines[0]).toBe(
    'firstName,lastName,pronouns,image,headshot,websiteUrl,modalities,topic,bio,day,episodeDuration,helloAudioEmbedId,shortDescription,implementationWeek,implementationWeekTopic,implementationWeekDescription,integrationSessionLink,freebieTitle,freebieDescription,freebieImage,freebieDownloadUrl',
  );

  const header = lines[0]!;
  const good = `${header}\nNia,Solace,she/her,,,,Breathwork,Exhaling Into Sales,,2,42:00,,,false,,,,,,,\nOren,Tide,,,,,,Money Tides,,3,,,,true,Tide Circle,,,,,,`;
  const file = testInfo.outputPath('speakers.csv');
  fs.writeFileSync(file, good);
  await page.goto(`${server.url}/admin/editions/september`);
  await page.locator('input[name=file]').setInputFiles(file);
  await page.locator('input[name=mode][value=replace]').check();
  await page.getByRole('button', { name: 'Import speakers', exact: true }).click();
  await expect(page.getByRole('status')).toContainText('Imported 2 speakers');
  const api = await (await page.request.get(`${server.url}/api/fetch-speakers?summit=september`)).json();
  expect(api.speakers.map((s: { firstName: string }) => s.firstName)).toEqual(['Nia', 'Oren']);
  await page.goto(`${server.url}/september/speakers-embed`);
  await expect(page.locator('[data-speaker-card]')).toHaveCount(2);

  const bad = `${header}\nAda,Ok,,,,,,Topic,,1,,,,false,,,,,,,\n,MissingName,,,,,,Topic,,9,,,,false,,,,,,,`;
  fs.writeFileSync(file, bad);
  await page.goto(`${server.url}/admin/editions/september`);
  await page.locator('input[name=file]').setInputFiles(file);
  await page.getByRole('button', { name: 'Import speakers', exact: true }).click();
  await expect(page.locator('#csv-problems')).toContainText('Row 3, firstName');
  await expect(page.locator('#csv-problems')).toContainText('Row 3, day');
  const after = await (await page.request.get(`${server.url}/api/fetch-speakers?summit=september`)).json();
  expect(after.speakers.map((s: { firstName: string }) => s.firstName)).toEqual(['Nia', 'Oren']);
});

test('registrants: search, export, change tier and delete', async ({ page }) => {
  for (const [name, email] of [
    ['Marigold', 'marigold@example.com'],
    ['Juniper', 'juniper@example.org'],
    ['=cmd', 'formula@example.com'],
  ]) {
    await page.request.post(`${server.url}/register`, {
      headers: { origin: server.url },
      form: { firstName: name!, email: email!, consent: 'on', summit: 'august' },
      maxRedirects: 0,
    });
  }
  await signIn(page);
  await page.goto(`${server.url}/admin/registrants?edition=august`);
  await expect(page.locator('[data-registrant-row]')).toHaveCount(3);
  await page.getByLabel('Search registrants').fill('JUNI');
  await page.getByLabel('Search registrants').press('Enter');
  await expect(page.locator('[data-registrant-row]')).toHaveCount(1);
  await expect(page.locator('[data-registrant-row]')).toContainText('juniper@example.org');

  const csv = await (await page.request.get(`${server.url}/admin/registrants.csv?edition=august`)).text();
  expect(csv).toContain('marigold@example.com');
  expect(csv).toContain("'=cmd");

  const row = page.locator('[data-registrant-row]').first();
  await row.locator('select').selectOption('aap');
  await row.getByRole('button', { name: /Save/ }).click();
  await expect(page.getByRole('status')).toContainText('Changed the tier');
  await page
    .locator('[data-registrant-row]', { hasText: 'juniper@example.org' })
    .getByRole('button', { name: /Delete/ })
    .click();
  await expect(page.getByRole('status')).toContainText('Deleted registrant');
  await page.goto(`${server.url}/admin/registrants?edition=august`);
  await expect(page.locator('[data-registrant-row]')).toHaveCount(2);
});
