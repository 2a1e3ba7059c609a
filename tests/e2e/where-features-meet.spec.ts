/**
 * Pages where features meet, on an edition made from scratch (tests/support/tidewater-edition.ts: "New
 * edition" in Europe/Berlin, EUR, registrants mode, live days, passes of its own names), with a
 * brand applied whose tagline is empty, read as HTML (no browser) from a server of its own whose
 * clock is set per request (UNSAFE_TEST_CLOCK, x-test-now):
 *
 * - the day page's upgrade banner fills {{summit_dates}}, as the edition form says it may;
 * - the countdown's sentence names its time in the edition's zone ("2 Dec 2026, 00:00 CET"), as
 *   the day's opening does before the browser rewrites it, never UTC beside CET; on the fast path too;
 *   for a registrant whose browser gave its zone at registration, in theirs (decision 0081);
 * - the home page shows no tagline for a brand applied with an empty one.
 */
import { eq } from 'drizzle-orm';
import { expect, test } from '@playwright/test';
import { SITE_DEFAULTS } from '../../src/domain/brand.ts';
import type { EditionSettings } from '../../src/domain/edition-settings/schema.ts';
import { applySiteBrand } from '../../src/server/brand/apply-brand.ts';
import { editions } from '../../src/server/db/schema.ts';
import { DAY_STARTS, insertTidewater, TIDEWATER, tidewaterAdmin } from '../support/tidewater-edition.ts';
import { preparedDataDir } from './support/prepared-data.ts';
import { startServerProcess, type ServerProcess } from './support/server-process.ts';
import { registerThrough } from './support/register.ts';

test.describe.configure({ mode: 'serial', timeout: 180_000 });

/** 11:00 in Berlin on day 1. */
const ON_DAY_1 = new Date(DAY_STARTS[0]!.getTime() + 12 * 3600_000);
const UPGRADE_TEXT = 'The {{pass_name}} keeps every workshop open after {{summit_dates}}.';

let server: ServerProcess;
let data: { dataDir: string; remove(): void };

test.beforeAll(async () => {
  test.setTimeout(240_000);
  data = await preparedDataDir(async (handle) => {
    const admin = await tidewaterAdmin(handle);
    const { id } = await insertTidewater(handle);
    // The host rewrites the day page's banner with the field the form offers.
    const [row] = await handle.db.select().from(editions).where(eq(editions.id, id));
    const settings = row!.settings as EditionSettings;
    const dayPage = { ...settings.texts.dayPage, upgradeText: UPGRADE_TEXT };
    await handle.db
      .update(editions)
      .set({ settings: { ...settings, texts: { ...settings.texts, dayPage } } })
      .where(eq(editions.id, id));
    expect(await applySiteBrand(handle, admin, { summitName: 'Tidewater Makers Summit', tagline: '' })).toMatchObject({ ok: true });
  });
  server = await startServerProcess({ DATA_DIR: data.dataDir, UNSAFE_TEST_CLOCK: 'true', LOG_LEVEL: 'warn' });
});
test.afterAll(async () => {
  await server?.stop();
  data?.remove();
});

async function get(path: string, now: Date, cookie?: string): Promise<{ status: number; path: string | null; html: string }> {
  const headers: Record<string, string> = { 'x-test-now': now.toISOString() };
  if (cookie) headers.cookie = cookie;
  const response = await fetch(`${server.url}${path}`, { headers, redirect: 'manual' });
  return { status: response.status, path: response.headers.get('x-page-path'), html: await response.text() };
}

let registered = 0;

async function register(now: Date, timeZone?: string): Promise<string> {
  registered += 1;
  const email = `elske-${registered}@tidewater.example`;
  return (await registerThrough(server.url, { summit: TIDEWATER.slug, email, firstName: 'Elske', now, timeZone })).cookie;
}

/** The text of the element carrying `attribute`, tags stripped. */
const textOf = (html: string, attribute: string) =>
  new RegExp(`<[^>]*${attribute}[^>]*>([\\s\\S]*?)</p>`).exec(html)?.[1]?.replace(/<[^>]+>/g, '') ?? '';

test('the day page’s banner fills {{summit_dates}}', async () => {
  const cookie = await register(ON_DAY_1);
  const page = await get(`/${TIDEWATER.slug}/day-1`, ON_DAY_1, cookie);
  expect(page.status, page.html.slice(0, 300)).toBe(200);
  expect(page.html).toContain('keeps every workshop open after December 1-3 2026.');
  expect(page.html).not.toContain('open after .');
});

test('the countdown and the day’s opening name their time in the edition’s zone, on both paths', async () => {
  const cookie = await register(ON_DAY_1);
  for (const attempt of ['first', 'second'] as const) {
    const day1 = await get(`/${TIDEWATER.slug}/day-1`, ON_DAY_1, cookie);
    expect(day1.status).toBe(200);
    // Day 1 is live until midnight in Berlin.
    expect(textOf(day1.html, 'data-time-limit'), `${attempt} (${day1.path})`).toContain('This event ends on 2 Dec 2026, 00:00 CET.');
    expect(day1.html).not.toMatch(/\d\d:\d\d UTC/);
    const day2 = await get(`/${TIDEWATER.slug}/day-2`, ON_DAY_1, cookie);
    expect(day2.status).toBe(200);
    expect(textOf(day2.html, 'data-time-limit'), `${attempt} (${day2.path})`).toContain('This event starts on 2 Dec 2026, 00:00 CET.');
    // The day's opening, as rendered before the browser writes it in the reader's own zone.
    expect(/<time[^>]*data-opens-at[^>]*>([^<]*)<\/time>/.exec(day2.html)?.[1]).toBe('2 Dec 2026, 00:00 CET');
    expect(day2.html).not.toMatch(/\d\d:\d\d UTC/);
    // The second request is answered from memory, its countdown filled from the cached deadline text.
    if (attempt === 'second') expect([day1.path, day2.path]).toEqual(['fast', 'fast']);
  }
});

test('a registrant whose browser gave its zone reads the countdown and the day’s opening in it, on both paths', async () => {
  const cookie = await register(ON_DAY_1, 'America/New_York');
  for (const attempt of ['first', 'second'] as const) {
    const day1 = await get(`/${TIDEWATER.slug}/day-1`, ON_DAY_1, cookie);
    expect(day1.status).toBe(200);
    // Midnight in Berlin is 18:00 the day before in New York.
    expect(textOf(day1.html, 'data-time-limit'), `${attempt} (${day1.path})`).toContain('This event ends on 1 Dec 2026, 18:00 GMT-5.');
    expect(day1.html).not.toContain('00:00 CET.');
    const day2 = await get(`/${TIDEWATER.slug}/day-2`, ON_DAY_1, cookie);
    expect(textOf(day2.html, 'data-time-limit'), `${attempt} (${day2.path})`).toContain('This event starts on 1 Dec 2026, 18:00 GMT-5.');
    expect(/<time[^>]*data-opens-at[^>]*>([^<]*)<\/time>/.exec(day2.html)?.[1]).toBe('1 Dec 2026, 18:00 GMT-5');
    if (attempt === 'second') expect([day1.path, day2.path]).toEqual(['fast', 'fast']);
  }
});

test('a brand applied with an empty tagline shows none, not the demo’s', async () => {
  const home = await get('/', ON_DAY_1);
  expect(home.status).toBe(200);
  expect(home.html).toContain('Tidewater Makers Summit');
  expect(home.html).not.toContain(SITE_DEFAULTS.tagline);
});
