import { eq } from 'drizzle-orm';
import { beforeEach, expect, it } from 'vitest';
import { auditLog, heldPayments, mailOutbox, purchases, registrants, shareLinks } from '../../../src/server/db/schema.ts';
import { ensureShareLinks } from '../../../src/server/attribution/share-links.ts';
import { readEdition } from '../../../src/server/editions/read-edition.ts';
import { describeEachDatabase, useTestDatabase } from '../../support/databases.ts';
import { eventsOf, makeToken, startFresh, useApiServer } from './support/api-server.ts';

describeEachDatabase('/api/v1 passes from other checkouts', (database) => {
  const ctx = useTestDatabase(database, { seed: true });
  const api = useApiServer(ctx);
  let write = '';
  beforeEach(async () => {
    await startFresh(ctx.db);
    write = await makeToken(ctx.db, 'write');
  });

  it('grants a pass as a payment does (tier, e-mail, insights, pass.granted) and revokes it as a refund does', async () => {
    const edition = (await readEdition(ctx.db, 'july', { fresh: true }))!;
    await ensureShareLinks(ctx.db, edition);
    const [link] = await ctx.db.select().from(shareLinks).where(eq(shareLinks.editionId, edition.id)).limit(1);
    const created = await api.call(write, 'POST', '/registrants', {
      body: { email: 'buyer@example.com', name: 'Buyer', edition: 'july', send_email: false, share_code: link!.code },
    });
    const id = created.body!.id as number;
    const grant = { pass: 'aap', amount: 19700, currency: 'USD', reference: 'thrivecart-1001' };
    const granted = await api.call(write, 'POST', `/registrants/${id}/passes`, { body: grant });
    expect(granted.status).toBe(201);
    expect(granted.body).toMatchObject({
      tier: 'aap',
      passes: [{ pass: 'aap', status: 'active', source: 'provider', amount: 19700, currency: 'usd', reference: 'thrivecart-1001' }],
    });
    // The pass confirmation, as after a payment through the provider.
    expect(await ctx.db.select({ to: mailOutbox.to }).from(mailOutbox)).toEqual([{ to: 'buyer@example.com' }]);
    expect((await eventsOf(ctx.db)).map((event) => event.type)).toContain('pass.granted');
    const [audit] = await ctx.db.select().from(auditLog).where(eq(auditLog.entityType, 'purchases'));
    expect(audit?.actorLabel).toContain('API token');
    // The referrer's leaderboard counts the pass and its revenue.
    const referrers = await api.call(write, 'GET', '/insights/referrers?edition=july');
    const row = (referrers.body!.data as { code: string; passes: number; revenue: unknown }[]).find((entry) => entry.code === link!.code);
    expect(row).toMatchObject({ registrations: 1, passes: 1, revenue: [{ currency: 'usd', amount: 19700 }] });

    // The same reference again grants nothing more.
    const again = await api.call(write, 'POST', `/registrants/${id}/passes`, { body: grant });
    expect(again.status).toBe(200);
    expect(await ctx.db.select().from(purchases)).toHaveLength(1);
    const other = await api.call(write, 'POST', '/registrants', {
      body: { email: 'o@example.com', name: 'O', edition: 'july', send_email: false },
    });
    const stolen = await api.call(write, 'POST', `/registrants/${other.body!.id as number}/passes`, { body: grant });
    expect(stolen.status).toBe(409);

    const revoked = await api.call(write, 'DELETE', `/registrants/${id}/passes/aap`);
    expect(revoked.status).toBe(200);
    expect(revoked.body).toMatchObject({ tier: 'free', passes: [{ pass: 'aap', status: 'refunded' }] });
    const revokedEvent = (await eventsOf(ctx.db)).find((event) => event.type === 'pass.revoked');
    expect(revokedEvent?.data).toMatchObject({ pass: 'aap', cause: 'refund' });
    expect((await api.call(write, 'DELETE', `/registrants/${id}/passes/aap`)).status).toBe(404);
    expect((await api.call(write, 'DELETE', `/registrants/${id}/passes/gold`)).status).toBe(404);
    const [stored] = await ctx.db.select({ tier: registrants.tier }).from(registrants).where(eq(registrants.id, id));
    expect(stored?.tier).toBe('free');
  });

  it('refuses a bad grant at its fields', async () => {
    const created = await api.call(write, 'POST', '/registrants', {
      body: { email: 'c@example.com', name: 'C', edition: 'july', send_email: false },
    });
    const bad = await api.call(write, 'POST', `/registrants/${created.body!.id as number}/passes`, {
      body: { pass: 'gold', amount: 1.5, currency: 'dollars', reference: '' },
    });
    expect(bad.status).toBe(422);
    expect((bad.body!.errors as { pointer: string }[]).map((error) => error.pointer).sort()).toEqual([
      '#/amount',
      '#/currency',
      '#/pass',
      '#/reference',
    ]);
    expect(await ctx.db.select().from(purchases)).toEqual([]);
    expect(
      (await api.call(write, 'POST', '/registrants/999999/passes', { body: { pass: 'aap', amount: 1, currency: 'usd', reference: 'r' } }))
        .status,
    ).toBe(404);
  });

  it('refuses a currency that is no ISO 4217 code at its field, storing nothing', async () => {
    const created = await api.call(write, 'POST', '/registrants', {
      body: { email: 'x@example.com', name: 'X', edition: 'july', send_email: false },
    });
    const bad = await api.call(write, 'POST', `/registrants/${created.body!.id as number}/passes`, {
      body: { pass: 'aap', amount: 19700, currency: 'xyz', reference: 'made-up-currency' },
    });
    expect(bad.status).toBe(422);
    expect(bad.body!.errors).toEqual([{ pointer: '#/currency', detail: expect.stringContaining('ISO 4217') }]);
    expect(await ctx.db.select().from(purchases)).toEqual([]);
  });

  it('holds a grant in a currency the edition does not sell in, as the payment webhook does: no pass', async () => {
    const created = await api.call(write, 'POST', '/registrants', {
      body: { email: 'eur@example.com', name: 'Eur', edition: 'july', send_email: false },
    });
    const id = created.body!.id as number;
    const held = await api.call(write, 'POST', `/registrants/${id}/passes`, {
      body: { pass: 'aap', amount: 19700, currency: 'EUR', reference: 'thrivecart-eur-1' },
    });
    expect(held.status).toBe(202);
    expect(held.body).toMatchObject({ tier: 'free', passes: [] });
    expect(await ctx.db.select().from(purchases)).toEqual([]);
    const [row] = await ctx.db.select().from(heldPayments).where(eq(heldPayments.paymentRef, 'thrivecart-eur-1'));
    expect(row).toMatchObject({ currency: 'eur', amount: 19700, reason: 'paid in EUR but the edition sells in USD' });
  });
});
