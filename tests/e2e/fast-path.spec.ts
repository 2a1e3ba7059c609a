/**
 * Which path answers a page (the x-page-path header, src/server/http/page-path.ts): a page every
 * visitor opens again and again (a signed-in registrant's day pages and dashboard, a returning
 * visitor's day page, the widgets) must be answered from memory before Astro from its second
 * request on, also once its state changed: an early price ended, a pass bought, a day opened.
 * The personal pages' speed rests on it (bench/RESULTS.md), and nothing else shows when the shell
 * is kept under one key and looked for under another: every page still renders, only slower.
 * A server of its own (its clock per request, x-test-now), so no other test's content change
 * empties its caches between two requests; august runs in `registrants` mode here.
 */
import Stripe from 'stripe';
import { sql } from 'drizzle-orm';
import { expect, test } from '@playwright/test';
import { preparedDataDir } from './support/prepared-data.ts';
import { registerThrough, type Registered } from './support/register.ts';
import { startServerProcess, type ServerProcess } from './support/server-process.ts';

test.describe.configure({ mode: 'serial', timeout: 180_000 });

const SECRET = 'whsec_fast_path_payments_secret';
/** July's All Access early price ends at 12:59 UTC on 4 December 2026. */
const EARLY_UNTIL = '2026-12-04T12:59:00.000Z';
const BEFORE_PRICE_ENDS = new Date('2026-12-04T12:00:00Z');
const AFTER_PRICE_ENDS = new Date('2026-12-04T13:00:00Z');
/** September's day 1 is live from 00:00 on 23 September 2025 in Sydney: 14:00 UTC the day before. */
const BEFORE_SEPTEMBER_DAY_1 = new Date('2025-09-22T12:00:00Z');
const SEPTEMBER_DAY_1 = new Date('2025-09-22T15:00:00Z');

let server: ServerProcess;
let data: { dataDir: string; remove(): void };

test.beforeAll(async () => {
  test.setTimeout(240_000);
  data = await preparedDataDir(async ({ db }) => {
    await db.execute(sql`update editions set access_mode = 'registrants' where slug = 'august'`);
    await db.execute(
      sql`update editions set settings = jsonb_set(jsonb_set(settings, '{upgrade,aap,earlyPrice}', '9700'), '{upgrade,aap,earlyPriceUntil}', ${JSON.stringify(EARLY_UNTIL)}::jsonb) where slug = 'july'`,
    );
  });
  server = await startServerProcess({
    DATA_DIR: data.dataDir,
    UNSAFE_TEST_CLOCK: 'true',
    PAYMENT_WEBHOOK_SECRET: SECRET,
    LOG_LEVEL: 'warn',
    // The HTTPS test below sends X-Forwarded-Proto as a proxy would.
    TRUST_PROXY: 'true',
  });
});
test.afterAll(async () => {
  await server?.stop();
  data?.remove();
});

interface Answer {
  status: number;
  path: string | null;
  html: string;
}

async function get(path: string, { now, cookie }: { now: Date; cookie?: string }): Promise<Answer> {
  const headers: Record<string, string> = { 'x-test-now': now.toISOString() };
  if (cookie) headers.cookie = cookie;
  const response = await fetch(`${server.url}${path}`, { headers, redirect: 'manual' });
  return { status: response.status, path: response.headers.get('x-page-path'), html: await response.text() };
}

/** The page twice: the first may render (and keep its shell); the second must come from memory. */
async function twice(path: string, options: { now: Date; cookie?: string }): Promise<Answer> {
  const first = await get(path, options);
  expect(first.status, `${path}: ${first.html.slice(0, 200)}`).toBe(200);
  const second = await get(path, options);
  expect(second.status, path).toBe(200);
  expect(second.path, `${path} the second time`).toBe('fast');
  return second;
}

async function register(edition: string, now: Date): Promise<Registered & { email: string }> {
  const email = `fast-${edition}-${Math.random().toString(36).slice(2)}@example.com`;
  return { ...(await registerThrough(server.url, { summit: edition, email, firstName: 'Fast', now })), email };
}

/** All Access bought through a signed checkout event, as Stripe sends it. */
async function buyAllAccess(registrant: { id: string; email: string }, edition: string, amount: number): Promise<void> {
  const payload = JSON.stringify({
    id: `evt_${registrant.id}_${edition}`,
    object: 'event',
    type: 'checkout.session.completed',
    data: {
      object: {
        id: `cs_${registrant.id}_${edition}`,
        object: 'checkout.session',
        client_reference_id: `registrant-${registrant.id}`,
        customer_details: { email: registrant.email },
        metadata: { pass: 'aap', edition },
        amount_total: amount,
        currency: 'usd',
        payment_intent: `pi_${registrant.id}_${edition}`,
        payment_status: 'paid',
      },
    },
  });
  const response = await fetch(`${server.url}/api/webhooks/payments`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }),
    },
    body: payload,
  });
  expect(response.status).toBe(200);
  expect(await response.json()).toMatchObject({ result: 'granted', tier: 'aap' });
}

test('a signed-in registrant’s day pages and dashboard come from memory, in an open and in a registrants edition', async () => {
  const now = new Date('2025-07-15T10:00:00Z');
  const july = await register('july', now);
  for (const path of ['/july/day-1', '/july/day-2', '/july/dashboard']) await twice(path, { now, cookie: july.cookie });

  const august = await register('august', new Date('2025-08-15T10:00:00Z'));
  const inAugust = { now: new Date('2025-08-15T10:00:00Z'), cookie: august.cookie };
  await twice('/august/day-1', inAugust);
  // A free registrant's reduced dashboard holds their own visits and drip: rendered whole for them (decision 0033).
  expect((await get('/august/dashboard', inAugust)).path).not.toBe('fast');
  expect((await get('/august/dashboard', inAugust)).path).not.toBe('fast');
  await buyAllAccess(august, 'august', 19700);
  for (const path of ['/august/day-1', '/august/dashboard']) await twice(path, inAugust);
});

test('a returning visitor’s day page comes from memory; a registrants edition’s never does', async () => {
  const now = new Date('2025-07-15T10:00:00Z');
  const first = await fetch(`${server.url}/july/day-1`, { headers: { 'x-test-now': now.toISOString() } });
  expect(first.status).toBe(200);
  const cookie = first.headers.get('set-cookie')!.split(';')[0]!;
  await twice('/july/day-1', { now, cookie });
  await twice('/july/dashboard', { now, cookie });
  // Without a personal link a registrants edition sends the visitor to registration, every time.
  const august = await get('/august/day-1', { now, cookie });
  expect(august.status).toBe(302);
});

test('the widgets come from memory', async () => {
  for (const path of ['/august/speakers-embed', '/september/bonus-bundle-embed', '/july/speakers-embed']) {
    await twice(path, { now: new Date() });
  }
});

test('an early price ending: the next page shows the full price, and is then answered from memory again', async () => {
  const registrant = await register('july', BEFORE_PRICE_ENDS);
  const before = await twice('/july/dashboard', { now: BEFORE_PRICE_ENDS, cookie: registrant.cookie });
  expect(before.html).toContain('$97.00');
  const after = await get('/july/dashboard', { now: AFTER_PRICE_ENDS, cookie: registrant.cookie });
  expect(after.status).toBe(200);
  expect(after.html).not.toContain('$97.00');
  expect(after.html).toContain('$197.00');
  const again = await twice('/july/dashboard', { now: new Date(AFTER_PRICE_ENDS.getTime() + 60_000), cookie: registrant.cookie });
  expect(again.html).not.toContain('$97.00');
});

test('an early price’s deadline in each signed-in reader’s own zone, from one kept dashboard, and on their thank-you page', async () => {
  const inZone = async (timeZone: string) => {
    const email = `zone-${Math.random().toString(36).slice(2)}@example.com`;
    return registerThrough(server.url, { summit: 'july', email, firstName: 'Zone', now: BEFORE_PRICE_ENDS, timeZone });
  };
  const [newYork, tokyo] = [await inZone('America/New_York'), await inZone('Asia/Tokyo')];
  // 12:59 UTC on 4 December: 07:59 in New York, 21:59 in Tokyo; the page's shell is the same for both.
  const ofNewYork = await twice('/july/dashboard', { now: BEFORE_PRICE_ENDS, cookie: newYork.cookie });
  expect(ofNewYork.html).toContain('$97.00 until Fri Dec 4, 07:59 (America/New_York), then $197.00');
  // Tokyo's first request is filled from the shell New York's made (nothing rendered), the next from memory.
  expect((await get('/july/dashboard', { now: BEFORE_PRICE_ENDS, cookie: tokyo.cookie })).path).toBe('shell');
  const ofTokyo = await twice('/july/dashboard', { now: BEFORE_PRICE_ENDS, cookie: tokyo.cookie });
  expect(ofTokyo.html).toContain('$97.00 until Fri Dec 4, 21:59 (Asia/Tokyo), then $197.00');
  const thankYou = await get('/thank-you', { now: BEFORE_PRICE_ENDS, cookie: newYork.cookie });
  expect(thankYou.html).toContain('$97.00 until Fri Dec 4, 07:59 (America/New_York), then $197.00');
});

test('a pass bought: the registrant’s pages show it at once, and come from memory again', async () => {
  const now = new Date('2025-07-15T10:00:00Z');
  const registrant = await register('july', now);
  const free = await twice('/july/day-1', { now, cookie: registrant.cookie });
  expect(free.html).toContain('client_reference_id=registrant-');
  await buyAllAccess(registrant, 'july', 19700);
  const bought = await get('/july/day-1', { now, cookie: registrant.cookie });
  expect(bought.status).toBe(200);
  // No offer of the pass the registrant now holds.
  expect(bought.html).not.toContain('client_reference_id=registrant-');
  const again = await twice('/july/day-1', { now, cookie: registrant.cookie });
  expect(again.html).not.toContain('client_reference_id=registrant-');
});

test('a day opening: the dashboard plays it at once, and comes from memory again', async () => {
  const registrant = await register('september', BEFORE_SEPTEMBER_DAY_1);
  await buyAllAccess(registrant, 'september', 19700);
  const before = await twice('/september/dashboard', { now: BEFORE_SEPTEMBER_DAY_1, cookie: registrant.cookie });
  const opened = await twice('/september/dashboard', { now: SEPTEMBER_DAY_1, cookie: registrant.cookie });
  const players = (html: string) => (html.match(/<audio\b|data-episode-player/g) ?? []).length;
  expect(players(opened.html)).toBeGreaterThan(players(before.html));
});

/** The head of an answer, without what differs per answer (its date, length or chunking, path and cookie). */
async function headOf(path: string, headers: Record<string, string>): Promise<{ path: string | null; head: Record<string, string> }> {
  const response = await fetch(`${server.url}${path}`, { headers, redirect: 'manual' });
  await response.arrayBuffer();
  const head = Object.fromEntries(
    [...response.headers].filter(([name]) => !['date', 'content-length', 'transfer-encoding', 'x-page-path', 'set-cookie'].includes(name)),
  );
  return { path: response.headers.get('x-page-path'), head };
}

test('the fast path’s head is the rendered page’s, over plain HTTP and behind an HTTPS proxy', async () => {
  const now = new Date('2025-07-15T10:00:00Z');
  const july = await register('july', now);
  for (const proxy of [{}, { 'x-forwarded-proto': 'https' }] as Record<string, string>[]) {
    const headers = { 'x-test-now': now.toISOString(), cookie: july.cookie, ...proxy };
    // A content change empties the kept pages: the next answer renders, the one after is kept.
    const answers = [await headOf('/july/day-3', headers), await headOf('/july/day-3', headers)];
    expect(answers.map((answer) => answer.path)).toEqual(['render', 'fast']);
    expect(answers[1]!.head).toEqual(answers[0]!.head);
    if ('x-forwarded-proto' in proxy) expect(answers[1]!.head['strict-transport-security']).toContain('max-age=');
    else expect(answers[1]!.head['strict-transport-security']).toBeUndefined();
    expect(answers[1]!.head['x-frame-options']).toBe('DENY');
  }
});
