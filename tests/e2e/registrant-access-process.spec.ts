import Stripe from 'stripe';
import pg from 'pg';
import { expect, test } from '@playwright/test';
import { createScratchDatabase, NEEDS_POSTGRES, postgresUrl } from './support/postgres.ts';
import { startServerProcess } from './support/server-process.ts';

/**
 * The production server as processes on one Postgres: a personal link made on one process signs
 * in on another; a signed webhook on one upgrades the registrant everywhere; a change to access
 * made in the database is announced (NOTIFY) and shows on the next request of the other
 * process; keys never reach the request log; without PAYMENT_WEBHOOK_SECRET nothing is accepted.
 */
const SECRET = 'whsec_process_test_secret';
const T0 = '2025-08-19T09:00:00.000Z';

async function sql(url: string, statement: string, params: unknown[] = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(statement, params);
  } finally {
    await client.end();
  }
}

function signedEvent(event: object, secret = SECRET) {
  const payload = JSON.stringify(event);
  return {
    body: payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret }) },
  };
}

const deadlineOf = (html: string) => /data-deadline="(\d+)"/.exec(html)?.[1];

test('personal links, windows and the payment webhook across app processes on Postgres', async () => {
  test.skip(!postgresUrl, NEEDS_POSTGRES);
  test.setTimeout(180_000);
  const database = await createScratchDatabase();
  const env = { DATABASE_URL: database.url, UNSAFE_TEST_CLOCK: 'true', PAYMENT_WEBHOOK_SECRET: SECRET };
  const a = await startServerProcess(env);
  const b = await startServerProcess(env);
  const c = await startServerProcess({ DATABASE_URL: database.url });
  try {
    await sql(database.url, `update editions set access_mode = 'registrants' where slug = 'august'`);
    await sql(database.url, `notify summit_content_changed`);

    const registration = await fetch(`${a.url}/register`, {
      method: 'POST',
      headers: { origin: a.url, accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ firstName: 'Process', email: 'process@example.com', consent: 'on', summit: 'august' }),
    });
    expect(registration.status).toBe(200);
    const key = /summit_registrant=([^;]+)/.exec(registration.headers.get('set-cookie') ?? '')?.[1];
    expect(key).toMatch(/^\d+-[A-Za-z0-9_-]{32}$/);
    const registrantId = Number(key!.split('-')[0]);

    // The link made on A signs in on B and lands on day 1; the window starts at T0.
    const link = await fetch(`${b.url}/access/${key}?to=day-1`, { redirect: 'manual', headers: { 'x-test-now': T0 } });
    expect(link.status).toBe(303);
    expect(link.headers.get('location')).toBe('/august/day-1');
    const cookie = `summit_registrant=${key}`;
    const day1 = await fetch(`${b.url}/august/day-1`, { headers: { cookie, 'x-test-now': T0 } });
    expect(day1.status).toBe(200);
    const deadline = deadlineOf(await day1.text());
    expect(Number(deadline)).toBe(Date.parse(T0) + 24 * 3600_000);
    // A, later, counts the same window.
    const onA = await fetch(`${a.url}/august/day-1`, { headers: { cookie, 'x-test-now': '2025-08-19T12:00:00Z' } });
    expect(deadlineOf(await onA.text())).toBe(deadline);

    // A window moved in the database and announced: B's remembered first visit is forgotten.
    await sql(
      database.url,
      `update registrant_visits set first_visit_timestamp = first_visit_timestamp + interval '2 hours' where registrant_id = $1`,
      [registrantId],
    );
    await sql(database.url, `notify summit_access_changed`);
    await expect
      .poll(async () => deadlineOf(await (await fetch(`${b.url}/august/day-1`, { headers: { cookie, 'x-test-now': T0 } })).text()), {
        timeout: 10_000,
      })
      .toBe(String(Number(deadline) + 2 * 3600_000));

    // Free: their own reduced dashboard (decision 0033). Without a secret, C refuses the event and nothing changes.
    const dashboardOn = async (url: string) => {
      const answer = await fetch(`${url}/august/dashboard`, { redirect: 'manual', headers: { cookie, 'x-test-now': T0 } });
      expect(answer.status).toBe(200);
      return (await answer.text()).includes('data-dashboard-view="reduced"') ? 'reduced' : 'full';
    };
    const dashboard = () => dashboardOn(b.url);
    expect(await dashboard()).toBe('reduced');
    const purchase = {
      id: 'evt_process_buy',
      object: 'event',
      type: 'checkout.session.completed',
      data: {
        object: {
          id: 'cs_process',
          object: 'checkout.session',
          client_reference_id: `registrant-${registrantId}`,
          metadata: { pass: 'aap' },
          amount_total: 29700,
          currency: 'usd',
          payment_intent: 'pi_process',
          payment_status: 'paid',
        },
      },
    };
    const refused = await fetch(`${c.url}/api/webhooks/payments`, { method: 'POST', ...signedEvent(purchase) });
    expect(refused.status).toBe(503);
    expect((await refused.json()).error).toContain('PAYMENT_WEBHOOK_SECRET');
    const tier = async () => (await sql(database.url, 'select tier from registrants where id = $1', [registrantId])).rows[0]?.tier;
    expect(await tier()).toBe('free');
    const forged = await fetch(`${a.url}/api/webhooks/payments`, { method: 'POST', ...signedEvent(purchase, 'whsec_wrong') });
    expect(forged.status).toBe(400);
    expect(await tier()).toBe('free');

    // Signed as the provider signs: A grants, B shows the dashboard at once; twice is once.
    const granted = await fetch(`${a.url}/api/webhooks/payments`, { method: 'POST', ...signedEvent(purchase) });
    expect(await granted.json()).toMatchObject({ result: 'granted', tier: 'aap' });
    expect(await (await fetch(`${b.url}/api/webhooks/payments`, { method: 'POST', ...signedEvent(purchase) })).json()).toMatchObject({
      result: 'duplicate',
    });
    expect(await dashboard()).toBe('full');
    expect((await sql(database.url, 'select count(*)::int as n from purchases')).rows[0]?.n).toBe(1);

    // The refund on B takes the pass back everywhere.
    const refund = {
      id: 'evt_process_refund',
      object: 'event',
      type: 'charge.refunded',
      data: { object: { id: 'ch_process', object: 'charge', payment_intent: 'pi_process' } },
    };
    expect(await (await fetch(`${b.url}/api/webhooks/payments`, { method: 'POST', ...signedEvent(refund) })).json()).toMatchObject({
      result: 'taken-back',
    });
    expect(await dashboardOn(a.url)).toBe('reduced');

    // Keys never reach the request log.
    const mac = key!.split('-').slice(1).join('-');
    for (const server of [a, b, c]) expect(server.logs()).not.toContain(mac);
    expect(b.logs()).toContain('/access/[key]');
  } finally {
    await Promise.all([a.stop(), b.stop(), c.stop()]);
    await database.drop();
  }
});
