/**
 * Test payments (decision 0074) on an edition made from scratch (tests/support/tidewater.ts: EUR,
 * "Studio Pass" 49 first): `npm run payment:test-event` run with its defaults, posting to the real
 * webhook handler on the real database, grants the edition's first pass at its price in euros
 * (it was held as "paid in USD"); the payment is marked as a test, counts in no revenue, is
 * labelled "test" among held payments with its own currency, and the admin removes the test
 * payments, audited, leaving real ones alone.
 */
import { execFile } from 'node:child_process';
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { auditLog, heldPayments, purchases, registrants } from '../../../src/server/db/schema.ts';
import { passesSold } from '../../../src/server/insights/insights-queries.ts';
import { heldPaymentRows, listHeldPayments } from '../../../src/server/payments/held-payments.ts';
import { grantPass } from '../../../src/server/payments/passes.ts';
import { removeTestPayments } from '../../../src/server/payments/test-sales.ts';
import { applyPaymentEvent, verifyEvent } from '../../../src/server/payments/incoming-events.ts';
import type { AdminUser } from '../../../src/server/auth/accounts.ts';
import { describeEachDatabase, useTestDatabase } from '../../support/databases.ts';
import { createTidewater, TIDEWATER, tidewaterAdmin } from '../../support/tidewater.ts';

const SECRET = 'whsec_tidewater_test_payments';
const NOW = new Date('2026-12-01T10:00:00Z');
const run = promisify(execFile);

describeEachDatabase('test payments on a from-scratch EUR edition', (database) => {
  const ctx = useTestDatabase(database);
  let site: http.Server;
  let url: string;
  let admin: AdminUser;
  let edition: { id: number; slug: string };

  beforeAll(async () => {
    admin = await tidewaterAdmin(ctx.handle);
    edition = await createTidewater(ctx.handle, admin);
    // The site's webhook endpoint: the real verification and handler, on this database.
    site = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        Promise.resolve()
          .then(() =>
            applyPaymentEvent(ctx.db, verifyEvent(Buffer.concat(chunks), String(request.headers['stripe-signature']), SECRET), NOW),
          )
          .then(
            (outcome) => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(outcome)),
            (error: unknown) => response.writeHead(500).end(String(error)),
          );
      });
    });
    site.listen(0, '127.0.0.1');
    await once(site, 'listening');
    url = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  });
  afterAll(() => site?.close());

  const command = (args: string[]) =>
    run(process.execPath, [path.resolve('src/server/cli/payment-test-event.ts'), ...args, '--url', url], {
      env: { ...process.env, PAYMENT_WEBHOOK_SECRET: SECRET, LOG_LEVEL: 'silent' },
    });
  const registrantOf = async (email: string) => (await ctx.db.select().from(registrants).where(eq(registrants.email, email)))[0]!;

  it('with its defaults, grants the edition’s first pass at its price in the edition’s currency, marked as a test', async () => {
    const { stdout } = await command(['--email', 'elske@tidewater.example', '--edition', TIDEWATER.slug]);
    expect(stdout).toContain('"result":"granted"');
    const elske = await registrantOf('elske@tidewater.example');
    expect(elske.tier).toBe('replay');
    const [bought] = await ctx.db.select().from(purchases).where(eq(purchases.registrantId, elske.id));
    expect(bought).toMatchObject({ pass: 'replay', amount: 4900, currency: 'eur', test: true, status: 'active' });
  });

  it('counts a test payment in no revenue: the admin’s home and the insights show real sales only', async () => {
    const [noor] = await ctx.db
      .insert(registrants)
      .values({ editionId: edition.id, firstName: 'Noor', email: 'noor@tidewater.example' })
      .returning({ id: registrants.id });
    await ctx.db.transaction((tx) =>
      grantPass(tx, noor!.id, { pass: 'aap', source: 'provider', amount: 12900, currency: 'eur', paymentRef: 'pi_real_noor' }),
    );
    const sold = await passesSold(ctx.db, edition.id);
    expect(sold.find((row) => row.pass === 'replay')).toMatchObject({ sold: 0, revenue: [] });
    expect(sold.find((row) => row.pass === 'aap')).toMatchObject({ sold: 1, revenue: [{ currency: 'eur', amount: 12900 }] });
  });

  it('labels a held test payment “test”, in its own currency', async () => {
    const { stdout } = await command([
      '--email',
      'pieter@tidewater.example',
      '--edition',
      TIDEWATER.slug,
      '--pass',
      'aap',
      '--amount',
      '197',
      '--currency',
      'usd',
    ]);
    expect(stdout).toContain('"result":"held"');
    const [row] = await heldPaymentRows(ctx.db, await listHeldPayments(ctx.db));
    expect(row).toMatchObject({ test: true, amount: '$197.00', reason: 'paid in USD but the edition sells in EUR' });
  });

  it('removes the test payments at the admin’s word, audited, and leaves real ones', async () => {
    const removed = await removeTestPayments({ handle: ctx.handle, admin, now: NOW });
    expect(removed).toEqual({ purchases: 1, held: 1 });
    expect((await registrantOf('elske@tidewater.example')).tier).toBe('free');
    expect((await registrantOf('noor@tidewater.example')).tier).toBe('aap');
    expect(await ctx.db.select().from(heldPayments)).toEqual([]);
    const real = await ctx.db
      .select()
      .from(purchases)
      .where(and(eq(purchases.status, 'active'), eq(purchases.test, false)));
    expect(real).toHaveLength(1);
    const [entry] = await ctx.db.select().from(auditLog).where(eq(auditLog.entityType, 'test-payments'));
    expect(entry?.summary).toBe('Removed the test payments: 1 pass ended, 1 held payment deleted');
    expect(await removeTestPayments({ handle: ctx.handle, admin, now: NOW })).toEqual({ purchases: 0, held: 0 });
  });
});
