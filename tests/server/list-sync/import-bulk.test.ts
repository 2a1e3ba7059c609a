/**
 * An import's registrants on the host's e-mail lists (docs/decisions/0076): one
 * registrants.imported per edition, sent with the provider's bulk add (Mailchimp's batch
 * subscribe, ActiveCampaign's bulk import) or one by one (Kit), against the stand-ins that answer
 * as each API reference documents; nobody without consent is named in any call.
 */
import { createHash } from 'node:crypto';
import { expect, it } from 'vitest';
import { listContacts } from '../../../src/server/db/schema.ts';
import { describeEachDatabase, useTestDatabase } from '../../support/databases.ts';
import { AC_KEY, KIT_KEY, MAILCHIMP_KEY, useListSyncSuite } from './support/list-sync-suite.ts';

describeEachDatabase('an import on the e-mail lists', (database) => {
  const ctx = useTestDatabase(database, { seed: true });
  const { kit, mailchimp, activecampaign, connect, drain, importCsv } = useListSyncSuite(ctx);

  // An import reports itself once (registrants.imported, docs/decisions/0076): the list gets its
  // registrants with consent through the provider's bulk add, never anyone without consent.
  const importFile = (count: number) =>
    ['email,name,consent', ...Array.from({ length: count }, (_, i) => `p${i}@example.com,P${i},${i % 2 ? 'yes' : 'no'}`)].join('\n');
  const withoutConsent = (count: number) => Array.from({ length: count }, (_, i) => `p${i}@example.com`).filter((_, i) => i % 2 === 0);
  const consenting = (count: number) => Array.from({ length: count }, (_, i) => `p${i}@example.com`).filter((_, i) => i % 2 === 1);

  it('Mailchimp: an import goes to the audience in batch subscribes of up to 500, only those with consent, never resubscribing', async () => {
    await connect(
      'mailchimp',
      { 'rule.registered.list': 'aud1', 'rule.registered.field': 'SOURCE', 'rule.registered.value': 'import' },
      { apiKey: MAILCHIMP_KEY },
    );
    // Unsubscribed there before: the import's batch leaves her as she is.
    const hash = createHash('md5').update('p1@example.com').digest('hex');
    mailchimp.state.members.push({
      list: 'aud1',
      hash,
      email_address: 'p1@example.com',
      status: 'unsubscribed',
      merge_fields: {},
      tags: [],
    });
    mailchimp.forbid(...withoutConsent(1200));
    await importCsv(importFile(1200));
    await drain();
    expect(mailchimp.violations).toEqual([]);
    expect(mailchimp.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /3.0/lists/aud1', 'POST /3.0/lists/aud1']);
    expect(mailchimp.requests.map((r) => (r.body as { members: unknown[] }).members.length)).toEqual([500, 100]);
    expect(mailchimp.state.members.map((m) => m.email_address).sort()).toEqual(consenting(1200).sort());
    expect(mailchimp.state.members.find((m) => m.email_address === 'p1@example.com')!.status).toBe('unsubscribed');
    expect(mailchimp.state.members.find((m) => m.email_address === 'p3@example.com')).toMatchObject({
      status: 'subscribed',
      merge_fields: { FNAME: 'P3', SOURCE: 'import' },
    });
    // Recorded as sent, so an unsubscribe here reaches them there.
    expect(await ctx.db.$count(listContacts)).toBe(600);
  });

  it('ActiveCampaign: an import goes in bulk imports of up to 250 with the list and field; Kit one by one (its bulk API takes OAuth only)', async () => {
    await connect(
      'activecampaign',
      { 'rule.registered.list': '3', 'rule.registered.field': '5', 'rule.registered.value': 'import' },
      { apiKey: AC_KEY, accountUrl: 'https://summit-host.api-us1.com' },
    );
    await connect('kit', { 'rule.registered.tag': '11' }, { apiKey: KIT_KEY });
    for (const standIn of [activecampaign, kit]) standIn.forbid(...withoutConsent(600));
    await importCsv(importFile(600));
    await drain();
    expect(activecampaign.violations).toEqual([]);
    expect(activecampaign.requests.map((r) => (r.body as { contacts: unknown[] }).contacts.length)).toEqual([250, 50]);
    expect(activecampaign.state.contacts.find((c) => c.email === 'p5@example.com')).toMatchObject({
      firstName: 'P5',
      lists: { 3: 1 },
      fields: { 5: 'import' },
    });
    expect(activecampaign.state.contacts).toHaveLength(300);
    expect(kit.violations).toEqual([]);
    expect(kit.state.subscribers.map((s) => [s.email_address, s.tags]).slice(0, 2)).toEqual([
      ['p1@example.com', [11]],
      ['p3@example.com', [11]],
    ]);
    expect(kit.state.subscribers).toHaveLength(300);
  });
});
