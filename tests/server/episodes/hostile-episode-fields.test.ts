/**
 * An episode whose description and transcript an attacker wrote, among a day's other episodes:
 * the day still lists every episode (the hostile description shows as its text), and the pages
 * read the transcript once per version of it, not on every render.
 */
import { eq } from 'drizzle-orm';
import { beforeEach, expect, it } from 'vitest';
import { invalidateContent } from '../../../src/server/caching/content-cache.ts';
import { editions } from '../../../src/server/db/schema.ts';
import { loadDayEpisodes } from '../../../src/server/episodes/day-episodes.ts';
import { insertEpisode, updateEpisode } from '../../../src/server/episodes/episodes.ts';
import { renderMessageTemplate } from '../../../src/server/mail/render-message.ts';
import { describeEachDatabase, useTestDatabase } from '../../support/databases.ts';

const AUDIO_HOST = 'player.example.com';
const HOSTILE_VTT = `WEBVTT\n\n00:00:00.000 --> 00:00:01.000\n${'<'.repeat(120_000)}\n\n00:00:02.000 --> 00:00:03.000\n<v Ava>Still here.\n`;

describeEachDatabase('a day with one hostile episode', (database) => {
  const ctx = useTestDatabase(database, { seed: true });
  beforeEach(() => invalidateContent());

  async function addHostileEpisode(description = '>'.repeat(3000)) {
    const [july] = await ctx.db.select({ id: editions.id }).from(editions).where(eq(editions.slug, 'july'));
    const episode = await insertEpisode(ctx.db, {
      editionId: july!.id,
      day: 1,
      position: 99,
      title: 'Hostile',
      description,
      externalUrl: 'https://cdn.example.com/hostile.mp3',
      contentType: 'audio/mpeg',
      transcript: HOSTILE_VTT,
      transcriptType: 'text/vtt',
    });
    invalidateContent();
    return { editionId: july!.id, episode };
  }

  it('still lists the day’s other episodes, with the hostile description shown as its text', async () => {
    const { editionId } = await addHostileEpisode();
    const day = (await loadDayEpisodes(ctx.db, editionId, AUDIO_HOST)).get(1) ?? [];
    expect(day.length).toBeGreaterThanOrEqual(2);
    const hostile = day.find((episode) => episode.title === 'Hostile');
    expect(hostile?.descriptionHtml).toBe(`<p>${'&gt;'.repeat(3000)}</p>`);
    expect(hostile?.transcript).toEqual([
      { start: '0:00', speaker: null, text: '<'.repeat(120_000) },
      { start: '0:02', speaker: 'Ava', text: 'Still here.' },
    ]);
    for (const other of day.filter((episode) => episode.title !== 'Hostile')) expect(other.descriptionHtml).not.toContain('&gt;&gt;');
  });

  it('reads the transcript once per version: again only after the episode is written', async () => {
    const { editionId, episode } = await addHostileEpisode('An ordinary description.');
    const shown = async () => (await loadDayEpisodes(ctx.db, editionId, AUDIO_HOST)).get(1)?.find((item) => item.id === episode.id);
    const first = await shown();
    invalidateContent();
    // The rows are read anew from the database; the passages are the ones read before.
    expect((await shown())?.transcript).toBe(first?.transcript);
    await updateEpisode(ctx.db, episode.id, { transcript: 'WEBVTT\n\n00:00:05.000 --> 00:00:06.000\nNew.\n' });
    invalidateContent();
    expect((await shown())?.transcript).toEqual([{ start: '0:05', speaker: null, text: 'New.' }]);
  });
});

it('renders an e-mail whose body is 3,000 ">" with the body as its text', async () => {
  const template = await renderMessageTemplate(
    { subject: 'Hello', body: '>'.repeat(3000), category: 'transactional' },
    {
      summitName: 'Summit',
      logoUrl: null,
      primaryColor: '#0f766e',
      secondaryColor: '#334155',
      accentColor: '#f59e0b',
      supportEmail: null,
      replyTo: null,
      consentTopics: 'reminders and offers',
      lang: 'en',
      siteUrl: 'https://summit.example.com',
    },
  );
  expect(template.html).toContain('&gt;'.repeat(100));
  expect(template.text).toContain('>'.repeat(100));
});
