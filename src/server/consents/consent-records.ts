/**
 * Writes and reads consent records (docs/decisions/0084). Every path that gives or withdraws a
 * consent (the form, the API, an import, the e-mail choices page) records it here, inside its own
 * transaction, so the record and the change stand or fall together.
 */
import { asc, inArray } from 'drizzle-orm';
import type { ConsentChoice, ConsentRecordData, ConsentSource, ConsentTopic } from '../../domain/registrant-data/consent.ts';
import type { Database } from '../db/client.ts';
import { consentRecords } from '../db/schema.ts';

export interface NewConsentRecord {
  registrantId: number;
  editionId: number;
  topic: ConsentTopic;
  choice: ConsentChoice;
  wording: string | null;
  source: ConsentSource;
  at: Date;
}

export async function recordConsents(tx: Pick<Database, 'insert'>, records: readonly NewConsentRecord[]): Promise<void> {
  if (!records.length) return;
  await tx.insert(consentRecords).values(records.map(({ at, ...record }) => ({ ...record, recordedAt: at })));
}

/** Each registrant's records, oldest first. */
export async function consentRecordsOf(db: Database, registrantIds: number[]): Promise<Map<number, ConsentRecordData[]>> {
  const byRegistrant = new Map<number, ConsentRecordData[]>(registrantIds.map((id) => [id, []]));
  if (!registrantIds.length) return byRegistrant;
  const rows = await db
    .select()
    .from(consentRecords)
    .where(inArray(consentRecords.registrantId, registrantIds))
    .orderBy(asc(consentRecords.recordedAt), asc(consentRecords.id));
  for (const row of rows)
    byRegistrant.get(row.registrantId)?.push({
      topic: row.topic,
      choice: row.choice,
      wording: row.wording,
      source: row.source,
      at: row.recordedAt.toISOString(),
    });
  return byRegistrant;
}
