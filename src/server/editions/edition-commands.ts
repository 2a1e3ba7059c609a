/**
 * The admin's changes to editions: saving the edition form (identity, dates, settings, day
 * windows and days, saved together, read against the stored edition), duplicating an edition into a new slug, and deleting one
 * (refused while it has registrants). Every change is written in one transaction with its audit
 * entry, and announced so every app process shows it on the next request.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { editionInputSchema, editionSlugSchema, pageTypeFor, timedPages } from '../../domain/edition.ts';
import type { DuplicateValues, EditionFormErrors, EditionFormValues } from '../../domain/edition-form.ts';
import type { AdminUser } from '../auth/accounts.ts';
import { readEdition } from './read-edition.ts';
import type { DbHandle } from '../db/client.ts';
import { editionDays, editions, timerConfigs, userSessions } from '../db/schema.ts';
import { insertEditionContent } from './edition-content.ts';
import { unchanged, writeContent, type WriteOutcome } from '../audit/content-write.ts';
import { readEditionDocument, RESERVED_SLUG_MESSAGE, RESERVED_SLUGS } from './edition-transfer.ts';
import { plural } from '../../domain/wording.ts';
import { countRegistrants } from './edition-admin-queries.ts';
import { addError, parseEditionForm } from './edition-form-parser.ts';

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

export function readDuplicateForm(form: FormData): DuplicateValues {
  const get = (name: string) => {
    const raw = form.get(name);
    return typeof raw === 'string' ? raw.trim() : '';
  };
  return { source: get('source'), slug: get('slug'), name: get('name') };
}

export type DuplicateResult = { ok: true; slug: string } | { ok: false; errors: EditionFormErrors };

/** Copies an edition (data, timers, days and people; not registrants) into a new slug and name. */
export async function duplicateEdition(handle: DbHandle, admin: AdminUser, values: DuplicateValues): Promise<DuplicateResult> {
  const errors: EditionFormErrors = {};
  const slug = editionSlugSchema.safeParse(values.slug);
  if (!values.slug) addError(errors, 'slug', 'Enter a slug for the new edition, e.g. october.');
  else if (!slug.success) addError(errors, 'slug', slug.error.issues[0]?.message ?? 'Choose another slug.');
  else if (RESERVED_SLUGS.has(values.slug)) addError(errors, 'slug', RESERVED_SLUG_MESSAGE);
  else if (await readEdition(handle.db, values.slug, { fresh: true }))
    addError(errors, 'slug', `There is already an edition with the slug “${values.slug}”.`);
  if (!values.name) addError(errors, 'name', 'Enter a name for the new edition.');
  else if (values.name.length > 100) addError(errors, 'name', 'Use at most 100 characters.');
  const source = values.source ? await readEditionDocument(handle.db, values.source) : null;
  if (!source) addError(errors, 'source', 'Choose the edition to copy.');
  if (Object.keys(errors).length || !source) return { ok: false, errors };

  const created = await writeContent(handle, admin, async (tx) => {
    if ((await tx.select({ id: editions.id }).from(editions).where(eq(editions.slug, values.slug))).length) return unchanged(null);
    const [{ next } = { next: 0 }] = await tx
      .select({ next: sql<number>`coalesce(max(${editions.position}), -1)::int + 1` })
      .from(editions);
    const edition = editionInputSchema.parse({ ...source.edition, slug: values.slug, name: values.name, position: next });
    const [row] = await tx.insert(editions).values(edition).returning({ id: editions.id });
    await insertEditionContent(tx, row!.id, source);
    return {
      result: row!.id,
      audit: {
        action: 'create',
        entityType: 'editions',
        entityId: row!.id,
        summary: `Duplicated ${source.edition.name} (${source.edition.slug}) as ${values.name} (${values.slug})`,
        details: {
          source: source.edition.slug,
          slug: values.slug,
          name: values.name,
          speakers: source.speakers.length,
          hosts: source.hosts.length,
        },
      },
    };
  });
  if (created === null) return { ok: false, errors: { slug: [`There is already an edition with the slug “${values.slug}”.`] } };
  return { ok: true, slug: values.slug };
}

export type DeleteResult = { ok: true; name: string } | { ok: false; status: 404 | 409 | 422; message: string };

/**
 * Deletes an edition with its timers, days, people and visitor sessions. Refused while it has
 * registrants, and unless the slug is typed again to confirm.
 */
export async function deleteEdition({
  handle,
  admin,
  slug,
  confirmation,
}: {
  handle: DbHandle;
  admin: AdminUser;
  slug: string;
  confirmation: string;
}): Promise<DeleteResult> {
  return writeContent(handle, admin, async (tx): Promise<WriteOutcome<DeleteResult>> => {
    const [edition] = await tx.select().from(editions).where(eq(editions.slug, slug)).for('update');
    if (!edition) return unchanged({ ok: false, status: 404, message: 'This edition no longer exists.' });
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
    await tx.delete(userSessions).where(
      inArray(
        userSessions.pageType,
        timedPages.map((page) => pageTypeFor(slug, page)),
      ),
    );
    // Timers, days and people go with the row (on delete cascade).
    await tx.delete(editions).where(eq(editions.id, edition.id));
    const { settings: _settings, ...identity } = edition;
    return {
      result: { ok: true, name: edition.name },
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
