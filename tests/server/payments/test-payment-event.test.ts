/**
 * `npm run payment:test-event` as a host runs it: the command, run with the site's
 * PAYMENT_WEBHOOK_SECRET, posts a paid checkout that the provider's own library accepts as
 * signed with that secret, with the buyer, edition, pass and amount it was given; by default the
 * first pass and no amount, which the site charges at the edition's price (decision 0074).
 */
import { execFile } from 'node:child_process';
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testCheckoutEvent, type TestPayment } from '../../../src/server/payments/test-payment-event.ts';

const SECRET = 'whsec_test_event_command';
const run = promisify(execFile);

describe('npm run payment:test-event', () => {
  const received: { path: string | undefined; event: Stripe.Event }[] = [];
  let refused = 0;
  let site: http.Server;
  let url: string;

  beforeAll(async () => {
    // The site's webhook endpoint, verifying as the provider's reference library does.
    site = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        try {
          const event = Stripe.webhooks.constructEvent(Buffer.concat(chunks), String(request.headers['stripe-signature']), SECRET);
          received.push({ path: request.url, event });
          response.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
        } catch {
          refused += 1;
          response.writeHead(400).end('bad signature');
        }
      });
    });
    site.listen(0, '127.0.0.1');
    await once(site, 'listening');
    url = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  });
  afterAll(() => site?.close());

  const command = (args: string[], secret: string) =>
    run(process.execPath, [path.resolve('src/server/cli/payment-test-event.ts'), ...args], {
      env: { ...process.env, PAYMENT_WEBHOOK_SECRET: secret, LOG_LEVEL: 'silent' },
    });

  it('posts a paid checkout signed with the site’s secret, for the buyer, edition and pass given', async () => {
    const { stdout } = await command(
      [
        '--email',
        'first.buyer@example.com',
        '--name',
        'Rowan Ash',
        '--edition',
        'tidewater',
        '--pass',
        'replay',
        '--amount',
        '47.5',
        '--currency',
        'usd',
        '--url',
        url,
      ],
      SECRET,
    );
    expect(stdout).toContain(`${url}/api/webhooks/payments answered 200`);
    expect(refused).toBe(0);
    const [{ path: posted, event }] = received as [(typeof received)[number]];
    expect(posted).toBe('/api/webhooks/payments');
    expect(event.type).toBe('checkout.session.completed');
    expect(event.livemode).toBe(false);
    const session = event.data.object as Stripe.Checkout.Session;
    expect(session).toMatchObject({
      object: 'checkout.session',
      payment_status: 'paid',
      amount_total: 4750,
      currency: 'usd',
      metadata: { pass: 'replay', edition: 'tidewater' },
      customer_details: { email: 'first.buyer@example.com', name: 'Rowan Ash' },
    });
  });

  it('signed with another secret, the receiver refuses it and the command says so', async () => {
    const failed = await command(
      ['--email', 'b@example.com', '--edition', 'july', '--pass', 'aap', '--url', url],
      'whsec_not_the_sites',
    ).catch((error: { code: number; stdout: string }) => error);
    expect(failed).toMatchObject({ code: 1 });
    expect((failed as { stdout: string }).stdout).toContain('answered 400');
    expect(refused).toBe(1);
  });

  it('refuses an amount its currency cannot hold, or a currency that does not exist, saying which', async () => {
    const base = ['--email', 'b@example.com', '--edition', 'july', '--pass', 'aap', '--url', url];
    const yen = await command([...base, '--amount', '5000.5', '--currency', 'jpy'], SECRET).catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect(yen).toMatchObject({ code: 2 });
    expect((yen as { stderr: string }).stderr).toContain('--amount 5000.5 is not an amount in JPY');
    const unknown = await command([...base, '--amount', '5', '--currency', 'xyz'], SECRET).catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect((unknown as { stderr: string }).stderr).toContain('--currency xyz is not an ISO 4217 currency code');
    expect(received).toHaveLength(1);
  });

  it('by default sends the first pass with no amount, for the site to charge the edition’s price in its currency', async () => {
    await command(['--email', 'c@example.com', '--edition', 'tidewater', '--url', url], SECRET);
    const { event } = received.at(-1)!;
    expect(event.livemode).toBe(false);
    const session = event.data.object as Stripe.Checkout.Session;
    expect(session.metadata).toEqual({ pass: 'replay', edition: 'tidewater' });
    expect(session.amount_total).toBeUndefined();
    expect(session.currency).toBeUndefined();
  });

  it('names what it needs when the e-mail, an amount’s currency or the secret is missing', async () => {
    const noEmail = await command(['--edition', 'july', '--url', url], SECRET).catch((error: { code: number; stderr: string }) => error);
    expect(noEmail).toMatchObject({ code: 2 });
    expect((noEmail as { stderr: string }).stderr).toContain('[--pass replay|aap]');
    const noCurrency = await command(['--email', 'b@example.com', '--edition', 'july', '--amount', '5', '--url', url], SECRET).catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect(noCurrency).toMatchObject({ code: 2 });
    const noSecret = await command(['--email', 'b@example.com', '--edition', 'july', '--pass', 'aap', '--url', url], '').catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect((noSecret as { stderr: string }).stderr).toContain('Set PAYMENT_WEBHOOK_SECRET');
  });
});

describe('the test payment’s amount', () => {
  const payment = (amount: number, currency: string): TestPayment => ({
    email: 'b@example.com',
    edition: 'july',
    pass: 'aap',
    amount,
    currency,
  });
  const total = (amount: number, currency: string) =>
    (JSON.parse(testCheckoutEvent(payment(amount, currency))) as { data: { object: { amount_total: number } } }).data.object.amount_total;

  it('is in the minor units of its currency, by the currency’s digits (not × 100)', () => {
    expect(total(197, 'usd')).toBe(19700);
    expect(total(19.99, 'eur')).toBe(1999);
    // Yen have no minor unit: ¥5,000 is 5000, not 500000.
    expect(total(5000, 'jpy')).toBe(5000);
    // Kuwaiti dinars have three digits: 12.345 KWD is 12345 fils, not 1235.
    expect(total(12.345, 'KWD')).toBe(12345);
  });
});
