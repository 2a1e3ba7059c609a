import { asc, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { fallbackSpeakers } from '../../../src/content/site/fallback-speakers.ts';
import { seedDemoContent } from '../../../src/server/demo-content/seed.ts';
import {
  bonusBundleItems,
  editionDays,
  episodes,
  editions,
  faqItems,
  hosts,
  implementationSessions,
  speakers,
  sponsors,
  timerConfigs,
} from '../../../src/server/db/schema.ts';
import { describeEachDatabase, useTestDatabase } from '../../support/databases.ts';

describeEachDatabase('demo content seed', (database) => {
  const ctx = useTestDatabase(database);

  async function tableCounts() {
    const tables = { editions, speakers, hosts, implementationSessions, bonusBundleItems, sponsors, faqItems, timerConfigs, editionDays };
    const result: Record<string, number> = {};
    for (const [name, table] of Object.entries(tables)) {
      const [row] = await ctx.db.select({ n: count() }).from(table);
      result[name] = row?.n ?? -1;
    }
    return result;
  }

  it('seeds the three editions with their content on the first run', async () => {
    expect(await seedDemoContent(ctx.db)).toBe(true);
    expect(await tableCounts()).toEqual({
      editions: 3,
      speakers: 20 + 12 + 12,
      hosts: 9,
      implementationSessions: 10,
      bonusBundleItems: 6,
      // Each demo edition has the demo's sponsors and questions.
      sponsors: 3 * 4,
      faqItems: 3 * 6,
      timerConfigs: 12,
      editionDays: 9,
    });
  });

  it('adds nothing on a second run, nor after the migrations run again', async () => {
    const before = await tableCounts();
    await ctx.handle.migrate();
    expect(await seedDemoContent(ctx.db)).toBe(false);
    expect(await tableCounts()).toEqual(before);
  });

  it('does not bring back content deleted after seeding', async () => {
    await ctx.db.delete(faqItems);
    expect(await seedDemoContent(ctx.db)).toBe(false);
    const [row] = await ctx.db.select({ n: count() }).from(faqItems);
    expect(row?.n).toBe(0);
  });

  it('holds the spec’s dates and timers, and the demo episodes with their real durations', async () => {
    const rows = await ctx.db.select().from(editions).orderBy(asc(editions.position));
    expect(rows.map((e) => [e.slug, e.summitStartDate, e.summitEndDate])).toEqual([
      ['july', '2025-07-15', '2025-07-17'],
      ['august', expect.any(String), expect.any(String)],
      ['september', '2025-09-23', '2025-09-25'],
    ]);
    const september = rows.find((e) => e.slug === 'september');
    const timers = await ctx.db.select().from(timerConfigs).where(eq(timerConfigs.editionId, september!.id));
    const byPage = Object.fromEntries(timers.map((t) => [t.page, t.config]));
    expect(byPage.day1).toMatchObject({
      mode: 'live',
      eventStartDate: '2025-09-23T00:00',
      eventEndDate: '2025-09-24T00:00',
      timezone: 'Australia/Sydney',
    });
    expect(byPage.day2).toMatchObject({ mode: 'live', eventStartDate: '2025-09-24T00:00', eventEndDate: '2025-09-25T00:00' });
    expect(byPage.day3).toMatchObject({ mode: 'live', eventStartDate: '2025-09-25T00:00', eventEndDate: '2025-09-26T00:00' });
    expect(byPage.dashboard).toMatchObject({ mode: 'evergreen', durationSeconds: 30 * 86400 });

    // One episode concept (decision 0033): july and august play their uploaded episodes, with
    // durations read from the files and the lengths they state (2:15:30, 2:20:45, 2:25:15);
    // september has no audio, so its days show the visual-only player.
    const played = await ctx.db
      .select({
        slug: editions.slug,
        day: episodes.day,
        duration: episodes.durationSeconds,
        stated: episodes.statedDurationSeconds,
        audioKey: episodes.audioKey,
      })
      .from(episodes)
      .innerJoin(editions, eq(editions.id, episodes.editionId))
      .orderBy(asc(editions.position), asc(episodes.day));
    const stated = [2 * 3600 + 15 * 60 + 30, 2 * 3600 + 20 * 60 + 45, 2 * 3600 + 25 * 60 + 15];
    expect(played.map((e) => `${e.slug}:${e.day}:${e.duration}:${e.stated}`)).toEqual([
      `july:1:7:${stated[0]}`,
      `july:2:4:${stated[1]}`,
      `july:3:4:${stated[2]}`,
      `august:1:7:${stated[0]}`,
      `august:2:4:${stated[1]}`,
      `august:3:4:${stated[2]}`,
    ]);
    expect(played.every((e) => e.audioKey !== null)).toBe(true);
  });

  it('seeds one Premium and three Supporting sponsors with the four offers, in each edition', async () => {
    const [july] = await ctx.db.select({ id: editions.id }).from(editions).where(eq(editions.slug, 'july'));
    const rows = await ctx.db.select().from(sponsors).where(eq(sponsors.editionId, july!.id)).orderBy(asc(sponsors.position));
    expect(rows.map((s) => s.type)).toEqual(['Premium', 'Supporting', 'Supporting', 'Supporting']);
    const offers = rows.map((s) => s.offer.toLowerCase()).join(' | ');
    for (const offer of [
      '15% off crystal sets',
      'free shipping on oracle sets',
      '20% off digital planners',
      'bundle deals on ritual kits',
    ]) {
      expect(offers).toContain(offer);
    }
  });
});

describe('bundled fallback speakers', () => {
  it('holds exactly 20 speakers: 7 on day 1, 7 on day 2, 6 on day 3', () => {
    expect(fallbackSpeakers).toHaveLength(20);
    expect([1, 2, 3].map((day) => fallbackSpeakers.filter((s) => s.day === day).length)).toEqual([7, 7, 6]);
  });
});
