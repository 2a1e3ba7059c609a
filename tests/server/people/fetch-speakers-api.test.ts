import { beforeEach, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { invalidateContent } from '../../../src/server/caching/content-cache.ts';
import { editions, speakers } from '../../../src/server/db/schema.ts';
import { fetchSpeakers } from '../../../src/server/people/fetch-speakers-api.ts';
import { describeEachDatabase, useTestDatabase } from '../../support/databases.ts';

/** The field names of docs/PRODUCT.md "Content entities", plus the row id. */
const SPEAKER_FIELDS = [
  'id',
  'firstName',
  'lastName',
  'pronouns',
  'image',
  'headshot',
  'websiteUrl',
  'modalities',
  'topic',
  'bio',
  'day',
  'episodeDuration',
  'helloAudioEmbedId',
  'shortDescription',
  'implementationWeek',
  'implementationWeekTopic',
  'implementationWeekDescription',
  'integrationSessionLink',
  'freebie',
].sort();
const SESSION_FIELDS = ['id', 'firstName', 'lastName', 'headshot', 'topic', 'description', 'day', 'integrationSessionLink'].sort();
const BONUS_FIELDS = [
  'id',
  'bonusBundleTitle',
  'bonusBundleImage',
  'bonusBundlePrice',
  'bonusBundleDescription',
  'image',
  'firstName',
  'lastName',
  'topic',
  'bio',
  'freebie',
].sort();

describeEachDatabase('GET /api/fetch-speakers', (database) => {
  const ctx = useTestDatabase(database, { seed: true });
  beforeEach(() => invalidateContent());

  async function call(query: string) {
    const answer = await fetchSpeakers(ctx.db, new URLSearchParams(query), true);
    if (!answer.ok) throw new Error(`expected success for ${query}, got ${answer.status} ${answer.error}`);
    if ('servedStale' in answer) throw new Error(`expected the database's content for ${query}, got ${answer.servedStale}`);
    return { body: JSON.parse(answer.body) as Record<string, Record<string, unknown>[]>, cacheControl: answer.cacheControl };
  }

  it.each([
    ['', 'speakers', 20],
    ['view=host', 'hosts', 3],
    ['summit=august', 'speakers', 12],
    ['summit=august&view=host', 'hosts', 3],
    ['summit=august&view=implementation', 'implementationSessions', 5],
    ['summit=september', 'speakers', 12],
    ['summit=september&view=host', 'hosts', 3],
    ['summit=september&view=implementation', 'implementationSessions', 5],
  ])('?%s answers %s with the edition’s rows', async (query, key, length) => {
    const { body } = await call(query);
    expect(Object.keys(body)).toEqual([key]);
    expect(body[key]).toHaveLength(length);
  });

  it('answers the september bonus call with error and bonusBundle', async () => {
    const { body } = await call('summit=september&view=bonus');
    expect(Object.keys(body).sort()).toEqual(['bonusBundle', 'error']);
    expect(body.error).toBeNull();
    expect(body.bonusBundle).toHaveLength(6);
    expect(Object.keys(body.bonusBundle![0]!).sort()).toEqual(BONUS_FIELDS);
  });

  it('uses the spec’s camelCase field names and the nested freebie', async () => {
    const { body } = await call('summit=august');
    const speaker = body.speakers![0]!;
    expect(Object.keys(speaker).sort()).toEqual(SPEAKER_FIELDS);
    const withFreebie = body.speakers!.find((s) => s.freebie !== null)!;
    expect(Object.keys(withFreebie.freebie as object).sort()).toEqual(['description', 'downloadUrl', 'image', 'title']);
    const { body: hosts } = await call('summit=august&view=host');
    expect(Object.keys(hosts.hosts![0]!).sort()).toEqual(SPEAKER_FIELDS);
    const { body: sessions } = await call('summit=september&view=implementation');
    expect(Object.keys(sessions.implementationSessions![0]!).sort()).toEqual(SESSION_FIELDS);
  });

  it('returns each edition’s own people, ordered by day', async () => {
    const july = (await call('')).body.speakers!;
    const august = (await call('summit=august')).body.speakers!;
    const julyNames = new Set(july.map((s) => `${s.firstName} ${s.lastName}`));
    expect(august.some((s) => julyNames.has(`${s.firstName} ${s.lastName}`))).toBe(false);
    expect(july.map((s) => s.day)).toEqual([...july.map((s) => s.day as number)].sort());
    expect(july.filter((s) => s.day === 3)).toHaveLength(6);
  });

  it('treats summit=july as the default edition', async () => {
    expect((await call('summit=july')).body).toEqual((await call('')).body);
  });

  it('sets the cache windows: 5 min fresh and 10 kept for content, 30 s and 60 s for hosts', async () => {
    expect((await call('summit=august')).cacheControl).toBe('public, max-age=300, stale-while-revalidate=600');
    expect((await call('summit=september&view=implementation')).cacheControl).toBe('public, max-age=300, stale-while-revalidate=600');
    expect((await call('view=host')).cacheControl).toBe('public, max-age=30, stale-while-revalidate=60');
  });

  it.each([
    ['summit=october', /Unknown summit/],
    ['summit=', /Invalid summit/],
    ['summit=%3Cscript%3E', /Invalid summit/],
    ['view=speakers', /Invalid view/],
    ['view=HOST', /Invalid view/],
    ['summit=july&view=implementation', /not available for summit july/],
    ['summit=august&view=bonus', /not available for summit august/],
    ['summit=august&summit=september', /only once/],
  ])('answers 400 with a message for ?%s', async (query, message) => {
    const answer = await fetchSpeakers(ctx.db, new URLSearchParams(query), true);
    expect(answer.ok).toBe(false);
    if (!answer.ok) {
      expect(answer.status).toBe(400);
      expect(answer.error).toMatch(message);
    }
  });

  it('hands partner sites sanitised markup and only safe links, whatever the database holds', async () => {
    // As an import or data from before the input rules could have put it there.
    const [july] = await ctx.db.select({ id: editions.id }).from(editions).where(eq(editions.slug, 'july'));
    await ctx.db.insert(speakers).values({
      editionId: july!.id,
      firstName: 'Hostile',
      day: 3,
      position: 999,
      shortDescription: '<p>Hello</p><script>alert(1)</script><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">x</a>',
      websiteUrl: 'javascript:alert(4)',
      image: 'javascript:alert(5)',
      freebie: { title: 'Gift', description: '', image: '', downloadUrl: 'javascript:alert(6)' },
    });
    try {
      const { body } = await call('');
      const hostile = body.speakers!.find((speaker) => speaker.firstName === 'Hostile')!;
      const serialised = JSON.stringify(hostile);
      expect(serialised).not.toMatch(/<script|onerror|javascript:/i);
      expect(hostile.shortDescription).toContain('<p>Hello</p>');
      expect(hostile.websiteUrl).toBeNull();
      expect(hostile.image).toBeNull();
      expect((hostile.freebie as unknown as Record<string, unknown>).downloadUrl).toBeNull();
      // Safe content passes unchanged.
      const safe = body.speakers!.find((speaker) => speaker.firstName !== 'Hostile' && speaker.websiteUrl)!;
      expect(String(safe.websiteUrl)).toMatch(/^https?:\/\//);
    } finally {
      await ctx.db.delete(speakers).where(eq(speakers.firstName, 'Hostile'));
      invalidateContent();
    }
  });
});
