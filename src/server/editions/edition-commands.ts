/**
 * The admin's changes to editions: saving the edition form (identity, dates, settings, day
 * windows and days, saved together, read against the stored edition) and deleting one (refused
 * while the home page shows it or it has registrants). New editions: new-edition.ts and
 * duplicate-edition.ts. Every change is written in one transaction with its audit
 * entry, and announced so every app process shows it on the next request.
 */
import { eq, inArray } from 'drizzle-orm';
import { pageTypeFor, timedPages } from '../../domain/edition.ts';
import type { EditionFormErrors, EditionFormValues } from '../../domain/edition-form.ts';
import type { AdminUser } from '../auth/accounts.ts';
import type { Database, DbHandle } from '../db/client.ts';
import { editionDays, editions, episodes, timerConfigs, userSessions } from '../db/schema.ts';
import { unchanged, writeContent, type WriteOutcome } from '../audit/content-write.ts';
import { plural } from '../../domain/wording.ts';
import { countRegistrants } from './edition-admin-queries.ts';
import { parseEditionForm } from './edition-form-parser.ts';
import { readEdition } from './read-edition.ts';
import { findHomeEdition } from './home-edition.ts';
import { homeEditionDeletionMessage } from '../../domain/home-page.ts';
import { removeUnusedAudio } from '../episodes/unused-audio.ts';

const NO_SUCH_EDITION = 'This edition no longer exists.';

export type SaveEditionResult = { ok: true } | { ok: false; errors: EditionFormErrors };

/** Saves the edition form: the edition row, its timers and its days in one transaction. */
export async function saveEdition({
  handle,
  admin,
  slug,
  values,
}: {
  handle: DbHandle;
  admin: AdminUser;
  slug: string;
  values: EditionFormValues;
}): Promise<SaveEditionResult> {
  const stored = await readEdition(handle.db, slug, { fresh: true });
  if (!stored) return { ok: false, errors: { '': [NO_SUCH_EDITION] } };
  const parsed = parseEditionForm(values, stored);
  if (!parsed.ok) return parsed;
  const { edition, timers, days } = parsed.changes;
  const saved = await writeContent(handle, admin, async (tx) => {
    const [row] = await tx
      .update(editions)
      .set({ ...edition, updatedAt: new Date() })
      .where(eq(editions.slug, slug))
      .returning({ id: editions.id });
    if (!row) return unchanged(false);
    for (const page of timedPages) {
      await tx
        .insert(timerConfigs)
        .values({ editionId: row.id, page, config: timers[page] })
        .onConflictDoUpdate({ target: [timerConfigs.editionId, timerConfigs.page], set: { config: timers[page] } });
    }
    for (const day of days) {
      const { day: _day, ...fields } = day;
      await tx
        .insert(editionDays)
        .values({ ...day, editionId: row.id })
        .onConflictDoUpdate({ target: [editionDays.editionId, editionDays.day], set: fields });
    }
    return {
      result: true,
      audit: {
        action: 'update',
        entityType: 'editions',
        entityId: row.id,
        summary: `Updated edition ${edition.name} (${slug})`,
        details: { slug, edition, timers, days },
      },
    };
  });
  if (!saved) return { ok: false, errors: { '': [NO_SUCH_EDITION] } };
  return { ok: true };
}

export type DeleteResult = { ok: true; name: string } | { ok: false; status: 404 | 409 | 422; message: string };
/** What the deletion's transaction gives back: the files its episodes named, to remove after the commit. */
type DeletedRows = Exclude<DeleteResult, { ok: true }> | { ok: true; name: string; audioKeys: (string | null)[] };

/**
 * Deletes an edition with its timers, days, people, episodes and visitor sessions, and then its
 * episodes' audio files. Refused while the home page shows it, while it has registrants, and
 * unless the slug is typed again to confirm.
 */
export async function deleteEdition(request: {
  handle: DbHandle;
  admin: AdminUser;
  slug: string;
  confirmation: string;
}): Promise<DeleteResult> {
  const outcome = await deleteEditionRows(request);
  if (!outcome.ok) return outcome;
  // Once the deletion has committed: a rolled-back one keeps its files.
  await removeUnusedAudio(request.handle.db, outcome.audioKeys);
  return { ok: true, name: outcome.name };
}

async function deleteEditionRows({
  handle,
  admin,
  slug,
  confirmation,
}: {
  handle: DbHandle;
  admin: AdminUser;
  slug: string;
  confirmation: string;
}): Promise<DeletedRows> {
  return writeContent(handle, admin, async (tx): Promise<WriteOutcome<DeletedRows>> => {
    const [edition] = await tx.select().from(editions).where(eq(editions.slug, slug)).for('update');
    if (!edition) return unchanged({ ok: false, status: 404, message: 'This edition no longer exists.' });
    if ((await findHomeEdition(tx))?.id === edition.id)
      return unchanged({ ok: false, status: 409, message: homeEditionDeletionMessage(edition.name) });
    const registrantCount = await countRegistrants(tx, edition.id);
    if (registrantCount > 0) {
      return unchanged({
        ok: false,
        status: 409,
        message: `${edition.name} cannot be deleted while it has registrants (${plural(registrantCount, 'registrant')}). Their registrations would be lost.`,
      });
    }
    if (confirmation.trim() !== slug)
      return unchanged({ ok: false, status: 422, message: `Type the edition’s slug (${slug}) to confirm the deletion.` });
    const audioKeys = await deleteEditionRow(tx, edition);
    const { settings: _settings, ...identity } = edition;
    return {
      result: { ok: true, name: edition.name, audioKeys },
      audit: {
        action: 'delete',
        entityType: 'editions',
        entityId: edition.id,
        summary: `Deleted edition ${edition.name} (${slug})`,
        details: identity,
      },
    };
  });
}

/**
 * Deletes an edition without registrants, inside the caller's transaction: its visitor sessions,
 * then the row with its timers, days, people and episodes (on delete cascade). Returns the audio
 * files its episodes named, to remove once the transaction has committed (removeUnusedAudio).
 */
export async function deleteEditionRow(tx: Database, edition: { id: number; slug: string }): Promise<(string | null)[]> {
  await tx.delete(userSessions).where(
    inArray(
      userSessions.pageType,
      timedPages.map((page) => pageTypeFor(edition.slug, page)),
    ),
  );
  const files = await tx.select({ key: episodes.audioKey }).from(episodes).where(eq(episodes.editionId, edition.id));
  await tx.delete(editions).where(eq(editions.id, edition.id));
  return files.map((file) => file.key);
}
