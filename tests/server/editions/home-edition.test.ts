import { buffer } from 'node:stream/consumers';
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { parseIdentifier } from '../../../src/domain/sign-in.ts';
import { upsertAdmin, type AdminUser } from '../../../src/server/auth/accounts.ts';
import { editions, homeEdition } from '../../../src/server/db/schema.ts';
import { duplicateEdition } from '../../../src/server/editions/duplicate-edition.ts';
import { deleteEdition } from '../../../src/server/editions/edition-commands.ts';
import { readEditionDocument } from '../../../src/server/editions/edition-transfer.ts';
import { findHomeEdition, readHomeEditionSlug, showOnHomePage } from '../../../src/server/editions/home-edition.ts';
import { createEdition } from '../../../src/server/editions/new-edition.ts';
import { listEditionSummaries } from '../../../src/server/editions/edition-admin-queries.ts';
import { invalidateContent } from '../../../src/server/caching/content-cache.ts';
import { audioExists, openAudio, removeAudio } from '../../../src/server/episodes/audio-store.ts';
import { deleteEpisode, listEpisodes } from '../../../src/server/episodes/episodes.ts';
import { describeEachDatabase, useTestDatabase } from '../../support/databases.ts';

const winter = {
  name: 'Winter Sound 2026',
  slug: 'winter-2026',
  summitStartDate: '2026-12-15',
  summitEndDate: '2026-12-17',
  timezone: 'America/New_York',
  supportEmail: 'hello@winter-sound.example.org',
  accessMode: 'registrants',
};

describeEachDatabase('the home page’s edition, New edition and Duplicate', (database) => {
  const ctx = useTestDatabase(database, { seed: true });
  let admin: AdminUser;

  beforeAll(async () => {
    // What an earlier suite of this file left in the process's caches is not this database's.
    invalidateContent();
    const { id } = await upsertAdmin(ctx.db, parseIdentifier('host@example.com')!, 'a long enough password');
    admin = { id, email: 'host@example.com', phone: null };
  });

  it('shows july out of the box, one edition at a time', async () => {
    expect(await readHomeEditionSlug(ctx.db)).toBe('july');
    const summaries = await listEditionSummaries(ctx.db);
    expect(summaries.filter((edition) => edition.onHomePage).map((edition) => edition.slug)).toEqual(['july']);
  });

  it('creates an edition from the neutral template, with per-field messages for what is wrong', async () => {
    const refused = await createEdition(ctx.handle, admin, { ...winter, slug: 'july', summitEndDate: '2026-12-14' });
    expect(refused).toEqual({
      ok: false,
      errors: {
        slug: ['There is already an edition with the slug “july”.'],
        summitEndDate: ['The summit cannot end before it starts.'],
      },
    });
    expect(await createEdition(ctx.handle, admin, { ...winter, slug: 'new' })).toMatchObject({
      ok: false,
      errors: { slug: ['That slug is one of the site’s own addresses; choose another.'] },
    });
    expect(await createEdition(ctx.handle, admin, winter)).toEqual({ ok: true, slug: 'winter-2026' });
    const document = (await readEditionDocument(ctx.db, 'winter-2026'))!;
    expect(document.edition).toMatchObject({ name: 'Winter Sound 2026', summitStartDate: '2026-12-15', accessMode: 'registrants' });
    expect([document.speakers, document.hosts, document.implementationSessions, document.bonusBundle]).toEqual([[], [], [], []]);
    expect(Object.keys(document.timers).sort()).toEqual(['dashboard', 'day1', 'day2', 'day3']);
    // A new edition does not take the home page from the one shown.
    expect(await readHomeEditionSlug(ctx.db)).toBe('july');
  });

  it('moves the home page to the chosen edition, and the cached answer follows at once', async () => {
    expect(await readHomeEditionSlug(ctx.db)).toBe('july');
    expect(await showOnHomePage({ handle: ctx.handle, admin, slug: 'winter-2026' })).toMatchObject({ ok: true });
    expect(await readHomeEditionSlug(ctx.db)).toBe('winter-2026');
    expect(await ctx.db.select().from(homeEdition)).toHaveLength(1);
    expect(await showOnHomePage({ handle: ctx.handle, admin, slug: 'nowhere' })).toMatchObject({ ok: false, status: 404 });
    expect((await findHomeEdition(ctx.db))?.slug).toBe('winter-2026');
  });

  it('refuses to delete the edition the home page shows, saying why; the database refuses it too', async () => {
    const refused = await deleteEdition({ handle: ctx.handle, admin, slug: 'winter-2026', confirmation: 'winter-2026' });
    expect(refused).toMatchObject({ ok: false, status: 409 });
    if (!refused.ok) expect(refused.message).toContain('cannot be deleted while the home page shows it');
    await expect(ctx.db.delete(editions).where(eq(editions.slug, 'winter-2026'))).rejects.toThrow();
    await showOnHomePage({ handle: ctx.handle, admin, slug: 'july' });
    expect(await deleteEdition({ handle: ctx.handle, admin, slug: 'winter-2026', confirmation: 'winter-2026' })).toMatchObject({
      ok: true,
    });
  });

  it('lists what a duplicate would carry over before saving it, and saves it once confirmed', async () => {
    const values = { source: 'september', slug: 'october', name: 'October' };
    const now = new Date('2026-11-24T12:00:00Z');
    const first = await duplicateEdition({ handle: ctx.handle, admin, values: { ...values, confirmed: false }, now });
    expect(first.ok).toBe(false);
    if (first.ok || !('review' in first)) throw new Error('expected a review');
    const kinds = new Set(first.review.map((finding) => finding.kind));
    expect(kinds).toEqual(new Set(['past-date', 'names-edition']));
    expect(first.review.some((finding) => finding.where === 'Settings › retreat › startDate')).toBe(true);
    expect(first.review.some((finding) => finding.where === 'Settings › speakersErrorMessage' && finding.found === 'September')).toBe(true);
    expect(await readEditionDocument(ctx.db, 'october')).toBeNull();
    expect(await duplicateEdition({ handle: ctx.handle, admin, values: { ...values, confirmed: true }, now })).toEqual({
      ok: true,
      slug: 'october',
    });
    // Not asked to: no episodes come along.
    expect((await readEditionDocument(ctx.db, 'october'))!.episodes).toEqual([]);
  });

  it('copies the episodes when asked, each with an audio file of its own that outlives the source’s', async () => {
    const values = { source: 'july', slug: 'july-encore', name: 'July encore', copyEpisodes: true, confirmed: true };
    expect(await duplicateEdition({ handle: ctx.handle, admin, values, now: new Date() })).toEqual({ ok: true, slug: 'july-encore' });
    const editionId = async (slug: string) => (await ctx.db.select().from(editions).where(eq(editions.slug, slug)))[0]!.id;
    const source = await listEpisodes(ctx.db, await editionId('july'));
    const copy = await listEpisodes(ctx.db, await editionId('july-encore'));
    expect(source.length).toBeGreaterThan(0);
    expect(copy.map(({ day, title, durationSeconds }) => ({ day, title, durationSeconds }))).toEqual(
      source.map(({ day, title, durationSeconds }) => ({ day, title, durationSeconds })),
    );
    for (const [index, episode] of copy.entries()) {
      const original = source[index]!;
      expect(episode.guid).not.toBe(original.guid);
      expect(episode.audioKey).not.toBe(original.audioKey);
      expect(await buffer((await openAudio(episode.audioKey!))!)).toEqual(await buffer((await openAudio(original.audioKey!))!));
    }
    // Deleting the copy's episode as the episodes screen does removes its file, never the source's.
    const [first] = copy;
    await deleteEpisode(ctx.db, first!.id);
    await removeAudio(first!.audioKey);
    expect(await audioExists(first!.audioKey!)).toBe(false);
    expect(await audioExists(source[0]!.audioKey!)).toBe(true);
  });
});
