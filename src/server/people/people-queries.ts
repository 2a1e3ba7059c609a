/**
 * Reads of an edition's people and offers: speakers, hosts, implementation sessions and the
 * bonus bundle. Each returns the API shape of SPEC.md section 3 (camelCase, no internal
 * columns), in display order: day, then position, then id.
 */
import { asc, eq } from 'drizzle-orm';
import type { BonusBundleItem, Host, ImplementationSession, Speaker } from '../../domain/entities.ts';
import type { Database } from '../db/client.ts';
import { publicFields } from '../db/public-fields.ts';
import { bonusBundleItems, hosts, implementationSessions, speakers } from '../db/schema.ts';

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
