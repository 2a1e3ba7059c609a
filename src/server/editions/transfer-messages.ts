/**
 * An edition's e-mail sequence in its whole-edition document (decision 0035). Messages are
 * matched by their key, never by id: the outbox's rows (what was sent to whom, and the
 * once-per-registrant guarantee) name a message by its id, so a re-import updates each message
 * in place and the registrants get nothing twice. An import creates messages, never outbox rows.
 */
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { TransferMessage } from '../../domain/edition-transfer-parts.ts';
import type { Database } from '../db/client.ts';
import { editionMessages, mailOutbox } from '../db/schema.ts';
import { listEditionMessages } from './edition-messages.ts';

export async function readTransferMessages(db: Database, editionId: number): Promise<TransferMessage[]> {
  const rows = await listEditionMessages(db, editionId);
  return rows.map(({ key, kind, name, category, subject, body, enabled, rule }) => ({
    key,
    kind,
    name,
    category,
    subject,
    body,
    enabled,
    rule,
  }));
}

/**
 * Makes the edition's sequence the document's (in a transaction). A message the document leaves
 * out is deleted when nothing was ever queued for it, and otherwise switched off, so that what
 * was sent stays on record and nothing is sent again under a new id.
 */
export async function replaceMessages(tx: Database, editionId: number, messages: TransferMessage[]): Promise<void> {
  for (const [position, message] of messages.entries()) {
    await tx
      .insert(editionMessages)
      .values({ ...message, editionId, position })
      .onConflictDoUpdate({
        target: [editionMessages.editionId, editionMessages.key],
        set: { ...message, position, updatedAt: new Date() },
      });
  }
  const keys = messages.map((message) => message.key);
  const absent = and(eq(editionMessages.editionId, editionId), keys.length ? notInArray(editionMessages.key, keys) : undefined);
  const leftOut = await tx.select({ id: editionMessages.id }).from(editionMessages).where(absent);
  if (!leftOut.length) return;
  const ids = leftOut.map((row) => row.id);
  const queued = tx
    .selectDistinct({ id: sql<number>`${mailOutbox.editionMessageId}` })
    .from(mailOutbox)
    .where(inArray(mailOutbox.editionMessageId, ids));
  await tx.delete(editionMessages).where(and(inArray(editionMessages.id, ids), notInArray(editionMessages.id, queued)));
  await tx.update(editionMessages).set({ enabled: false, updatedAt: new Date() }).where(inArray(editionMessages.id, ids));
}
