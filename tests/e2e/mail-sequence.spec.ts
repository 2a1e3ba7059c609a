/**
 * The e-mails that run a summit, end to end: the production server with SMTP_URL pointing at a
 * real SMTP server on loopback, the whole process moved through time with the test clock.
 */
import { expect, test } from '@playwright/test';
import ical, { type VEvent } from 'node-ical';
import type { ParsedMail } from 'mailparser';
import { startServerWithAdmin, type ServerProcess } from './support/server-process.ts';
import { startSmtpSink, type SmtpSink } from './support/smtp-sink.ts';
import { moveProcessClock } from './support/clock.ts';

test.describe.configure({ mode: 'serial', timeout: 180_000 });

const HOUR = 3600_000;
let sink: SmtpSink;
let server: ServerProcess & { remove(): void };
const ADMIN = { email: 'mail-admin@example.com', password: 'mail admin password 1' };

test.beforeAll(async () => {
  test.setTimeout(120_000);
  sink = await startSmtpSink();
  server = await startServerWithAdmin(ADMIN, {
    SMTP_URL: sink.url,
    UNSAFE_TEST_CLOCK: 'true',
    LOG_LEVEL: 'warn',
    ADMIN_PASSWORD: ADMIN.password,
  });
});
test.afterAll(async () => {
  await server?.stop();
  await sink?.close();
  server?.remove();
});

const setClock = (instant: Date) => moveProcessClock(server.url, instant);

async function register(summit: string, email: string, firstName: string): Promise<void> {
  const response = await fetch(`${server.url}/register`, {
    method: 'POST',
    headers: { origin: server.url, accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ firstName, email, consent: 'on', summit, timeZone: 'America/New_York' }),
  });
  expect(await response.json()).toMatchObject({ ok: true });
}

const subjectsTo = (email: string) => sink.to(email).map((mail) => mail.subject ?? '');
const one = (email: string, subject: string): ParsedMail => {
  const found = sink.to(email).filter((mail) => mail.subject === subject);
  expect(found, `exactly one "${subject}"`).toHaveLength(1);
  return found[0] as ParsedMail;
};
const waitForSubject = (email: string, subject: string) => sink.waitFor(() => subjectsTo(email).includes(subject));
const local = (url: string) => url.replace('//localhost:', '//127.0.0.1:');
const settle = () => new Promise((resolve) => setTimeout(resolve, 6000)); // longer than a worker round

test('an evergreen registrant gets day 1 at once, then the hours-left and day 2 messages, each once, until they unsubscribe', async () => {
  const t0 = new Date('2026-05-04T08:00:00Z');
  const email = `evergreen.${Date.now()}@example.com`;
  await setClock(t0);
  await register('july', email, 'Ada <script>');

  await waitForSubject(email, 'Day 1 is open, Ada <script>');
  const day1 = one(email, 'Day 1 is open, Ada <script>');
  expect(day1.html).toContain('Ada &lt;script&gt;');
  expect(day1.html).not.toContain('<script>');
  expect(day1.text).toContain('It stays open for 1 day, until Tuesday 5 May at 4:00 am GMT-4');
  // The personal link works: it signs the browser in as this registrant and opens day 1 of their edition.
  const link = /href="([^"]+\/access\/[\w-]+\?to=day-1)"/.exec(day1.html as string)?.[1];
  expect(link).toBeTruthy();
  const signIn = await fetch(local(link as string), { redirect: 'manual', headers: { 'x-test-now': t0.toISOString() } });
  expect(signIn.headers.get('location')).toMatch(/\/july\/day-1$/);
  expect(signIn.headers.getSetCookie().some((cookie) => cookie.startsWith('summit_registrant='))).toBe(true);
  const page = await fetch(new URL(signIn.headers.get('location') as string, local(link as string)), {
    headers: { 'x-test-now': t0.toISOString() },
  });
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('Day 1');
  // Their private feed link is the same key's.
  expect(day1.text).toContain(`/feed/${/\/access\/([\w-]+)\?/.exec(link as string)?.[1]}.xml`);
  // RFC 8058: one-click unsubscribe headers on marketing messages.
  const header = (name: string) => day1.headerLines.find((line) => line.key === name)?.line.replace(/^[^:]+:\s*/, '');
  const unsubscribe = /^<(.+)>$/.exec(header('list-unsubscribe') ?? '')?.[1] as string;
  expect(unsubscribe).toMatch(/\/unsubscribe\//);
  expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');

  await setClock(new Date(t0.getTime() + 12 * HOUR));
  await waitForSubject(email, '12 hours left of day 1');
  await setClock(new Date(t0.getTime() + 24 * HOUR));
  await waitForSubject(email, 'Day 2 is open, Ada <script>');
  await setClock(new Date(t0.getTime() + 36 * HOUR));
  await waitForSubject(email, '12 hours left of day 2');
  await settle();
  for (const subject of ['Day 1 is open, Ada <script>', '12 hours left of day 1', 'Day 2 is open, Ada <script>', '12 hours left of day 2'])
    one(email, subject);

  const oneClick = await fetch(local(unsubscribe), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'List-Unsubscribe=One-Click',
  });
  expect(oneClick.status).toBe(200);
  const received = sink.to(email).length;
  await setClock(new Date(t0.getTime() + 48 * HOUR));
  await settle();
  await setClock(new Date(t0.getTime() + 72 * HOUR));
  await settle();
  expect(subjectsTo(email).slice(received)).toEqual([]);

  const confirm = await fetch(local(unsubscribe));
  expect(await confirm.text()).toContain('You are unsubscribed');
});

test('a live edition’s messages carry the days as calendar events in the edition’s time zone', async () => {
  const email = `live.${Date.now()}@example.com`;
  await setClock(new Date('2025-09-10T00:00:00Z'));
  await register('september', email, 'Lin');
  // Day 1 starts 2025-09-23 00:00 in Sydney; "tomorrow we begin" goes 24 hours before.
  await setClock(new Date('2025-09-21T14:00:30Z'));
  await waitForSubject(email, 'Tomorrow we begin, Lin');
  const mail = one(email, 'Tomorrow we begin, Lin');
  const calendar = mail.attachments.find((attachment) => attachment.contentType.startsWith('text/calendar'));
  expect(calendar).toBeTruthy();
  const events = Object.values(ical.sync.parseICS(calendar!.content.toString('utf8'))).filter(
    (item) => item?.type === 'VEVENT',
  ) as VEvent[];
  expect(events.map((event) => event.start.toISOString())).toEqual([
    '2025-09-22T14:00:00.000Z',
    '2025-09-23T14:00:00.000Z',
    '2025-09-24T14:00:00.000Z',
  ]);
  expect(events.every((event) => (event.start as Date & { tz?: string }).tz === 'Australia/Sydney')).toBe(true);
});

test('the admin edits an e-mail with a live preview, sees the outbox counts and sends a test to itself', async ({ page }) => {
  await page.goto(`${server.url}/admin`);
  await page.getByLabel('E-mail or phone number').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.goto(`${server.url}/admin/editions/july/messages`);
  const row = page.locator('tr', { hasText: 'Day 1 is open' });
  await expect(row).toContainText('When day 1 opens');
  // The first test's registrant got it: one sent.
  await expect(row.locator('td').nth(4)).toHaveText('1');
  await row.getByRole('link', { name: 'Day 1 is open' }).click();

  await page.getByLabel('Subject').fill('Doors open, {{first_name}}');
  const preview = page.frameLocator('iframe[name="message-preview"]');
  await expect(preview.locator('body')).toContainText('Subject: Doors open, Sam');
  await page.getByLabel('Message (markdown)').fill('Hello {{frist_name}}');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Unknown merge field: {{frist_name}}.')).toBeVisible();
  await page.getByLabel('Message (markdown)').fill('Hello **{{first_name}}**, [day 1]({{day_link}})');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status')).toHaveText('Saved the e-mail.');

  await page.getByRole('button', { name: 'Send a test to me' }).click();
  await expect(page.getByRole('status')).toContainText(`on its way to ${ADMIN.email}`);
  await sink.waitFor(() => sink.to(ADMIN.email).some((mail) => mail.subject === '[Test] Doors open, Sam'));
  const test = sink.to(ADMIN.email).find((mail) => mail.subject === '[Test] Doors open, Sam')!;
  expect(test.html).toContain('<strong>Sam</strong>');
});
