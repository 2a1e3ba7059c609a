import { expect, test } from '@playwright/test';
import { E2E_ADMIN } from './support/admin.ts';
import { createScratchDatabase, NEEDS_POSTGRES, postgresUrl } from './support/postgres.ts';
import { startServerProcess, startServerWithAdmin } from './support/server-process.ts';

/**
 * Two app processes on different ports against one Postgres: what happens on one is seen on
 * the other (registrations at once, content changes within 5 s, a visitor's timer session).
 */
test('two app processes share registrations, content changes and visitor sessions through Postgres', async ({ browser }) => {
  test.skip(!postgresUrl, NEEDS_POSTGRES);
  test.setTimeout(120_000);
  const database = await createScratchDatabase();
  const a = await startServerWithAdmin(E2E_ADMIN, { DATABASE_URL: database.url, UNSAFE_TEST_CLOCK: 'true' });
  const b = await startServerProcess({ DATABASE_URL: database.url, UNSAFE_TEST_CLOCK: 'true' });
  try {
    // Register on A, see the registrant from B's admin.
    const registration = await fetch(`${a.url}/register`, {
      method: 'POST',
      headers: { origin: a.url, accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ firstName: 'Scale', email: 'scale.out@example.com', consent: 'on', summit: 'july' }),
    });
    expect(await registration.json()).toEqual({ ok: true, redirect: '/thank-you' });
    const adminPage = await (await browser.newContext()).newPage();
    await adminPage.goto(`${b.url}/admin`);
    await adminPage.getByLabel('E-mail or phone number').fill(E2E_ADMIN.email);
    await adminPage.getByLabel('Password').fill(E2E_ADMIN.password);
    await adminPage.getByRole('button', { name: 'Sign in' }).click();
    await adminPage.goto(`${b.url}/admin/registrants?edition=july`);
    await expect(adminPage.locator('[data-registrant-row]')).toContainText('scale.out@example.com');

    // Warm B's cache, change the FAQ through A's admin, and see it on B within 5 s.
    const faqOnB = async () => (await (await fetch(`${b.url}/`)).text()).includes('Is there a transcript for every episode?');
    expect(await faqOnB()).toBe(false);
    const adminA = await (await browser.newContext()).newPage();
    await adminA.goto(`${a.url}/admin`);
    await adminA.getByLabel('E-mail or phone number').fill(E2E_ADMIN.email);
    await adminA.getByLabel('Password').fill(E2E_ADMIN.password);
    await adminA.getByRole('button', { name: 'Sign in' }).click();
    await adminA.goto(`${a.url}/admin/content/faq/new`);
    await adminA.getByLabel('Question *').fill('Is there a transcript for every episode?');
    await adminA.getByLabel('Answer *').fill('Yes, each episode page links to its transcript.');
    await adminA.getByRole('button', { name: 'Save' }).click();
    const changedAt = Date.now();
    await expect.poll(faqOnB, { timeout: 5000, intervals: [100] }).toBe(true);
    expect(Date.now() - changedAt).toBeLessThan(5000);

    // A visitor's timer session started on A counts on B: 5 hours later there are 19 left.
    const visitor = await (await browser.newContext()).newPage();
    const start = new Date('2026-04-01T00:00:00Z');
    await visitor.context().setExtraHTTPHeaders({ 'x-test-now': start.toISOString() });
    await visitor.goto(`${a.url}/august/day-1`);
    const cookie = (await visitor.context().cookies()).find((c) => c.name === 'summit_session')!;
    const onB = await fetch(`${b.url}/august/day-1`, {
      headers: { cookie: `summit_session=${cookie.value}`, 'x-test-now': new Date(start.getTime() + 5 * 3600_000).toISOString() },
    });
    const html = await onB.text();
    expect(html).toContain('data-unit="hours">19<');
    expect(onB.headers.get('set-cookie')).toBeNull();

    // Rate limits are shared: one client alternating between A and B gets the limit once (10), not twice.
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) {
      const server = i % 2 ? b : a;
      const response = await fetch(`${server.url}/register`, {
        method: 'POST',
        headers: { origin: server.url, accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ firstName: 'Shared', email: `shared.limit.${i}@example.com`, consent: 'on' }),
      });
      statuses.push(response.status);
    }
    // The first registration of this test came from the same address (the loopback).
    expect(statuses.filter((status) => status === 200)).toHaveLength(9);
    expect(statuses.filter((status) => status === 429)).toHaveLength(11);
  } finally {
    await Promise.all([a.stop(), b.stop()]);
    a.remove();
    await database.drop();
  }
});
