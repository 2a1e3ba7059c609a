/**
 * Reads of the published content. Each returns the API shape of SPEC.md section 3 (camelCase,
 * no internal columns), in display order: day, then position, then id.
 */
import { asc, eq } from 'drizzle-orm';
import { editionSlugSchema, type Edition } from '../../domain/edition.ts';
import type { BonusBundleItem, FaqItem, Host, ImplementationSession, Speaker, Sponsor } from '../../domain/entities.ts';
import type { Database } from '../db/client.ts';
import {
  bonusBundleItems,
  editions,
  faqItems,
  hosts,
  implementationSessions,
  speakers,
  sponsors,
} from '../db/schema.ts';

/** Drops the bookkeeping columns that are not part of the public shape. */
function publicFields<T extends { editionId?: number; position: number; createdAt: Date; updatedAt: Date }>(row: T) {
  const { editionId: _edition, position: _position, createdAt: _created, updatedAt: _updated, ...fields } = row;
  return fields;
}

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

export async function listSpeakers(db: Database, editionId: number): Promise<Speaker[]> {
  const rows = await db
    .select()
    .from(speakers)
    .where(eq(speakers.editionId, editionId))
    .orderBy(asc(speakers.day), asc(speakers.position), asc(speakers.id));
  return rows.map(publicFields);
}

export async function listHosts(db: Database, editionId: number): Promise<Host[]> {
  const rows = await db
    .select()
    .from(hosts)
    .where(eq(hosts.editionId, editionId))
    .orderBy(asc(hosts.day), asc(hosts.position), asc(hosts.id));
  return rows.map(publicFields);
}

export async function listImplementationSessions(db: Database, editionId: number): Promise<ImplementationSession[]> {
  const rows = await db
    .select()
    .from(implementationSessions)
    .where(eq(implementationSessions.editionId, editionId))
    .orderBy(asc(implementationSessions.day), asc(implementationSessions.position), asc(implementationSessions.id));
  return rows.map(publicFields);
}

export async function listBonusBundle(db: Database, editionId: number): Promise<BonusBundleItem[]> {
  const rows = await db
    .select()
    .from(bonusBundleItems)
    .where(eq(bonusBundleItems.editionId, editionId))
    .orderBy(asc(bonusBundleItems.position), asc(bonusBundleItems.id));
  return rows.map(publicFields);
}

export async function listSponsors(db: Database): Promise<Sponsor[]> {
  const rows = await db.select().from(sponsors).orderBy(asc(sponsors.position), asc(sponsors.id));
  return rows.map(publicFields);
}

export async function listFaqItems(db: Database): Promise<FaqItem[]> {
  const rows = await db.select().from(faqItems).orderBy(asc(faqItems.position), asc(faqItems.id));
  return rows.map(publicFields);
}
