import { beforeEach, expect, it } from 'vitest';
import { webhookEndpoints } from '../../../src/server/db/schema.ts';
import { configureWebhooks } from '../../../src/server/webhooks/webhook-config.ts';
import { webhooksScreen } from '../../../src/server/webhooks/webhooks-screen.ts';
import { describeEachDatabase, useTestDatabase } from '../../support/databases.ts';

const post = (fields: [string, string][]) => {
  const body = new URLSearchParams(fields);
  return new Request('http://localhost/admin/webhooks', {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
};

describeEachDatabase('/admin/webhooks form', (database) => {
  const ctx = useTestDatabase(database, { seed: true });
  beforeEach(async () => {
    await ctx.db.delete(webhookEndpoints);
    configureWebhooks(false);
  });
  const screen = async (fields: [string, string][]) => {
    const outcome = await webhooksScreen({ handle: ctx.handle, request: post(fields) });
    if (outcome.kind !== 'show') throw new Error(outcome.kind);
    return outcome;
  };

  it('answers an unknown event, a bad address, a private address and an unknown edition at their fields, storing nothing', async () => {
    const bad = await screen([
      ['action', 'add'],
      ['url', 'ftp://example.com/x'],
      ['events', 'order.placed'],
      ['edition', 'no-such-edition'],
    ]);
    expect(bad.status).toBe(422);
    expect(bad.state.form.errors).toEqual({
      url: 'The address must start with https://.',
      events: 'Unknown event: order.placed.',
      editionId: 'Choose an edition from the list.',
    });
    expect(bad.state.form.values).toEqual({ url: 'ftp://example.com/x', events: ['order.placed'], edition: 'no-such-edition' });
    const loopback = await screen([
      ['action', 'add'],
      ['url', 'https://127.0.0.1/hook'],
      ['events', 'pass.granted'],
    ]);
    expect(loopback.status).toBe(422);
    expect(loopback.state.form.errors.url).toContain('private or local address');
    expect(await ctx.db.select().from(webhookEndpoints)).toEqual([]);
  });

  it('adds an endpoint for one edition and shows its secret once', async () => {
    const added = await screen([
      ['action', 'add'],
      ['url', 'https://93.184.216.34/hook'],
      ['events', 'pass.granted'],
      ['events', 'pass.revoked'],
      ['edition', 'august'],
    ]);
    expect(added.status).toBe(200);
    expect(added.state.secret?.value).toMatch(/^whsec_/);
    expect(added.state.endpoints).toMatchObject([
      { url: 'https://93.184.216.34/hook', events: ['pass.granted', 'pass.revoked'], edition: 'august', status: 'active' },
    ]);
    const again = await webhooksScreen({ handle: ctx.handle, request: new Request('http://localhost/admin/webhooks') });
    expect(again.kind === 'show' && again.state.secret).toBeUndefined();
    const nonsense = await screen([
      ['action', 'pause'],
      ['id', 'x'],
    ]);
    expect(nonsense.status).toBe(422);
  });

  it('refuses an action it does not know, or none, with a message and stores nothing', async () => {
    for (const fields of [[['action', 'explode']], []] as [string, string][][]) {
      const refused = await screen(fields);
      expect(refused.status).toBe(422);
      expect(refused.state.problem).toBe('Unknown action.');
    }
    expect(await ctx.db.select().from(webhookEndpoints)).toEqual([]);
  });
});
