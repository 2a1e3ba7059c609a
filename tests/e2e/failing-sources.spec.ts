import { sql } from 'drizzle-orm';
import { expect, test } from '@playwright/test';
import { fallbackSpeakers } from '../../src/content/site/fallback-speakers.ts';
import { preparedDataDir } from './support/prepared-data.ts';
import { startServerProcess } from './support/server-process.ts';

/**
 * Sources that fail for real: tables are dropped from a seeded data folder. Each block must show its own failure state while the rest of the page renders.
 */
let prepared: Awaited<ReturnType<typeof preparedDataDir>>;

// Each test starts its own server process on the prepared folder: seconds on a busy machine.
test.describe.configure({ timeout: 90_000 });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  prepared = await preparedDataDir(async ({ db }) => {
    // cascade: share links (decision 0038) point at speakers; only their foreign key goes.
    await db.execute(sql`drop table speakers cascade`);
    await db.execute(sql`drop table user_sessions`);
    await db.execute(sql`drop table implementation_sessions`);
    await db.execute(sql`drop table bonus_bundle_items`);
  });
});
test.afterAll(() => prepared?.remove());

test('the landing page shows the bundled 20 fallback speakers', async ({ page }) => {
  const server = await startServerProcess({ DATA_DIR: prepared.dataDir });
  try {
    expect((await page.goto(`${server.url}/`))?.status()).toBe(200);
    const cards = page.locator('#speakers [data-speaker-card]');
    await expect(cards).toHaveCount(20);
    const first = fallbackSpeakers[0]!;
    await expect(cards.first()).toContainText(`${first.firstName} ${first.lastName}`);
    await expect(page.locator('[data-sponsor-card]')).toHaveCount(4);
    await expect(page.locator('[data-faq-item]')).toHaveCount(6);
  } finally {
    await server.stop();
  }
});

test('with the fallback turned off, the landing grid shows the error message and the rest still renders', async ({ page }) => {
  const server = await startServerProcess({ DATA_DIR: prepared.dataDir, SPEAKERS_FALLBACK: 'false' });
  try {
    expect((await page.goto(`${server.url}/`))?.status()).toBe(200);
    await expect(page.locator('#speakers').getByRole('alert')).toHaveText('Unable to load speakers at this time. Please try again later.');
    await expect(page.locator('#speakers [data-speaker-card]')).toHaveCount(0);
    await expect(page.locator('[data-sponsor-card]')).toHaveCount(4);
    await expect(page.locator('[data-faq-item]')).toHaveCount(6);
  } finally {
    await server.stop();
  }
});

test('a day page shows the speakers error, no countdown when the visit cannot be recorded, and the reset-session action', async ({
  page,
}) => {
  const server = await startServerProcess({ DATA_DIR: prepared.dataDir });
  try {
    expect((await page.goto(`${server.url}/july/day-1`))?.status()).toBe(200);
    const alert = page.getByRole('alert').filter({ hasText: 'Error loading speakers' });
    await expect(alert).toContainText('Please try refreshing the page');
    await expect(page.locator('[data-host-card]')).toHaveCount(1);
    await expect(page.locator('[data-episode-player] [data-duration]').first()).toHaveText('2:15:30');

    await expect(page.locator('[data-countdown]')).toHaveCount(0);
    await expect(page.locator('[data-session-error]')).toBeVisible();
    const before = (await page.context().cookies()).find((c) => c.name === 'summit_session')?.value;
    expect(before).toBeTruthy();
    await page.getByRole('button', { name: 'Reset session' }).click();
    await expect(page).toHaveURL(`${server.url}/july/day-1`);
    const after = (await page.context().cookies()).find((c) => c.name === 'summit_session')?.value;
    expect(after).toBeTruthy();
    expect(after).not.toBe(before);
  } finally {
    await server.stop();
  }
});

test('the widgets show their own failure messages; the general speakers widget falls back', async ({ page }) => {
  const server = await startServerProcess({ DATA_DIR: prepared.dataDir });
  try {
    const alertOn = async (path: string) => {
      expect((await page.goto(`${server.url}${path}`))?.status()).toBe(200);
      return page.getByRole('alert');
    };
    await expect(await alertOn('/july/speakers-embed')).toHaveText('Unable to load July speakers at this time. Please try again later.');
    await expect(await alertOn('/august/speakers-embed')).toHaveText(
      'Unable to load August speakers at this time. Please try again later.',
    );
    await expect(await alertOn('/september/speakers-embed')).toHaveText(
      'Unable to load September speakers at this time. Please try refreshing the page.',
    );
    await expect(await alertOn('/september/implementation-embed')).toHaveText(
      'Error loading implementation sessions. Please try again later.',
    );
    await expect(await alertOn('/september/bonus-bundle-embed')).toHaveText('Error loading bonus bundle items. Please try again later.');
    await page.goto(`${server.url}/speakers-embed`);
    await expect(page.locator('[data-speaker-card]')).toHaveCount(20);
  } finally {
    await server.stop();
  }
});
