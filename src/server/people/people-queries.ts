/**
 * Reads of an edition's people and offers: speakers, hosts, implementation sessions and the
 * bonus bundle. Each returns the API shape of docs/PRODUCT.md "Content entities" (camelCase, no internal
 * columns), in display order: day (where the table has one), then position, then id.
 */
import { asc, eq } from 'drizzle-orm';
import type { BonusBundleItem, Host, ImplementationSession, Speaker } from '../../domain/entities.ts';
import type { Database } from '../db/client.ts';
import { publicFields } from '../db/public-fields.ts';
import { bonusBundleItems, hosts, implementationSessions, speakers } from '../db/schema.ts';

type EditionListTable = typeof speakers | typeof hosts | typeof implementationSessions | typeof bonusBundleItems;
type PublicRow<Table extends EditionListTable> = ReturnType<typeof publicFields<Table['$inferSelect']>>;
type EditionList<Row> = (db: Database, editionId: number) => Promise<Row[]>;

/** The reader of one table's rows of an edition, public fields only, in display order. */
function editionList<Table extends EditionListTable>(table: Table): EditionList<PublicRow<Table>> {
  const order = 'day' in table ? [asc(table.day), asc(table.position), asc(table.id)] : [asc(table.position), asc(table.id)];
  return async (db, editionId) => {
    // Drizzle's select types cannot follow a union of tables: the rows are the table's own, typed as one of them.
    const rows = await db
      .select()
      .from(table as EditionListTable as typeof speakers)
      .where(eq(table.editionId, editionId))
      .orderBy(...order);
    return rows.map(publicFields) as PublicRow<Table>[];
  };
}

export const listSpeakers: EditionList<Speaker> = editionList(speakers);
export const listHosts: EditionList<Host> = editionList(hosts);
export const listImplementationSessions: EditionList<ImplementationSession> = editionList(implementationSessions);
export const listBonusBundle: EditionList<BonusBundleItem> = editionList(bonusBundleItems);
