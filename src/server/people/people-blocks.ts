/** An edition's people and sessions as page blocks, cached for the spec's windows. */
import type { Edition, EditionDay } from '../../domain/edition.ts';
import type { BonusBundleItem, Host, ImplementationSession, Speaker } from '../../domain/entities.ts';
import { filterByDay, findHostForDay, sortIntegrationSessions } from '../../domain/people.ts';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { editionDays } from '../db/schema.ts';
import { CONTENT_TTL_MS, HOST_TTL_MS, loadBlock, type Block } from '../content-cache/cached-block.ts';
import { listBonusBundle, listHosts, listImplementationSessions, listSpeakers } from './people-queries.ts';

export function loadSpeakers(db: Database, edition: Edition): Promise<Block<Speaker[]>> {
  return loadBlock(`speakers:${edition.id}`, CONTENT_TTL_MS, () => listSpeakers(db, edition.id));
}

export async function loadDaySpeakers(db: Database, edition: Edition, day: number): Promise<Block<Speaker[]>> {
  const block = await loadSpeakers(db, edition);
  return block.state === 'success' ? { state: 'success', data: filterByDay(block.data, day) } : block;
}

/** The day's host: the first match, or null (the fallback 'Your Host' card shows). */
export async function loadDayHost(db: Database, edition: Edition, day: number): Promise<Block<Host | null>> {
  const block = await loadBlock(`hosts:${edition.id}`, HOST_TTL_MS, () => listHosts(db, edition.id));
  return block.state === 'success' ? { state: 'success', data: findHostForDay(block.data, day) } : block;
}

export async function loadEditionDay(db: Database, edition: Edition, day: number): Promise<EditionDay | null> {
  const block = await loadBlock(`edition-day:${edition.id}:${day}`, CONTENT_TTL_MS, async () => {
    const [row] = await db
      .select()
      .from(editionDays)
      .where(and(eq(editionDays.editionId, edition.id), eq(editionDays.day, day)))
      .limit(1);
    if (!row) return null;
    const { editionId: _edition, ...info } = row;
    return info;
  });
  return block.state === 'success' ? block.data : null;
}

/**
 * The integration sessions a dashboard shows: the days the edition lists (August fetches five
 * and shows four), in ceremony order (opening first, closing last).
 */
export async function loadIntegrationSessions(db: Database, edition: Edition, days: number[]): Promise<Block<ImplementationSession[]>> {
  const block = await loadBlock(`sessions:${edition.id}`, CONTENT_TTL_MS, () => listImplementationSessions(db, edition.id));
  if (block.state === 'error') return block;
  return { state: 'success', data: sortIntegrationSessions(block.data.filter((session) => days.includes(session.day))) };
}

export function loadBonusBundle(db: Database, edition: Edition): Promise<Block<BonusBundleItem[]>> {
  return loadBlock(`bonus-bundle:${edition.id}`, CONTENT_TTL_MS, () => listBonusBundle(db, edition.id));
}
