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
