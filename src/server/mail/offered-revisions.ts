/**
 * New words for default e-mails the edition has (domain/mail/default-revisions.ts): offered on the
 * messages screen while the edition's message still reads the old way and its host has not
 * answered; "Use the new words" replaces the message's subject and body (its switch and send rule
 * stay the host's), "Keep mine" leaves it. Either answer is recorded by the revision's id in
 * dismissed_default_messages, so it is asked once (decisions 0049, 0057).
 */
import { and, eq, inArray } from 'drizzle-orm';
import { defaultRevisions, revisedDefault, type DefaultRevision } from '../../domain/mail/default-revisions.ts';
import { writeContent, type ContentWriter } from '../audit/content-write.ts';
import type { Database } from '../db/client.ts';
import { dismissedDefaultMessages, editionMessages } from '../db/schema.ts';
import type { OfferAnswer } from './offered-defaults.ts';

export interface OfferedRevision {
  revision: DefaultRevision;
  /** The edition's message it would change. */
  messageId: number;
  name: string;
  /** The new words. */
  subject: string;
  body: string;
}

type Reader = Pick<Database, 'select'>;

/** The revisions the edition's messages are offered, in the order of the list of revisions. */
export async function offeredRevisions(db: Reader, editionId: number): Promise<OfferedRevision[]> {
  const keys = defaultRevisions.map((revision) => revision.key);
  const [messages, answered] = await Promise.all([
    db
      .select({
        id: editionMessages.id,
        key: editionMessages.key,
        name: editionMessages.name,
        subject: editionMessages.subject,
        body: editionMessages.body,
      })
      .from(editionMessages)
      .where(and(eq(editionMessages.editionId, editionId), eq(editionMessages.kind, 'default'), inArray(editionMessages.key, keys))),
    db
      .select({ key: dismissedDefaultMessages.key })
      .from(dismissedDefaultMessages)
      .where(eq(dismissedDefaultMessages.editionId, editionId)),
  ]);
  const done = new Set(answered.map((row) => row.key));
  return defaultRevisions.flatMap((revision) => {
    const message = messages.find((row) => row.key === revision.key);
    if (!message || done.has(revision.id) || !revision.outdated(message)) return [];
    const { subject, body } = revisedDefault(revision);
    return [{ revision, messageId: message.id, name: message.name, subject, body }];
  });
}

const NOT_OFFERED: OfferAnswer = { ok: false, text: 'Those new words are not on offer for this edition (already answered).' };

interface RevisionChoice extends ContentWriter {
  editionId: number;
  /** The revision's id. */
  id: string;
}

/** The host's answer to one offered revision: take the new words, or keep theirs. */
export async function answerRevision({ handle, actor, editionId, id }: RevisionChoice, take: boolean): Promise<OfferAnswer> {
  return writeContent(handle, actor, async (db) => {
    const offered = (await offeredRevisions(db, editionId)).find((offer) => offer.revision.id === id);
    if (!offered) return { result: NOT_OFFERED, audit: null };
    await db.insert(dismissedDefaultMessages).values({ editionId, key: id }).onConflictDoNothing();
    if (take) {
      await db
        .update(editionMessages)
        .set({ subject: offered.subject, body: offered.body, updatedAt: new Date() })
        .where(eq(editionMessages.id, offered.messageId));
    }
    const text = take
      ? `The e-mail “${offered.name}” has the new words. Its switch and timing are as they were.`
      : `Kept your words for “${offered.name}”: the new ones will not be offered again.`;
    return {
      result: { ok: true, text },
      audit: {
        action: 'update',
        entityType: 'edition-message',
        entityId: offered.messageId,
        summary: take ? `Took the new default words for the e-mail “${offered.name}”` : `Kept own words for the e-mail “${offered.name}”`,
      },
    };
  });
}
