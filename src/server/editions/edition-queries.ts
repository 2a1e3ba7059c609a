/** Reads of the editions themselves (not their people or days), in display order. */
import { asc, eq } from 'drizzle-orm';
import { editionSlugSchema, type Edition } from '../../domain/edition.ts';
import type { Database } from '../db/client.ts';
import { editions } from '../db/schema.ts';

export async function listEditions(db: Database): Promise<Edition[]> {
  const rows = await db.select().from(editions).orderBy(asc(editions.position), asc(editions.id));
  return rows.map(({ createdAt: _c, updatedAt: _u, ...edition }) => edition);
}

/** The edition with that slug, or null; a value that cannot be a slug is not looked up at all. */
export async function findEdition(db: Database, slug: string): Promise<Edition | null> {
  if (!editionSlugSchema.safeParse(slug).success) return null;
  const [row] = await db.select().from(editions).where(eq(editions.slug, slug)).limit(1);
  if (!row) return null;
  const { createdAt: _c, updatedAt: _u, ...edition } = row;
  return edition;
}
