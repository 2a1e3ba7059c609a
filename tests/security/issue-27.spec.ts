/**
 * The reproductions of "what an attacker and a payment provider found" that need the
 * running server: each failed before its fix.
 */
import { once } from 'node:events';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Browser } from '@playwright/test';
import sharp from 'sharp';
import Stripe from 'stripe';
import { E2E_WEBHOOK_SECRET } from '../e2e/support/paths.ts';
import { E2E_ADMIN, signInAsAdmin } from '../e2e/support/admin.ts';
import { startPartnerSite } from '../e2e/support/partner-site.ts';
import { startServerProcess, startServerWithAdmin } from '../e2e/support/server-process.ts';

let address = 0;
const nextAddress = () => `198.19.${Math.floor(Math.random() * 250)}.${(++address % 250) + 1}`;

function upload(request: APIRequestContext, baseURL: string, name: string, mimeType: string, buffer: Buffer) {
  return request.post('/api/uploads/logo', {
    headers: { origin: baseURL, 'x-forwarded-for': nextAddress() },
    multipart: { logo: { name, mimeType, buffer } },
    timeout: 60_000,
  });
}

/** The time (ms) of one /healthz answer. */
async function healthTime(baseURL: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${baseURL}/healthz`);
  await response.text();
  return performance.now() - started;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** /healthz times (ms) with nothing of this test running: what the machine gives right now. */
async function healthAtRest(baseURL: string): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < 12; i++) {
    times.push(await healthTime(baseURL));
    await pause(20);
  }
  return times;
}

/** /healthz times (ms), sampled every 20 ms while `work` runs. */
async function healthWhile(baseURL: string, work: Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  let done = false;
  const finished = work.finally(() => {
    done = true;
  });
  while (!done) {
    times.push(await healthTime(baseURL));
    await pause(20);
  }
  await finished;
  return times;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
/** The lower quartile: what a request takes when nothing else on the machine gets in its way. */
const lowerQuartile = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 4)]!;

/**
 * The server answers others while `during` ran about as it did just before: a server held up by
 * the work answers late, where a machine busy with other suites slows both readings alike (a
 * full CI run put /healthz at 140-340 ms with two workers of other specs beside this one). No
 * answer waits a second: the defect was a server blocked for seconds.
 */
function expectServerNotHeldUp(rest: number[], during: number[]): void {
  const report = `at rest: ${rest.map(Math.round).join(' ')}; during: ${during.map(Math.round).join(' ')}`;
  expect(median(during), report).toBeLessThan(median(rest) + 150);
  expect(Math.max(...during), report).toBeLessThan(1000);
}

/**
 * `work` does not hold the server up. A server held up by the work is held up on every try; a
 * machine busy with other suites is not, once it slowed /healthz by 200-600 ms for one try in a
 * full CI run (two workers on two cores). So the work is tried up to three times, each against a
 * reading at rest taken just before, and fails only when every try was held up.
 */
async function expectNotHeldUpBy(baseURL: string, work: () => Promise<unknown>): Promise<void> {
  const reports: string[] = [];
  for (let attempt = 0; attempt < 3; attempt++) {
    const rest = await healthAtRest(baseURL);
    const during = await healthWhile(baseURL, work());
    try {
      expectServerNotHeldUp(rest, during);
      return;
    } catch (error) {
      reports.push(error instanceof Error ? error.message.split('\n')[0]! : String(error));
    }
  }
  throw new Error(`held up on every try:\n${reports.join('\n')}`);
}

test('item 1: a hostile SVG upload is refused with 415 and a message, stores nothing over 2 MB, and /healthz stays fast', async ({
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  // 650,000 nested groups: was a 500 (stack overflow in the HTML parser).
  const nested = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg">${'<g>'.repeat(650_000)}</svg>`);
  // 290,000 empty rectangles: was accepted and stored at 3.77 MB, blocking the server for seconds.
  const rects = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg">${'<rect/>'.repeat(290_000)}</svg>`);
  expect(nested.length).toBeLessThan(2 * 1024 * 1024);
  expect(rects.length).toBeLessThan(2 * 1024 * 1024);

  const answers: { status: number; body: { error?: string; url?: string } }[] = [];
  const hostileRound = async () => {
    for (const [name, buffer] of [
      ['nested.svg', nested],
      ['rects.svg', rects],
    ] as const) {
      const response = await upload(request, baseURL!, name, 'image/svg+xml', buffer);
      answers.push({ status: response.status(), body: await response.json() });
    }
  };
  await expectNotHeldUpBy(baseURL!, async () => {
    for (let round = 0; round < 3; round++) await hostileRound();
  });
  for (const answer of answers) {
    expect(answer.status).toBe(415);
    expect(answer.body.error).toMatch(/too (deeply nested|many)/);
  }

  // A real logo with many shapes is still taken, and what is stored is at most 2 MB.
  const paths = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">${`<path d="${'M1 2 L3 4 '.repeat(40)}" fill="#123456"/>`.repeat(4000)}</svg>`,
  );
  const busy = await upload(request, baseURL!, 'busy.svg', 'image/svg+xml', paths);
  expect(busy.status()).toBe(201);
  const stored = await request.get((await busy.json()).url);
  expect((await stored.body()).length).toBeLessThanOrEqual(2 * 1024 * 1024);
});

test('item 1: a small PNG declaring 24 MP does not hold up the server when every width is asked for', async ({ request, baseURL }) => {
  test.setTimeout(180_000);
  const png = await sharp({ create: { width: 6000, height: 4000, channels: 3, background: '#0f766e' } })
    .png({ compressionLevel: 9 })
    .toBuffer();
  const urls: string[] = [];
  for (let i = 0; i < 3; i++) {
    const response = await upload(request, baseURL!, `wide-${i}.png`, 'image/png', png);
    expect(response.status()).toBe(201);
    urls.push((await response.json()).url);
  }
  const widths = [160, 320, 480, 640, 960, 1280];
  const rest = await healthAtRest(baseURL!);
  const resizing = Promise.all(urls.flatMap((url) => widths.map(async (width) => (await fetch(`${baseURL}/media/${width}${url}`)).status)));
  const times = await healthWhile(baseURL!, resizing);
  for (const status of await resizing) expect([200, 503]).toContain(status);
  expectServerNotHeldUp(rest, times);
});

/** A copy of `from` under a new slug, in `registrants` mode, made as an admin does it. */
async function registrantsEdition(browser: Browser, from: string, slug: string): Promise<void> {
  const admin = await browser.newPage();
  await signInAsAdmin(admin);
  await admin.goto('/admin/editions');
  await admin.getByLabel('Copy from').selectOption(from);
  await admin.getByLabel('New slug').fill(slug);
  await admin.getByLabel('New name').fill(`Gated ${from}`);
  await admin.getByRole('button', { name: 'Duplicate' }).click();
  // The demo's dates are past and its texts name it: the review lists them before anything is saved.
  await admin.getByRole('button', { name: 'Duplicate anyway' }).click();
  await expect(admin).toHaveURL(new RegExp(`/admin/editions/${slug}\\?created=1$`));
  await admin.getByLabel('Access mode').selectOption('registrants');
  await admin.getByRole('button', { name: 'Save the edition' }).click();
  await expect(admin.getByLabel('Access mode')).toHaveValue('registrants');
  await admin.close();
}

test('item 2: what a pass unlocks is in no public answer for a registrants edition; open editions keep it', async ({
  browser,
  request,
}) => {
  const august = `gated-aug-${Date.now().toString(36)}`;
  const september = `gated-sep-${Date.now().toString(36)}`;
  await registrantsEdition(browser, 'august', august);
  await registrantsEdition(browser, 'september', september);

  const sessionLinks = (body: string) => [...body.matchAll(/"integrationSessionLink":"(https?:[^"]+)"/g)].map((found) => found[1]);
  for (const slug of [august, september]) {
    for (const query of [`summit=${slug}`, `summit=${slug}&view=host`, `summit=${slug}&view=implementation`]) {
      const response = await request.get(`/api/fetch-speakers?${query}`);
      expect(response.status(), query).toBe(200);
      expect(sessionLinks(await response.text()), query).toEqual([]);
    }
  }
  const embed = await request.get(`/${september}/implementation-embed`);
  expect(embed.status()).toBe(200);
  const html = await embed.text();
  expect(html).toContain('implementation');
  expect(html).not.toContain('Join the Session');
  expect(html).not.toContain('integration.');

  // The open demo editions still carry them, as docs/PRODUCT.md "Widgets and embeds" describes.
  expect(sessionLinks(await (await request.get('/api/fetch-speakers?summit=august&view=implementation')).text()).length).toBeGreaterThan(0);
  expect(await (await request.get('/september/implementation-embed')).text()).toContain('Join the Session');
});

/** The cookies of an answer, a personal key's value replaced by "{key}". */
function cookieShapes(setCookies: string[]): string[] {
  return setCookies
    .map((cookie) => cookie.replace(/^([^=]+)=(\d+-[A-Za-z0-9_-]{32});/, '$1={key};').replace(/expires=[^;]+/i, 'expires=…'))
    .sort();
}

test('item 3: registering a known and a new address answers the same, with the same cookies; Find my access takes the same time', async ({
  baseURL,
}) => {
  const known = `known-${Date.now().toString(36)}@example.com`;
  const register = (email: string) =>
    fetch(`${baseURL}/register?next=%2Fjuly%2Fday-1`, {
      method: 'POST',
      redirect: 'manual',
      headers: { origin: baseURL!, 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': nextAddress() },
      body: new URLSearchParams({ firstName: 'Quinn', email, consent: 'on', summit: 'july' }),
    });
  expect((await register(known)).status).toBe(303);
  const again = await register(known);
  const fresh = await register(`fresh-${Date.now().toString(36)}@example.com`);
  expect(again.status).toBe(fresh.status);
  expect(again.headers.get('location')).toBe(fresh.headers.get('location'));
  expect(cookieShapes(again.headers.getSetCookie())).toEqual(cookieShapes(fresh.headers.getSetCookie()));
  // The known address's cookie opens nothing: that browser is not signed in as its owner.
  const cookie = again.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
  const thanks = await (await fetch(`${baseURL}/thank-you`, { headers: { cookie } })).text();
  expect(thanks).not.toMatch(/\/access\/\d+-[A-Za-z0-9_-]{32}/);

  // Registering takes the same time for a known and a new address (20 alternating pairs): the new one's confirmation is queued in the same transaction,
  // the known one's attempt uses up an id and makes a decoy.
  const timed = async (email: string) => {
    const started = performance.now();
    const response = await register(email);
    await response.text();
    return performance.now() - started;
  };
  const knownRegistrations: number[] = [];
  const newRegistrations: number[] = [];
  for (let i = 0; i < 20; i++) {
    const fresh = `timing-${i}-${Date.now().toString(36)}@example.com`;
    if (i % 2) {
      knownRegistrations.push(await timed(known));
      newRegistrations.push(await timed(fresh));
    } else {
      newRegistrations.push(await timed(fresh));
      knownRegistrations.push(await timed(known));
    }
  }
  const registrationReport = `known ${knownRegistrations.map(Math.round).join(' ')}; new ${newRegistrations.map(Math.round).join(' ')}`;
  // Compared at the second fastest: a registration's tail under two workers' load ran from 10 to
  // 470 ms in one full run (its lower quartile moved by 20 ms), while the fastest answers, what
  // the work itself costs, agree on a quiet machine within a millisecond.
  const secondFastest = (values: number[]) => [...values].sort((a, b) => a - b)[1]!;
  expect(Math.abs(secondFastest(knownRegistrations) - secondFastest(newRegistrations)), registrationReport).toBeLessThan(10);

  // "Find my access", interleaved, each from its own client address.
  const ask = async (email: string) => {
    const started = performance.now();
    const response = await fetch(`${baseURL}/access`, {
      method: 'POST',
      headers: { origin: baseURL!, 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': nextAddress() },
      body: new URLSearchParams({ email }),
    });
    const body = await response.text();
    return { time: performance.now() - started, status: response.status, sent: body.includes('If that address is registered') };
  };
  const knownTimes: number[] = [];
  const unknownTimes: number[] = [];
  await ask(`warm-${Date.now()}@example.com`);
  // 20 pairs, each pair in alternating order, so that load from other tests falls on both sides alike.
  for (let i = 0; i < 20; i++) {
    const unknown = `nobody-${i}-${Date.now().toString(36)}@example.com`;
    let a;
    let b;
    if (i % 2) {
      a = await ask(known);
      b = await ask(unknown);
    } else {
      b = await ask(unknown);
      a = await ask(known);
    }
    expect([a.status, a.sent, b.status, b.sent]).toEqual([200, true, 200, true]);
    knownTimes.push(a.time);
    unknownTimes.push(b.time);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const report = `known ${knownTimes.map(Math.round).join(' ')}; unknown ${unknownTimes.map(Math.round).join(' ')}`;
  // Before the fix: 47 against 11 ms. Compared at the lower quartile, which load from the other
  // tests running beside this one (two workers) moves far less than the median.
  expect(Math.abs(lowerQuartile(knownTimes) - lowerQuartile(unknownTimes)), report).toBeLessThan(10);
});

/** Registers a new address for july; answers the personal key its cookie holds. */
async function newRegistrantKey(baseURL: string, label: string): Promise<string> {
  const response = await fetch(`${baseURL}/register`, {
    method: 'POST',
    redirect: 'manual',
    headers: { origin: baseURL, 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': nextAddress() },
    body: new URLSearchParams({
      firstName: label,
      email: `${label}-${Date.now().toString(36)}@example.com`,
      consent: 'on',
      summit: 'july',
    }),
  });
  const cookie = response.headers.getSetCookie().find((value) => value.startsWith('summit_registrant='));
  return /^summit_registrant=([^;]+)/.exec(cookie!)![1]!;
}

test('item 4: a link from another site cannot switch a browser signed in as someone else without a confirmation on this site', async ({
  browser,
  baseURL,
}) => {
  const victimKey = await newRegistrantKey(baseURL!, 'victim');
  const attackerKey = await newRegistrantKey(baseURL!, 'attacker');
  const victimId = victimKey.split('-')[0];
  const attackerId = attackerKey.split('-')[0];
  const elsewhere = await startPartnerSite({
    '/': `<!doctype html><a id="go" href="${baseURL}/access/${attackerKey}?to=day-1">free prize</a>`,
  });
  try {
    const context = await browser.newContext();
    await context.setExtraHTTPHeaders({ 'x-forwarded-for': nextAddress() });
    const page = await context.newPage();
    // The victim signs in with their own link (typed or from their mail: no confirmation).
    await page.goto(`/access/${victimKey}?to=day-1`);
    await expect(page).toHaveURL(/\/july\/day-1$/);
    const signedInAs = async () => (await context.cookies()).find((cookie) => cookie.name === 'summit_registrant')?.value.split('-')[0];
    expect(await signedInAs()).toBe(victimId);

    // A page elsewhere sends the browser to the attacker's link: nothing changes without a confirmation.
    await page.goto(elsewhere.url);
    await page.click('#go');
    await expect(page.locator('[data-switch-access]')).toBeVisible();
    expect(await signedInAs()).toBe(victimId);
    await page.goto('/thank-you');
    const checkout = await page.locator('[data-plan="aap"]').getAttribute('href');
    expect(checkout).toContain(`client_reference_id=registrant-${victimId}`);

    // A cross-site POST cannot confirm it either (writes need this site's Origin).
    const forged = await context.request.post(`/access/${attackerKey}`, {
      form: { confirm: 'switch' },
      headers: { origin: elsewhere.url },
      maxRedirects: 0,
    });
    expect(forged.status()).toBe(403);
    expect(await signedInAs()).toBe(victimId);

    // The person confirms on this site: now it switches.
    await page.goto(elsewhere.url);
    await page.click('#go');
    await page.getByRole('button', { name: 'Switch to this registration' }).click();
    await expect(page).toHaveURL(/\/july\/day-1$/);
    expect(await signedInAs()).toBe(attackerId);
    await context.close();
  } finally {
    await elsewhere.close();
  }
});

test('item 7: day pages and /listen follow the drip for a registrant of a registrants edition', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const slug = `drip-${Date.now().toString(36)}`;
  await registrantsEdition(browser, 'august', slug);
  // A day-2 episode with audio of its own, as an admin adds one.
  const admin = await browser.newPage();
  await signInAsAdmin(admin);
  await admin.goto(`/admin/editions/${slug}/episodes`);
  await admin.locator('#day-2').getByText('Add an episode to day 2').click();
  const form = admin.locator('[data-add-episode="2"]');
  await form.getByLabel('Title').fill('Day two talk');
  await form.getByLabel('Audio file').setInputFiles(path.resolve('src/content/audio/day2.mp3'));
  await form.getByRole('button', { name: 'Add episode' }).click();
  await expect(admin.getByRole('status')).toHaveText('Added the episode.');
  await admin.close();

  const t0 = new Date(Date.now() - 60_000);
  const at = (ms: number) => new Date(t0.getTime() + ms).toISOString();
  const client = nextAddress();
  const registered = await fetch(`${baseURL}/register`, {
    method: 'POST',
    redirect: 'manual',
    headers: { origin: baseURL!, 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': client, 'x-test-now': at(0) },
    body: new URLSearchParams({ firstName: 'Drip', email: `drip-${Date.now().toString(36)}@example.com`, consent: 'on', summit: slug }),
  });
  const cookie = registered.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
  const get = (pathname: string, now: string) =>
    fetch(`${baseURL}${pathname}`, { redirect: 'manual', headers: { cookie, 'x-forwarded-for': client, 'x-test-now': now } });

  // A day later, day 2 has dripped: its page plays the episode from /listen.
  const later = at(25 * 3600_000);
  const dayTwoLater = await get(`/${slug}/day-2`, later);
  expect(dayTwoLater.status).toBe(200);
  const listen = /\/listen\/\d+\.mp3/.exec(await dayTwoLater.text())?.[0];
  expect(listen).toBeTruthy();
  expect((await get(listen!, later)).status).toBe(200);

  // Minutes after registering: day 1 only. Days 2 and 3 say when they open for the registrant, with
  // no player (no longer a redirect to the day before), and the day-2 audio is
  // not theirs to hear yet.
  const soon = at(5 * 60_000);
  expect((await get(`/${slug}/day-1`, soon)).status).toBe(200);
  for (const [page, day] of [
    ['day-2', 2],
    ['day-3', 3],
  ] as const) {
    const response = await get(`/${slug}/${page}`, soon);
    expect(response.status, page).toBe(200);
    const html = await response.text();
    expect(html, page).toContain(`Day ${day} opens for you`);
    // React writes the attribute as dateTime (HTML attribute names are case-insensitive).
    expect(html, page).toContain(`dateTime="${new Date(t0.getTime() + (day - 1) * 24 * 3600_000).toISOString()}"`);
    expect(html, page).not.toMatch(/\/listen\//);
  }
  expect((await get(listen!, soon)).status).toBe(403);
});

test('item 8: /session/reset never answers a Location another site could be read from', async ({ baseURL }) => {
  for (const value of ['/.//evil.example', '/x/..//evil.example', '/./\\evil.example']) {
    const response = await fetch(`${baseURL}/session/reset`, {
      method: 'POST',
      redirect: 'manual',
      headers: { origin: baseURL!, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ return: value }),
    });
    expect(response.status, value).toBe(303);
    expect(response.headers.get('location'), value).toBe('/evil.example');
  }
});

test('item 11: a one-click unsubscribe with a bad escape and signed webhooks of odd shapes get a 4xx, not a 500', async ({ baseURL }) => {
  const oneClick = await fetch(`${baseURL}/unsubscribe/%ZZ`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'List-Unsubscribe=One-Click',
  });
  expect(oneClick.status).toBe(404);

  for (const payload of ['[1,2,3]', 'null', '"str"', '{}', '{"id":"evt_x"}', '{"id":"evt_y","type":"charge.refunded"}']) {
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: E2E_WEBHOOK_SECRET });
    const response = await fetch(`${baseURL}/api/webhooks/payments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: payload,
    });
    expect(response.status, payload).toBe(400);
    expect((await response.json()).error, payload).toMatch(/event/i);
  }
});

test('item 5: a paid checkout naming no edition is held and shown in the admin, who assigns it and so grants the pass', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  // Its own server: the notice shows on every admin screen while the payment is held.
  const app = await startServerWithAdmin(E2E_ADMIN, { PAYMENT_WEBHOOK_SECRET: E2E_WEBHOOK_SECRET, LOG_LEVEL: 'warn' });
  const page = await (await browser.newContext({ baseURL: app.url })).newPage();
  try {
    const payload = JSON.stringify({
      id: 'evt_held_e2e',
      object: 'event',
      type: 'checkout.session.completed',
      data: {
        object: {
          id: 'cs_held',
          object: 'checkout.session',
          metadata: { pass: 'aap', edition: 'no-such-edition' },
          customer_details: { email: 'lost.buyer@example.com', name: 'Lost Buyer' },
          payment_status: 'paid',
          amount_total: 19700,
          currency: 'usd',
          payment_intent: 'pi_held_e2e',
        },
      },
    });
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: E2E_WEBHOOK_SECRET });
    const delivered = await fetch(`${app.url}/api/webhooks/payments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: payload,
    });
    expect(delivered.status).toBe(200); // acknowledged: the provider must not retry forever

    await page.goto('/admin');
    await page.getByLabel('E-mail or phone number').fill(E2E_ADMIN.email);
    await page.getByLabel('Password').fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const notice = page.locator('[data-held-payments-notice]');
    await expect(notice).toContainText('1 paid checkout is held');
    await notice.getByRole('link', { name: 'Assign it' }).click();
    const held = page.locator('[data-held-payment]');
    await expect(held).toContainText('lost.buyer@example.com');
    await expect(held).toContainText('no-such-edition');
    await held.getByLabel('Edition').selectOption('july');
    await held.getByRole('button', { name: 'Assign and grant the pass' }).click();
    await expect(page.getByRole('status')).toContainText('Assigned the Sovereign Pathway All Access Pass to lost.buyer@example.com');
    await expect(page.locator('[data-held-payments-notice]')).toHaveCount(0);
    await page.goto('/admin/registrants?edition=july&q=lost.buyer');
    await expect(page.getByText('lost.buyer@example.com')).toBeVisible();
  } finally {
    await page.context().close();
    await app.stop();
    app.remove();
  }
});

test('item 15: a request body that does not arrive is cut off after REQUEST_TIMEOUT_SECONDS, not held for 300 s', async () => {
  test.setTimeout(180_000);
  const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'summit-timeout-')), 'data');
  const server = await startServerProcess({ DATA_DIR: dataDir, SEED_DEMO_CONTENT: 'false', REQUEST_TIMEOUT_SECONDS: '2' });
  try {
    const { hostname, port } = new URL(server.url);
    const socket = net.connect(Number(port), hostname);
    await once(socket, 'connect');
    const started = Date.now();
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
    const closed = once(socket, 'close');
    // Headers promise 1000 bytes; only a few ever come.
    socket.write(
      `POST /register HTTP/1.1\r\nHost: ${hostname}:${port}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n\r\nfirstName=a`,
    );
    const timedOut = await Promise.race([closed.then(() => false), new Promise((resolve) => setTimeout(() => resolve(true), 15_000))]);
    socket.destroy();
    expect(timedOut, 'the server still held the request after 15 s').toBe(false);
    expect(Date.now() - started).toBeLessThan(8_000);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  } finally {
    await server.stop();
    fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
  }
});

test('item 12: every answer carries the common headers, and pages name each frame directive once', async ({ baseURL }) => {
  const landing = await (await fetch(`${baseURL}/`)).text();
  const css = /href="(\/_astro\/[^"]+\.css)"/.exec(landing)?.[1];
  expect(css).toBeTruthy();
  const answers: Array<[string, Promise<Response>]> = [
    ['css', fetch(`${baseURL}${css}`)],
    ['artwork', fetch(`${baseURL}/podcast-artwork.png`)],
    ['feed 404', fetch(`${baseURL}/feed/1-made-up-key-aaaaaaaaaaaaaaaaaaaaaaaaaa.xml`)],
    ['one-click 400', fetch(`${baseURL}/unsubscribe/x`, { method: 'POST', body: 'nothing' })],
    [
      '413',
      fetch(`${baseURL}/register`, {
        method: 'POST',
        headers: { origin: baseURL!, 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': nextAddress() },
        body: 'x'.repeat(20_000),
      }),
    ],
    ['405', fetch(`${baseURL}/healthz`, { method: 'PROPFIND' })],
  ];
  for (const [name, pending] of answers) {
    const headers = (await pending).headers;
    expect(headers.get('x-content-type-options'), name).toBe('nosniff');
    expect(headers.get('permissions-policy'), name).toContain('camera=()');
    expect(headers.get('cross-origin-opener-policy'), name).toBe('same-origin');
    expect(headers.get('content-security-policy'), name).toContain('frame-ancestors');
  }
  for (const page of ['/july/day-1', '/july/day-1', '/july/dashboard', '/july/dashboard']) {
    const policy =
      (await fetch(`${baseURL}${page}`, { headers: { 'x-forwarded-for': nextAddress() } })).headers.get('content-security-policy') ?? '';
    expect(policy.match(/frame-src/g)?.length ?? 0, `${page}: ${policy}`).toBe(1);
    expect(policy.match(/frame-ancestors/g)?.length ?? 0, `${page}: ${policy}`).toBe(1);
  }
});

test('item 12: on HTTPS every answer carries HSTS, not only the pages', async ({ baseURL }) => {
  // The server trusts the proxy (TRUST_PROXY): X-Forwarded-Proto https is what nginx sends for TLS.
  const https = { 'x-forwarded-proto': 'https' };
  const landing = await (await fetch(`${baseURL}/`)).text();
  const css = /href="(\/_astro\/[^"]+\.css)"/.exec(landing)?.[1];
  const answers: Array<[string, Promise<Response>]> = [
    ['page', fetch(`${baseURL}/`, { headers: https })],
    ['css', fetch(`${baseURL}${css}`, { headers: https })],
    ['artwork', fetch(`${baseURL}/podcast-artwork.png`, { headers: https })],
    ['feed 404', fetch(`${baseURL}/feed/1-made-up-key-aaaaaaaaaaaaaaaaaaaaaaaaaa.xml`, { headers: https })],
    ['audio 403', fetch(`${baseURL}/listen/1.mp3`, { headers: https })],
    ['one-click 400', fetch(`${baseURL}/unsubscribe/x`, { method: 'POST', headers: https, body: 'nothing' })],
    [
      '413',
      fetch(`${baseURL}/register`, {
        method: 'POST',
        headers: { ...https, origin: baseURL!, 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': nextAddress() },
        body: 'x'.repeat(20_000),
      }),
    ],
    ['405', fetch(`${baseURL}/healthz`, { method: 'PROPFIND', headers: https })],
    [
      'episode upload 303',
      fetch(`${baseURL}/admin/editions/july/episodes`, {
        method: 'POST',
        redirect: 'manual',
        headers: { ...https, origin: baseURL!, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'action=delete',
      }),
    ],
  ];
  for (const [name, pending] of answers) {
    const response = await pending;
    expect(response.headers.get('strict-transport-security'), `${name} (${response.status})`).toBe('max-age=31536000; includeSubDomains');
  }
  // Plain HTTP gets none (a browser ignores it there, and a direct client is not on TLS).
  expect((await fetch(`${baseURL}/feed/1-made-up-key-aaaaaaaaaaaaaaaaaaaaaaaaaa.xml`)).headers.get('strict-transport-security')).toBeNull();
});
