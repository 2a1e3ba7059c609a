/** The list of editions, in display order (one edition: read-edition.ts). */
import { asc } from 'drizzle-orm';
import type { Edition } from '../../domain/edition.ts';
import type { Database } from '../db/client.ts';
import { editions } from '../db/schema.ts';
import { settingsOfRow } from './stored-settings.ts';

export async function listEditions(db: Database): Promise<Edition[]> {
  const rows = await db.select().from(editions).orderBy(asc(editions.position), asc(editions.id));
  return rows.map(({ createdAt: _c, updatedAt: _u, ...edition }) => ({ ...edition, settings: settingsOfRow(edition) }));
}
