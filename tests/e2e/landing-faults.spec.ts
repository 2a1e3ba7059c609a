import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { expect, test } from '@playwright/test';
import { fallbackSpeakers } from '../../src/content/fallback-speakers.ts';
import { openDatabase } from '../../src/server/db/client.ts';
import { startServerProcess } from './support/server-process.ts';

/**
 * The speakers source fails for real: the table is dropped from a seeded data folder while no
 * server runs, then the server starts on it. The rest of the landing page must still render.
 */
test.describe('when the speakers source fails', () => {
  let root: string;
  let dataDir: string;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'summit-faults-'));
    dataDir = path.join(root, 'data');
    const seeding = await startServerProcess({ DATA_DIR: dataDir });
    await seeding.stop();
    const handle = await openDatabase({ driver: 'pglite', dataDir: path.join(dataDir, 'pglite') });
    await handle.db.execute(sql`drop table speakers`);
    await handle.close();
  });
  test.afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  test('the landing page shows the bundled 20 fallback speakers', async ({ page }) => {
    const server = await startServerProcess({ DATA_DIR: dataDir });
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

  test('with the fallback turned off, the grid shows the error message and the rest still renders', async ({ page }) => {
    const server = await startServerProcess({ DATA_DIR: dataDir, SPEAKERS_FALLBACK: 'false' });
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
});
