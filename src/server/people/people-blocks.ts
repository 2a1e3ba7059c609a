/**
 * An edition's people and sessions as page blocks, cached for the spec's windows. What is cached
 * is already shown content (src/domain/shown-content.ts): markdown rendered to sanitised HTML once
 * per cache fill, so components only place it.
 */
import type { Edition, EditionDay } from '../../domain/edition.ts';
import type { ShownBonusItem, ShownHost, ShownSession, ShownSpeaker } from '../../domain/shown-content.ts';
import { showBonusItem, showPerson, showSession } from '../../markup/shown-content.ts';
import { regularPriceText } from '../../domain/regular-price.ts';
import { filterByDay, findHostForDay, sortIntegrationSessions } from '../../domain/people.ts';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { editionDays } from '../db/schema.ts';
import { CONTENT_TTL_MS, HOST_TTL_MS, loadBlock, type Block } from '../caching/cached-block.ts';
import { listBonusBundle, listHosts, listImplementationSessions, listSpeakers } from './people-queries.ts';

export function loadSpeakers(db: Database, edition: Edition): Promise<Block<ShownSpeaker[]>> {
  return loadBlock(`speakers:${edition.id}`, CONTENT_TTL_MS, async () => (await listSpeakers(db, edition.id)).map(showPerson));
}

export async function loadDaySpeakers(db: Database, edition: Edition, day: number): Promise<Block<ShownSpeaker[]>> {
  const block = await loadSpeakers(db, edition);
  return block.state === 'success' ? { state: 'success', data: filterByDay(block.data, day) } : block;
}

/** The day's host: the first match, or null (the fallback 'Your Host' card shows). */
export async function loadDayHost(db: Database, edition: Edition, day: number): Promise<Block<ShownHost | null>> {
  const block = await loadBlock(`hosts:${edition.id}`, HOST_TTL_MS, async () => (await listHosts(db, edition.id)).map(showPerson));
  return block.state === 'success' ? { state: 'success', data: findHostForDay(block.data, day) } : block;
}

export async function loadEditionDay(db: Database, edition: Edition, day: number): Promise<EditionDay | null> {
  const block = await loadBlock(`edition-day:${edition.id}:${day}`, CONTENT_TTL_MS, async () => {
    const [row] = await db
      .select({ day: editionDays.day, title: editionDays.title, subtitle: editionDays.subtitle, playerLength: editionDays.playerLength })
      .from(editionDays)
      .where(and(eq(editionDays.editionId, edition.id), eq(editionDays.day, day)))
      .limit(1);
    return row ?? null;
  });
  return block.state === 'success' ? block.data : null;
}

/**
 * The integration sessions a dashboard shows: the days the edition lists (August fetches five
 * and shows four), in ceremony order (opening first, closing last).
 */
export async function loadIntegrationSessions(db: Database, edition: Edition, days: number[]): Promise<Block<ShownSession[]>> {
  const block = await loadBlock(`sessions:${edition.id}`, CONTENT_TTL_MS, async () =>
    (await listImplementationSessions(db, edition.id)).map(showSession),
  );
  if (block.state === 'error') return block;
  return { state: 'success', data: sortIntegrationSessions(block.data.filter((session) => days.includes(session.day))) };
}

export function loadBonusBundle(db: Database, edition: Edition): Promise<Block<ShownBonusItem[]>> {
  const { checkout, texts } = edition.settings;
  // The regular price in the edition's currency, so no page prints a bare "$" for another one.
  const shown = (item: Parameters<typeof showBonusItem>[0]) =>
    showBonusItem({ ...item, bonusBundlePrice: regularPriceText(item.bonusBundlePrice, checkout.currency, texts.meta.lang) || null });
  return loadBlock(`bonus-bundle:${edition.id}:${checkout.currency}`, CONTENT_TTL_MS, async () =>
    (await listBonusBundle(db, edition.id)).map(shown),
  );
}
