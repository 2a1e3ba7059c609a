/**
 * An edition's messages: the default sequence every edition starts with, and the admin's reads
 * and edits, a host's own messages added and deleted. Which sequence an edition gets follows its
 * timers: any live day makes it live.
 */
import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, max, notInArray, sql } from 'drizzle-orm';
import { defaultSequence, requiredMessages } from '../../domain/mail/default-sequence.ts';
import type { MessageEdit } from '../../domain/mail/message-form.ts';
import type { MessageKind } from '../../domain/mail/message-kinds.ts';
import { writeContent, type ContentWriter } from '../audit/content-write.ts';
import type { Database } from '../db/client.ts';
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
  const liveIds = await liveEditionIds(
    db,
    bare.map((row) => row.id),
  );
  const rows = bare.flatMap(({ id }) =>
    defaultSequence(liveIds.has(id)).map((message, position) => ({ ...message, editionId: id, position })),
  );
  await db
    .insert(editionMessages)
    .values(rows)
    .onConflictDoNothing({ target: [editionMessages.editionId, editionMessages.key] });
}

/** Which of the editions run on the calendar (any live day), and so get the live sequence. */
export async function liveEditionIds(db: Pick<Database, 'selectDistinct'>, editionIds: number[]): Promise<Set<number>> {
  if (!editionIds.length) return new Set();
  const live = await db
    .selectDistinct({ id: timerConfigs.editionId })
    .from(timerConfigs)
    .where(and(inArray(timerConfigs.editionId, editionIds), sql`${timerConfigs.config}->>'mode' = 'live'`));
  return new Set(live.map((row) => row.id));
}

/** The position after the edition's last message, where an added one goes. */
export async function nextPosition(db: Pick<Database, 'select'>, editionId: number): Promise<number> {
  const [row] = await db
    .select({ last: max(editionMessages.position) })
    .from(editionMessages)
    .where(eq(editionMessages.editionId, editionId));
  return (row?.last ?? -1) + 1;
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

/** An admin's edit of one of the edition's messages. */
export interface MessageUpdate extends ContentWriter {
  message: EditionMessage;
  edit: MessageEdit;
}

export async function updateEditionMessage({ handle, actor, message, edit }: MessageUpdate): Promise<void> {
  await writeContent(handle, actor, async (db) => {
    await db
      .update(editionMessages)
      .set({ ...edit, name: nameAfterEdit(message.kind, message.name, edit), updatedAt: new Date() })
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

/** A default keeps the name it came with; a host's own message is listed by its subject. */
function nameAfterEdit(kind: MessageKind, name: string, edit: MessageEdit): string {
  switch (kind) {
    case 'default':
      return name;
    case 'custom':
      return edit.subject;
  }
}

/** A key no default will ever have, unique within the edition (the export matches messages by key). */
const customKey = () => `custom-${randomBytes(6).toString('hex')}`;

/** A host's own message the admin writes for the edition. */
export interface NewCustomMessage extends ContentWriter {
  editionId: number;
  edit: MessageEdit;
}

/** Adds a host's own message at the end of the edition's list; returns its id. */
export async function createCustomMessage({ handle, actor, editionId, edit }: NewCustomMessage): Promise<number> {
  return writeContent(handle, actor, async (db) => {
    const [row] = await db
      .insert(editionMessages)
      .values({ ...edit, editionId, key: customKey(), kind: 'custom', name: edit.subject, position: await nextPosition(db, editionId) })
      .returning({ id: editionMessages.id });
    const id = (row as { id: number }).id;
    return {
      result: id,
      audit: { action: 'create', entityType: 'edition-message', entityId: id, summary: `Added the e-mail “${edit.subject}”` },
    };
  });
}

/**
 * Deletes a host's own message with its outbox rows: copies not sent yet never go, and the
 * record of those sent goes with it (the admin's confirmation says so). Defaults are refused.
 */
export async function deleteCustomMessage({ handle, actor, message }: ContentWriter & { message: EditionMessage }): Promise<boolean> {
  return writeContent(handle, actor, async (db) => {
    const deleted = await db
      .delete(editionMessages)
      .where(and(eq(editionMessages.id, message.id), eq(editionMessages.kind, 'custom')))
      .returning({ id: editionMessages.id });
    if (!deleted.length) return { result: false, audit: null };
    return {
      result: true,
      audit: { action: 'delete', entityType: 'edition-message', entityId: message.id, summary: `Deleted the e-mail “${message.name}”` },
    };
  });
}
