import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';

const png = () =>
  sharp({ create: { width: 120, height: 40, channels: 3, background: '#ec4899' } })
    .png()
    .toBuffer();

async function openForm(page: Page) {
  await page.goto('/brand-config');
  // Astro drops the island's ssr attribute once React has hydrated it.
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  await expect(page.getByRole('tab', { name: 'Branding' })).toHaveAttribute('aria-selected', 'true');
}

test('four tabs, operable by keyboard, with every field of the spec and its input type', async ({ page }) => {
  await openForm(page);
  const tabs = page.getByRole('tab');
  await expect(tabs).toHaveText(['Branding', 'Content', 'Links', 'Settings']);
  await tabs.nth(0).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Content' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: 'Content' })).toBeFocused();
  await expect(page.getByLabel('Host name')).toBeVisible();
  await page.keyboard.press('End');
  await expect(page.getByRole('tab', { name: 'Settings' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('Timer mode')).toBeVisible();
  await expect(page.getByLabel('Days available')).toHaveAttribute('type', 'number');
  await expect(page.getByLabel('Days available')).toHaveAttribute('placeholder', '7');
  await expect(page.getByLabel('Hours per day')).toHaveAttribute('placeholder', '24');
  await expect(page.getByLabel('Support e-mail')).toHaveAttribute('type', 'email');
  await expect(page.getByLabel('Reply-to e-mail')).toHaveAttribute('type', 'email');
  await page.keyboard.press('Home');
  await expect(page.getByRole('tab', { name: 'Branding' })).toHaveAttribute('aria-selected', 'true');
  for (const label of ['Summit name', 'Tagline', 'Logo URL']) await expect(page.getByLabel(label, { exact: true })).toBeVisible();
  await expect(page.locator('input[type=color]')).toHaveCount(3);
  await expect(page.locator('input[type=file][accept*="image/png"]')).toHaveCount(1);
  await page.getByRole('tab', { name: 'Links' }).click();
  for (const label of ['Sales page URL', 'Thank-you page URL', 'Course URL', 'Instagram', 'LinkedIn', 'Facebook', 'Twitter']) {
    await expect(page.getByLabel(label, { exact: true })).toHaveAttribute('type', 'url');
  }
});

test('the prompts follow the form, and Copy Prompt copies with the toast', async ({ page, context, baseURL }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await openForm(page);
  const colours = page.locator('[data-prompt=colours]');
  await expect(colours).toContainText('#8B5CF6');
  const primaryHex = page.getByRole('textbox', { name: 'Primary colour Hex code' });
  await primaryHex.fill('#0F766E');
  await expect(colours).toContainText('#0F766E');
  await expect(page.locator('input[type=color]').first()).toHaveValue('#0f766e');
  await primaryHex.fill('#12');
  await expect(page.getByText('Use a colour like #8B5CF6 (a # and six hexadecimal digits).')).toBeVisible();
  await expect(primaryHex).toHaveValue('#12');
  await primaryHex.fill('#0F766E');

  await page.getByLabel('Summit name', { exact: true }).fill('Moonlit Founders Summit');
  await expect(page.locator('[data-prompt=content]')).toContainText('Moonlit Founders Summit');
  await page.getByRole('tab', { name: 'Settings' }).click();
  await page.getByLabel('Timer mode').selectOption('live');
  await page.getByLabel('Days available').fill('5');
  await expect(page.locator('[data-prompt=timer]')).toContainText(/live/i);
  await expect(page.locator('[data-prompt=timer]')).toContainText('5');

  await page.locator('[data-prompt=colours]').getByRole('button', { name: 'Copy Prompt' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Copied to clipboard' })).toContainText(
    'The AI prompt has been copied to your clipboard.',
  );
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('#0F766E');
});

test('Download Configuration gives versioned JSON that imports back to the same form; a bad file is refused', async ({
  page,
}, testInfo) => {
  await openForm(page);
  await page.getByLabel('Summit name', { exact: true }).fill('Moonlit Founders Summit');
  await page.getByRole('textbox', { name: 'Accent colour Hex code' }).fill('#2563EB');
  await page.getByRole('tab', { name: 'Content' }).click();
  await page.getByLabel('Host name').fill('Ada Moon');
  await page.getByLabel('Host bio').fill('Two lines\nof bio.');
  await page.getByRole('tab', { name: 'Links' }).click();
  await page.getByLabel('Instagram', { exact: true }).fill('https://instagram.com/moonlit');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Configuration' }).click();
  const download = await downloading;
  await expect(page.getByRole('status').filter({ hasText: 'Configuration downloaded' })).toBeVisible();
  const file = testInfo.outputPath('brand.json');
  await download.saveAs(file);
  const document = JSON.parse(fs.readFileSync(file, 'utf8'));
  expect(document).toMatchObject({
    kind: 'summit-brand-configuration',
    version: 1,
    brand: {
      summitName: 'Moonlit Founders Summit',
      accentColor: '#2563EB',
      hostName: 'Ada Moon',
      socialLinks: { instagram: 'https://instagram.com/moonlit' },
    },
  });

  await openForm(page);
  await page.getByLabel('Import Configuration').setInputFiles(file);
  await expect(page.getByRole('status').filter({ hasText: 'Configuration imported' })).toBeVisible();
  await expect(page.getByLabel('Summit name', { exact: true })).toHaveValue('Moonlit Founders Summit');
  await expect(page.getByRole('textbox', { name: 'Accent colour Hex code' })).toHaveValue('#2563EB');
  await page.getByRole('tab', { name: 'Content' }).click();
  await expect(page.getByLabel('Host bio')).toHaveValue('Two lines\nof bio.');

  const bad = testInfo.outputPath('bad.json');
  fs.writeFileSync(
    bad,
    JSON.stringify({ ...document, brand: { ...document.brand, primaryColor: 'purple', emailSettings: { supportEmail: 'nope' } } }),
  );
  await page.getByLabel('Import Configuration').setInputFiles(bad);
  await expect(page.locator('[data-import-problems]')).toContainText('primaryColor');
  await expect(page.locator('[data-import-problems]')).toContainText('supportEmail');
  await expect(page.getByLabel('Host bio')).toHaveValue('Two lines\nof bio.');
  await expect(page.getByRole('link', { name: 'Back to Setup Guide' })).toHaveAttribute('href', '/setup-guide');
});

test.describe('logo upload', () => {
  test.use({ extraHTTPHeaders: { 'x-forwarded-for': `203.0.113.${Math.floor(Math.random() * 250)}` } });

  test('a PNG succeeds and is served from storage; a renamed text file is refused', async ({ page }) => {
    await openForm(page);
    const input = page.locator('input[type=file][accept*="image/png"]');
    await input.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await png() });
    await expect(page.getByRole('status').filter({ hasText: 'Logo uploaded successfully' })).toBeVisible();
    const preview = page.getByRole('img', { name: /logo/i });
    await expect(preview).toHaveAttribute('src', /^\/uploads\/brands\/\d+-[0-9a-f]{16}\.png$/);
    const src = (await preview.getAttribute('src'))!;
    const served = await page.request.get(src);
    expect(served.headers()['content-type']).toBe('image/png');

    await input.setInputFiles({ name: 'not-really.png', mimeType: 'image/png', buffer: Buffer.from('this is a text file, not an image') });
    // The toast uses the spec's text; the field says what was wrong with the file.
    await expect(page.getByRole('alert').filter({ hasText: 'Upload error' })).toContainText(
      'There was an error uploading your logo. Please try again.',
    );
    await expect(page.locator('#brand-logo-upload-error')).toContainText('That file is not a JPG, PNG, SVG or WebP image.');
  });

  test('a 5 MB image is refused before and by the server', async ({ page, request, baseURL }) => {
    const big = await sharp(randomBytes(1400 * 1300 * 3), { raw: { width: 1400, height: 1300, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    const fiveMb = Buffer.concat([big, Buffer.alloc(Math.max(0, 5 * 1024 * 1024 - big.length))]);
    await openForm(page);
    await page.locator('input[type=file][accept*="image/png"]').setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: fiveMb });
    await expect(page.getByText(/2 MB/).first()).toBeVisible();
    const response = await request.post('/api/uploads/logo', {
      headers: { origin: baseURL! },
      multipart: { logo: { name: 'huge.png', mimeType: 'image/png', buffer: fiveMb } },
    });
    expect(response.status()).toBe(413);
  });

  test('an SVG with a script and onload is cleaned; opened directly it runs nothing', async ({ page, request, baseURL }) => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" onload="window.parent.pwned=1;document.title='pwned'"><script>document.title='pwned'</script><circle cx="5" cy="5" r="4" fill="#8b5cf6"/></svg>`;
    const response = await request.post('/api/uploads/logo', {
      headers: { origin: baseURL! },
      multipart: { logo: { name: 'logo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(svg) } },
    });
    expect(response.status()).toBe(201);
    const { url } = await response.json();
    const stored = await (await request.get(url)).text();
    expect(stored).not.toMatch(/script|onload|pwned/i);
    expect(stored).toContain('<circle');
    const served = await request.get(url);
    expect(served.headers()['content-security-policy']).toContain('sandbox');
    await page.goto(url);
    expect(await page.title()).not.toBe('pwned');
  });
});

test('a logo chosen right after the page has loaded is uploaded: 20 loads in a row', async ({ page }) => {
  // The island hydrated late (after the first contentful paint, which can come late
  // or, in a busy browser, not be reported), so a file chosen before then was silently lost.
  test.setTimeout(120_000);
  const logo = await png();
  for (let load = 0; load < 20; load++) {
    // Each load is its own client address: the anonymous uploads' per-minute limit is not what is tested.
    await page.setExtraHTTPHeaders({ 'x-forwarded-for': `198.51.100.${load + 1}` });
    await page.goto('/brand-config');
    await page.locator('input[type=file][accept*="image/png"]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logo });
    await expect(page.getByRole('status').filter({ hasText: 'Logo uploaded successfully' }), `load ${load + 1} of 20`).toBeVisible({
      timeout: 5_000,
    });
  }
});

test('a tab pressed right after the page has loaded is shown: 10 loads in a row', async ({ page }) => {
  test.setTimeout(60_000);
  for (let load = 0; load < 10; load++) {
    await page.goto('/brand-config');
    await page.getByRole('tab', { name: 'Links' }).click();
    await expect(page.getByRole('tab', { name: 'Links' }), `load ${load + 1} of 10`).toHaveAttribute('aria-selected', 'true', {
      timeout: 5_000,
    });
    await expect(page.getByLabel('Instagram', { exact: true })).toBeVisible();
  }
});

test('a brand colour under 4.5:1 as text is flagged with the nearest passing shade, which one press takes', async ({ page }) => {
  await openForm(page);
  const accent = page.getByRole('textbox', { name: 'Accent colour Hex code' });
  await accent.fill('#777777');
  const warning = page.locator('[data-contrast-warning="accentColor"]');
  await expect(warning).toContainText('Accent as text on white, or white text on accent: 4.47:1. Nearest passing shade: #767676');
  await warning.getByRole('button', { name: 'Use #767676 for accent' }).click();
  await expect(accent).toHaveValue('#767676');
  await expect(warning).toHaveCount(0);
  // A colour that reads well raises nothing.
  await accent.fill('#1F1630');
  await expect(page.locator('[data-contrast-warning="accentColor"]')).toHaveCount(0);
  await expect(page.locator('[data-contrast-warnings]')).toHaveAttribute('aria-live', 'polite');
});
