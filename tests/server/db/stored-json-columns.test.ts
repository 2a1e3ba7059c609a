/**
 * Every jsonb column but the edition settings (read part by part: tests/server/editions/
 * stored-settings.test.ts) is read through its document's zod schema (docs/decisions/0073): a
 * stored document the schema refuses fails the read with the table and column named, instead of
 * reaching the code as a cast type; one that parses comes out as the schema reads it (unknown keys
 * left out, defaults filled in), whichever query reads it.
 */
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { invalidateContent } from '../../../src/server/caching/content-cache.ts';
import { loadTimerConfig } from '../../../src/server/access/timer-configs.ts';
import { editionMessages, editions, speakers, timerConfigs, webhookEndpoints } from '../../../src/server/db/schema.ts';
import { StoredJsonError } from '../../../src/server/db/schema/parsed-jsonb.ts';
import { describeEachDatabase, useTestDatabase } from '../../support/databases.ts';

describeEachDatabase('JSON columns parsed on read', (database) => {
  const ctx = useTestDatabase(database, { seed: true });
  let editionId = 0;

  beforeAll(async () => {
    const [row] = await ctx.db.select({ id: editions.id }).from(editions).where(eq(editions.slug, 'july'));
    editionId = row!.id;
  });

  const refused = (column: string) => expect.objectContaining({ name: 'StoredJsonError', column });

  it('refuses a timer config of no known mode, by every query that reads it, naming timer_configs.config', async () => {
    await ctx.db.execute(
      sql`update timer_configs set config = '{"mode":"sometimes","redirectUrl":"https://example.com"}'::jsonb where edition_id = ${editionId} and page = 'day1'`,
    );
    const thisPage = and(eq(timerConfigs.editionId, editionId), eq(timerConfigs.page, 'day1'));
    await expect(ctx.db.select().from(timerConfigs).where(thisPage)).rejects.toEqual(refused('timer_configs.config'));
    await expect(ctx.db.query.timerConfigs.findFirst({ where: thisPage })).rejects.toBeInstanceOf(StoredJsonError);
    invalidateContent();
    await expect(loadTimerConfig(ctx.db, editionId, 'day1')).rejects.toThrow(/timer_configs\.config does not match its schema: mode: /);
  });

  it('reads a message’s send rule as the schema has it, and refuses a day the summit does not have', async () => {
    const [message] = await ctx.db
      .select({ id: editionMessages.id })
      .from(editionMessages)
      .where(eq(editionMessages.editionId, editionId))
      .limit(1);
    const thisMessage = eq(editionMessages.id, message!.id);
    await ctx.db.execute(
      sql`update edition_messages set rule = '{"kind":"after-registration","minutes":60,"legacy":true}'::jsonb where id = ${message!.id}`,
    );
    const [read] = await ctx.db.select({ rule: editionMessages.rule }).from(editionMessages).where(thisMessage);
    expect(read?.rule).toEqual({ kind: 'after-registration', minutes: 60 });
    await ctx.db.execute(sql`update edition_messages set rule = '{"kind":"day","day":9,"minutes":0}'::jsonb where id = ${message!.id}`);
    await expect(ctx.db.select().from(editionMessages).where(thisMessage)).rejects.toEqual(refused('edition_messages.rule'));
  });

  it('refuses an e-mail list connection whose rule names a pass or an event that does not exist', async () => {
    const insert = (settings: string, events: string) =>
      ctx.db.execute(sql`insert into webhook_endpoints (kind, url, secret, settings, events)
        values ('kit', 'https://api.kit.example.com', 'key', ${settings}::jsonb, ${events}::jsonb) returning id`);
    const rule = { list: '1', tag: '', field: '', value: '' };
    await insert(JSON.stringify({ rules: [{ on: 'pass:aap', ...rule }] }), '["pass.granted"]');
    const [good] = await ctx.db.select().from(webhookEndpoints);
    expect(good?.settings).toEqual({ rules: [{ on: 'pass:aap', ...rule }] });
    expect(good?.events).toEqual(['pass.granted']);

    await ctx.db.delete(webhookEndpoints);
    await insert(JSON.stringify({ rules: [{ on: 'pass:gold', ...rule }] }), '["pass.granted"]');
    await expect(ctx.db.select().from(webhookEndpoints)).rejects.toEqual(refused('webhook_endpoints.settings'));

    await ctx.db.delete(webhookEndpoints);
    await insert(JSON.stringify({ rules: [] }), '["registrant.deleted"]');
    await expect(ctx.db.select({ events: webhookEndpoints.events }).from(webhookEndpoints)).rejects.toEqual(
      refused('webhook_endpoints.events'),
    );
    await ctx.db.delete(webhookEndpoints);
  });

  it('fills in a speaker’s freebie as the schema reads it and refuses one that is not text', async () => {
    const [speaker] = await ctx.db.select({ id: speakers.id }).from(speakers).where(eq(speakers.editionId, editionId)).limit(1);
    const thisSpeaker = eq(speakers.id, speaker!.id);
    await ctx.db.execute(sql`update speakers set freebie = '{"title":"The guide"}'::jsonb where id = ${speaker!.id}`);
    const [read] = await ctx.db.select({ freebie: speakers.freebie }).from(speakers).where(thisSpeaker);
    expect(read?.freebie).toEqual({ title: 'The guide', description: '', image: '', downloadUrl: '' });
    await ctx.db.execute(sql`update speakers set freebie = '{"title":5}'::jsonb where id = ${speaker!.id}`);
    await expect(ctx.db.select().from(speakers).where(thisSpeaker)).rejects.toEqual(refused('speakers.freebie'));
    await ctx.db.execute(sql`update speakers set freebie = null where id = ${speaker!.id}`);
  });

  it('writes and reads back what the code writes, unchanged', async () => {
    const config = { mode: 'evergreen' as const, durationSeconds: 3600, redirectUrl: 'https://example.com/after' };
    await ctx.db
      .update(timerConfigs)
      .set({ config })
      .where(and(eq(timerConfigs.editionId, editionId), eq(timerConfigs.page, 'day2')));
    const [row] = await ctx.db
      .select({ config: timerConfigs.config })
      .from(timerConfigs)
      .where(and(eq(timerConfigs.editionId, editionId), eq(timerConfigs.page, 'day2')));
    expect(row?.config).toEqual(config);
  });
});
