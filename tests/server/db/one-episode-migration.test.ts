/**
 * Migration 0010 (one episode concept): a day's former episode embed becomes an
 * episode whose source is the external player, unless the day already plays an episode; a plain
 * embed id (a placeholder that played nothing) is dropped. Run here on a database that holds the
 * previous version's data, the statement as the migration file has it.
 */
import fs from 'node:fs/promises';
import { and, asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { editionDays, editions, episodes } from '../../../src/server/db/schema.ts';
import { describeEachDatabase, useTestDatabase } from '../../support/databases.ts';

async function dataStatement(): Promise<string> {
  const file = await fs.readFile('drizzle/0010_one_episode_concept.sql', 'utf8');
  const statements = file.split('--> statement-breakpoint');
  return statements[statements.length - 1] as string;
}

describeEachDatabase('migration 0010: day embeds become episodes', (database) => {
  const ctx = useTestDatabase(database, { seed: true });

  async function editionId(slug: string): Promise<number> {
    const [row] = await ctx.db.select({ id: editions.id }).from(editions).where(eq(editions.slug, slug));
    return row!.id;
  }

  async function setEmbed(slug: string, day: number, embed: string): Promise<void> {
    const id = await editionId(slug);
    await ctx.db
      .update(editionDays)
      .set({ episodeTitle: `Old title ${day}`, episodeDescription: 'Old description', episodeEmbed: embed })
      .where(and(eq(editionDays.editionId, id), eq(editionDays.day, day)));
  }

  it('makes an iframe embed an external-player episode, keeps uploaded episodes, drops placeholders', async () => {
    // september has no episodes (the demo's day without audio); july plays its uploads.
    await setEmbed('september', 1, '<iframe width="100%" src="https://player.example-audio.com/e/1?a=1&amp;b=2" frameborder="0"></iframe>');
    await setEmbed('september', 2, 'september-day-2-episode');
    await setEmbed('september', 3, "<IFRAME src='http://player.example-audio.com/insecure'></IFRAME>");
    await setEmbed('july', 1, '<iframe src="https://player.example-audio.com/e/july"></iframe>');
    const julyBefore = await ctx.db
      .select()
      .from(episodes)
      .where(eq(episodes.editionId, await editionId('july')));

    await ctx.db.execute(sql.raw(await dataStatement()));

    const september = await ctx.db
      .select()
      .from(episodes)
      .where(eq(episodes.editionId, await editionId('september')))
      .orderBy(asc(episodes.day));
    expect(september).toHaveLength(1);
    expect(september[0]).toMatchObject({
      day: 1,
      title: 'Old title 1',
      description: 'Old description',
      embedUrl: 'https://player.example-audio.com/e/1?a=1&b=2',
      audioKey: null,
      externalUrl: null,
    });
    const julyAfter = await ctx.db
      .select()
      .from(episodes)
      .where(eq(episodes.editionId, await editionId('july')));
    expect(julyAfter).toEqual(julyBefore);
  });

  it('refuses an episode with two sources or none', async () => {
    const id = await editionId('september');
    const insert = (values: { audioKey?: string; embedUrl?: string }) =>
      ctx.db.insert(episodes).values({ editionId: id, day: 2, title: 't', contentType: 'text/html', ...values });
    await expect(insert({})).rejects.toThrow();
    await expect(insert({ audioKey: 'audio/x.mp3', embedUrl: 'https://player.example-audio.com/e/2' })).rejects.toThrow();
  });
});

describe('the migration file', () => {
  it('ends with the data step', async () => {
    expect(await dataStatement()).toContain('INSERT INTO "episodes"');
  });
});
