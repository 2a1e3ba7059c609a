/**
 * Default messages the code's sequence gained after an edition got its messages: an edition
 * never receives one by itself (its host owns its sequence), so the messages screen offers each
 * one the edition lacks, matched by key, until the host adds or dismisses it (decision 0049).
 */
import { eq } from 'drizzle-orm';
import { defaultSequence, type DefaultMessage } from '../../domain/mail/default-sequence.ts';
import { writeContent, type ContentWriter } from '../audit/content-write.ts';
import type { Database } from '../db/client.ts';
import { dismissedDefaultMessages, editionMessages } from '../db/schema.ts';
import { liveEditionIds, nextPosition } from '../editions/edition-messages.ts';

/** The defaults of the edition's sequence it lacks and has not dismissed, in the sequence's order. */
export async function offeredDefaults(db: Database, editionId: number): Promise<DefaultMessage[]> {
  const [live, present, dismissed] = await Promise.all([
    liveEditionIds(db, [editionId]),
    db.select({ key: editionMessages.key }).from(editionMessages).where(eq(editionMessages.editionId, editionId)),
    db
      .select({ key: dismissedDefaultMessages.key })
      .from(dismissedDefaultMessages)
      .where(eq(dismissedDefaultMessages.editionId, editionId)),
  ]);
  const known = new Set([...present, ...dismissed].map((row) => row.key));
  return defaultSequence(live.has(editionId)).filter((message) => !known.has(message.key));
}

export type OfferAnswer = { ok: true; text: string } | { ok: false; text: string };

const NOT_OFFERED: OfferAnswer = { ok: false, text: 'That message is not on offer for this edition (already added or dismissed).' };

/** The host's answer to one offered default: the edition, and the default's key. */
interface OfferedDefaultChoice extends ContentWriter {
  editionId: number;
  key: string;
}

async function offered(db: Database, editionId: number, key: string): Promise<DefaultMessage | undefined> {
  return (await offeredDefaults(db, editionId)).find((message) => message.key === key);
}

/** Adds the offered default to the end of the edition's messages, switched on as in the sequence. */
export async function addOfferedDefault({ handle, actor, editionId, key }: OfferedDefaultChoice): Promise<OfferAnswer> {
  return writeContent(handle, actor, async (db) => {
    const message = await offered(db, editionId, key);
    if (!message) return { result: NOT_OFFERED, audit: null };
    const [row] = await db
      .insert(editionMessages)
      .values({ ...message, kind: 'default', editionId, position: await nextPosition(db, editionId) })
      .onConflictDoNothing({ target: [editionMessages.editionId, editionMessages.key] })
      .returning({ id: editionMessages.id });
    if (!row) return { result: NOT_OFFERED, audit: null };
    return {
      result: { ok: true, text: `Added the e-mail “${message.name}”. It is switched on: check its words and timing.` },
      audit: {
        action: 'create',
        entityType: 'edition-message',
        entityId: row.id,
        summary: `Added the new default e-mail “${message.name}”`,
      },
    };
  });
}

/** Records that the host does not want the offered default, so it is not offered again. */
export async function dismissOfferedDefault({ handle, actor, editionId, key }: OfferedDefaultChoice): Promise<OfferAnswer> {
  return writeContent(handle, actor, async (db) => {
    const message = await offered(db, editionId, key);
    if (!message) return { result: NOT_OFFERED, audit: null };
    await db.insert(dismissedDefaultMessages).values({ editionId, key }).onConflictDoNothing();
    return {
      result: { ok: true, text: `Dismissed “${message.name}”: it will not be offered again.` },
      audit: {
        action: 'update',
        entityType: 'edition-message',
        entityId: null,
        summary: `Dismissed the new default e-mail “${message.name}”`,
      },
    };
  });
}
