/**
 * An edition's messages: the default sequence every edition starts with, and the admin's reads
 * and edits. Which sequence an edition gets follows its timers: any live day makes it live.
 */
import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { evergreenSequence, liveSequence, requiredMessages } from '../../content/default-email-sequence.ts';
import type { MessageEdit } from '../../domain/mail/message-form.ts';
import { writeContent } from '../audit/content-write.ts';
import type { AdminUser } from '../auth/accounts.ts';
import type { Database, DbHandle } from '../db/client.ts';
import { editionMessages, editions, timerConfigs } from '../db/schema.ts';
import { firstRow } from '../db/first-row.ts';

export type EditionMessage = typeof editionMessages.$inferSelect;

/**
 * Gives every edition without messages the default sequence (first start, and editions added
 * since), and every edition the required messages it lacks (editions made before they existed).
 */
export async function ensureDefaultMessages(db: Database): Promise<void> {
  await addDefaultSequences(db);
  await ensureRequiredMessages(db);
}

/** The confirmation and "find my access" messages, first in the list, for the editions (all by default) that lack them. */
export async function ensureRequiredMessages(db: Pick<Database, 'select' | 'insert'>, editionIds?: number[]): Promise<void> {
  const ids = editionIds ?? (await db.select({ id: editions.id }).from(editions)).map((row) => row.id);
  if (!ids.length) return;
  const rows = ids.flatMap((editionId) =>
    requiredMessages.map((message, index) => ({ ...message, editionId, position: index - requiredMessages.length })),
  );
  await db
    .insert(editionMessages)
    .values(rows)
    .onConflictDoNothing({ target: [editionMessages.editionId, editionMessages.key] });
}

async function addDefaultSequences(db: Database): Promise<void> {
  const withMessages = db.selectDistinct({ id: editionMessages.editionId }).from(editionMessages);
  const bare = await db.select({ id: editions.id }).from(editions).where(notInArray(editions.id, withMessages));
  if (!bare.length) return;
  const live = await db
    .selectDistinct({ id: timerConfigs.editionId })
    .from(timerConfigs)
    .where(
      and(
        inArray(
          timerConfigs.editionId,
          bare.map((row) => row.id),
        ),
        sql`${timerConfigs.config}->>'mode' = 'live'`,
      ),
    );
  const liveIds = new Set(live.map((row) => row.id));
  const rows = bare.flatMap(({ id }) =>
    (liveIds.has(id) ? liveSequence : evergreenSequence).map((message, position) => ({ ...message, editionId: id, position })),
  );
  await db
    .insert(editionMessages)
    .values(rows)
    .onConflictDoNothing({ target: [editionMessages.editionId, editionMessages.key] });
}

export async function listEditionMessages(db: Database, editionId: number): Promise<EditionMessage[]> {
  return db
    .select()
    .from(editionMessages)
    .where(eq(editionMessages.editionId, editionId))
    .orderBy(asc(editionMessages.position), asc(editionMessages.id));
}

export async function findEditionMessage(db: Database, editionId: number, id: number): Promise<EditionMessage | null> {
  return firstRow(
    db
      .select()
      .from(editionMessages)
      .where(and(eq(editionMessages.editionId, editionId), eq(editionMessages.id, id))),
  );
}

export async function updateEditionMessage({
  handle,
  actor,
  message,
  edit,
}: {
  handle: DbHandle;
  actor: AdminUser;
  message: EditionMessage;
  edit: MessageEdit;
}): Promise<void> {
  await writeContent(handle, actor, async (db) => {
    await db
      .update(editionMessages)
      .set({ ...edit, updatedAt: new Date() })
      .where(eq(editionMessages.id, message.id));
    const switched = edit.enabled === message.enabled ? '' : edit.enabled ? ' (switched on)' : ' (switched off)';
    return {
      result: undefined,
      audit: {
        action: 'update',
        entityType: 'edition-message',
        entityId: message.id,
        summary: `Updated the e-mail “${message.name}”${switched}`,
      },
    };
  });
}
