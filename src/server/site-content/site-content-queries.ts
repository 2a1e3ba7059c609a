/** Reads of an edition's sponsors and FAQ in the API shape of docs/PRODUCT.md "Content entities", in display order. */
import { asc, eq } from 'drizzle-orm';
import type { FaqItem, Sponsor } from '../../domain/entities.ts';
import type { Database } from '../db/client.ts';
import { publicFields } from '../db/public-fields.ts';
import { faqItems, sponsors } from '../db/schema.ts';

export async function listSponsors(db: Database, editionId: number): Promise<Sponsor[]> {
  const rows = await db.select().from(sponsors).where(eq(sponsors.editionId, editionId)).orderBy(asc(sponsors.position), asc(sponsors.id));
  return rows.map(publicFields);
}

export async function listFaqItems(db: Database, editionId: number): Promise<FaqItem[]> {
  const rows = await db.select().from(faqItems).where(eq(faqItems.editionId, editionId)).orderBy(asc(faqItems.position), asc(faqItems.id));
  return rows.map(publicFields);
}
