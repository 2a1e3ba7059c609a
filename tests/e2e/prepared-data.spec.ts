import { and, eq } from 'drizzle-orm';
import { expect, test } from '@playwright/test';
import { demoContent } from '../../src/content/index.ts';
import { editions, hosts } from '../../src/server/db/schema.ts';
import { insertDemoEdition } from '../../src/server/demo-content/seed.ts';
import { openAt } from './support/clock.ts';
import { preparedDataDir } from './support/prepared-data.ts';
import { startServerProcess, type ServerProcess } from './support/server-process.ts';
import { EVENT_ENDED, expectWindowOver } from './support/window-over.ts';

/** A fourth edition added as data only, and a day without a host, in a prepared data folder. */
test.describe('a fourth edition added as data, live across the Sydney daylight-saving change', () => {
  let prepared: Awaited<ReturnType<typeof preparedDataDir>>;
  let server: ServerProcess;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    const september = demoContent.editions.find((e) => e.edition.slug === 'september')!;
    prepared = await preparedDataDir(async ({ db }) => {
      await insertDemoEdition(db, {
        ...september,
        bonusBundle: [],
        edition: {
          ...september.edition,
          slug: 'october',
          name: 'October',
          position: 4,
          summitStartDate: '2025-10-04',
          summitEndDate: '2025-10-06',
        },
        timers: {
          // Sydney moves from 02:00 to 03:00 on 2025-10-05: this window is 23 real hours.
          day1: {
            mode: 'live',
            eventStartDate: '2025-10-04T12:00',
            eventEndDate: '2025-10-05T12:00',
            timezone: 'Australia/Sydney',
            redirectUrl: 'day-2',
          },
          day2: {
            mode: 'live',
            eventStartDate: '2025-10-05T12:00',
            eventEndDate: '2025-10-06T12:00',
            timezone: 'Australia/Sydney',
            redirectUrl: 'day-3',
          },
          day3: {
            mode: 'live',
            eventStartDate: '2025-10-06T12:00',
            eventEndDate: '2025-10-07T12:00',
            timezone: 'Australia/Sydney',
            redirectUrl: 'https://example.com/october-course',
          },
          dashboard: { mode: 'evergreen', durationSeconds: 30 * 86400, redirectUrl: 'https://example.com' },
        },
      });
      // And a day with no host at all, in an existing edition.
      const [august] = await db.select().from(editions).where(eq(editions.slug, 'august'));
      await db.delete(hosts).where(and(eq(hosts.editionId, august!.id), eq(hosts.day, 2)));
    });
    server = await startServerProcess({ DATA_DIR: prepared.dataDir, UNSAFE_TEST_CLOCK: 'true' });
  });
  test.afterAll(async () => {
    await server?.stop();
    prepared?.remove();
  });

  test('its day page works at its own path and counts 23 hours across the change', async ({ page }) => {
    // 12:00 AEST on 2025-10-04 is 02:00 UTC.
    const response = await openAt(page, `${server.url}/october/day-1`, new Date('2025-10-04T02:00:00Z'));
    expect(response?.status()).toBe(200);
    await expect(page.locator('[data-countdown]')).toContainText('This event ends in');
    const units = await page.locator('[data-countdown] [data-unit]').allTextContents();
    expect(units.join(':')).toBe('00:23:00:00');
    await expect(page.locator('[data-speaker-card]')).toHaveCount(4);
  });

  test('it has ended at 12:00 daylight time the next day and the server sends visitors on', async ({ request }) => {
    const response = await request.get(`${server.url}/october/day-1`, {
      maxRedirects: 0,
      headers: { 'x-test-now': '2025-10-05T01:00:01Z' },
    });
    expectWindowOver(
      { status: response.status(), text: await response.text() },
      { location: '/october/day-2', message: EVENT_ENDED('Day 1'), seconds: 3 },
    );
  });

  test('its dashboard works at its own path, with no code change', async ({ page }) => {
    const response = await openAt(page, `${server.url}/october/dashboard`, new Date('2025-10-04T02:00:00Z'));
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toContainText("You're In");
    await expect(page.getByRole('heading', { level: 1 })).toContainText('October');
    await expect(page.locator('details[data-day-panel]')).toHaveCount(3);
    await expect(page.locator('[data-integration-session]')).toHaveCount(5);
  });

  test('its bonus bundle widget says when there are no items yet', async ({ page }) => {
    expect((await page.goto(`${server.url}/october/bonus-bundle-embed`))?.status()).toBe(200);
    await expect(page.getByText('No bonus items available yet')).toBeVisible();
  });

  test('the content API serves it too', async ({ request }) => {
    const body = await (await request.get(`${server.url}/api/fetch-speakers?summit=october&view=host`)).json();
    expect(body.hosts).toHaveLength(3);
  });

  test('a day without a host shows the fallback "Your Host" card', async ({ page }) => {
    await openAt(page, `${server.url}/august/day-2`, new Date('2026-03-01T00:00:00Z'));
    const fallback = page.locator('[data-host-fallback]');
    await expect(fallback.getByRole('heading', { name: 'Your Host' })).toBeVisible();
    await expect(fallback).toContainText('Day 2');
    await expect(page.locator('[data-host-card]')).toHaveCount(0);
  });
});
