/** /admin/integrations (docs/decisions/0059): bad input is answered at its field with 422, storing nothing; the key never comes back. */
import { beforeEach, expect, it } from 'vitest';
import { webhookEndpoints } from '../../../src/server/db/schema.ts';
import { configureListSync, DEFAULT_LIST_API_URLS } from '../../../src/server/list-sync/list-sync-config.ts';
import { integrationsScreen } from '../../../src/server/list-sync/integrations-screen.ts';
import { configureWebhooks } from '../../../src/server/webhooks/webhook-config.ts';
import { describeEachDatabase, useTestDatabase } from '../../support/databases.ts';

const post = (fields: [string, string][]) =>
  new Request('http://localhost/admin/integrations', {
    method: 'POST',
    body: new URLSearchParams(fields),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });

describeEachDatabase('/admin/integrations form', (database) => {
  const ctx = useTestDatabase(database, { seed: true });
  beforeEach(async () => {
    await ctx.db.delete(webhookEndpoints);
    configureWebhooks(false);
    configureListSync(DEFAULT_LIST_API_URLS);
  });
  const screen = async (fields: [string, string][]) => {
    const outcome = await integrationsScreen({ handle: ctx.handle, request: post(fields) });
    if (outcome.kind !== 'show') throw new Error(outcome.kind);
    return outcome;
  };

  it('answers each bad value at its field, keeps what was typed except the key, and stores nothing', async () => {
    const bad = await screen([
      ['action', 'save'],
      ['provider', 'mailchimp'],
      ['apiKey', 'not-a-mailchimp-key'],
      ['edition', 'no-such-edition'],
      ['rule.registered.tag', 'summit'],
      ['rule.registered.field', 'lower case'],
      ['rule.pass:aap.value', 'gold'],
    ]);
    expect(bad.status).toBe(422);
    expect(bad.state.form.errors).toEqual({
      apiKey: 'A Mailchimp API key ends in its data centre, such as …-us6.',
      'rule.registered.field': 'A merge field tag: capitals, digits or _, at most 10, such as PASS.',
      'rule.registered.value': 'Give the value to set.',
      'rule.registered.list': 'Mailchimp keeps every contact in an audience: give its Audience ID.',
      'rule.pass:aap.field': 'Name the field the value goes into.',
      editionId: 'Choose an edition from the list.',
    });
    expect(bad.state.form.values.rules['rule.registered.tag']).toBe('summit');
    expect(JSON.stringify(bad.state)).not.toContain('not-a-mailchimp-key');
    expect(await ctx.db.select().from(webhookEndpoints)).toEqual([]);
  });

  it('refuses an unknown provider, numbers where IDs belong, an empty form, and an account address on a private network', async () => {
    expect(
      (
        await screen([
          ['action', 'save'],
          ['provider', 'sendgrid'],
          ['apiKey', 'k'],
        ])
      ).state.form.errors,
    ).toEqual({
      provider: 'Choose Kit, Mailchimp or ActiveCampaign.',
    });
    expect(
      (
        await screen([
          ['action', 'save'],
          ['provider', 'kit'],
          ['apiKey', 'key'],
        ])
      ).state.form.errors,
    ).toEqual({
      rules: 'Fill in at least one row: a list, a tag or a field.',
    });
    const ac = await screen([
      ['action', 'save'],
      ['provider', 'activecampaign'],
      ['apiKey', 'key'],
      ['accountUrl', 'http://example.com'],
      ['rule.listened:2.tag', 'listened-day-2'],
    ]);
    expect(ac.state.form.errors).toEqual({
      accountUrl: 'Enter your account’s API address from Settings → Developer, such as https://youraccount.api-us1.com.',
      'rule.listened:2.tag': 'Tag ID: a number, as the provider shows it.',
    });
    const internal = await screen([
      ['action', 'save'],
      ['provider', 'activecampaign'],
      ['apiKey', 'key'],
      ['accountUrl', 'https://127.0.0.1'],
      ['rule.registered.list', '3'],
    ]);
    expect(internal.state.form.errors.accountUrl).toMatch(/private or local address/);
    expect(await ctx.db.select().from(webhookEndpoints)).toEqual([]);
  });

  it('connects, changes the rules keeping the stored key when none is typed, pauses and deletes', async () => {
    const made = await screen([
      ['action', 'save'],
      ['provider', 'kit'],
      ['apiKey', 'kit_secret_1234'],
      ['rule.registered.tag', '11'],
    ]);
    expect(made.status).toBe(200);
    expect(made.state.connections).toMatchObject([
      { provider: 'kit', keyEnding: '1234', status: 'active', rules: [{ on: 'registered', tag: '11' }] },
    ]);
    expect(JSON.stringify(made.state)).not.toContain('kit_secret_1234');
    const id = String(made.state.connections[0]!.id);
    const changed = await screen([
      ['action', 'save'],
      ['id', id],
      ['provider', 'kit'],
      ['apiKey', ''],
      ['rule.pass:aap.tag', '22'],
    ]);
    expect(changed.state.message).toBe('Connection saved.');
    const [row] = await ctx.db.select().from(webhookEndpoints);
    expect(row).toMatchObject({ secret: 'kit_secret_1234', kind: 'kit' });
    expect(row?.events.sort()).toEqual([
      'email.bounced',
      'email.complained',
      'pass.granted',
      'registrant.erased',
      'registrant.unsubscribed',
      'registrant.updated',
    ]);
    expect(
      (
        await screen([
          ['action', 'pause'],
          ['id', id],
        ])
      ).state.connections[0]?.status,
    ).toBe('paused');
    expect(
      (
        await screen([
          ['action', 'delete'],
          ['id', id],
        ])
      ).state.connections,
    ).toEqual([]);
  });
});
