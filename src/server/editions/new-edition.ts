/**
 * "New edition": an edition made from the neutral template (src/domain/edition-template.ts) with
 * the host's name, slug, summit dates, time zone, support e-mail and access mode, and nothing of
 * the demo. Written like every content change (one transaction with its audit entry, announced to
 * every process); the first edition of an installation without the demo becomes the home page's.
 */
import { eq, sql } from 'drizzle-orm';
import { NEW_EDITION_FIELDS, neutralEdition, newEditionErrors, type NewEditionValues } from '../../domain/edition-template.ts';
import type { EditionFormErrors } from '../../domain/edition-form.ts';
import type { AdminUser } from '../auth/accounts.ts';
import { unchanged, writeContent } from '../audit/content-write.ts';
import type { Database, DbHandle } from '../db/client.ts';
import { editions } from '../db/schema.ts';
import { EDITION_SLUG_INDEX, violatesUniqueIndex } from '../db/unique-violation.ts';
import { insertEditionContent } from './edition-content.ts';
import { RESERVED_SLUG_MESSAGE } from '../../domain/reserved-slugs.ts';
import { chooseHomeEditionIfNone } from './home-edition.ts';
import { readEdition } from './read-edition.ts';
import { isReservedSlug } from './reserved-slugs.ts';

export const slugTakenMessage = (slug: string) => `There is already an edition with the slug “${slug}”.`;
/** An import that would have created the edition, when another request created it first. */
export const slugTakenMeanwhileMessage = (slug: string) =>
  `${slugTakenMessage(slug)} It was created while this import ran; import again to replace its content.`;

/**
 * The catch of a write that inserts an edition: `value` when the slug's unique index refused the
 * row (another request took the slug between the check and the insert; the transaction rolled
 * back whole), any other error again.
 */
export function whenSlugTaken<T>(value: T): (error: unknown) => T {
  return (error) => {
    if (violatesUniqueIndex(error, EDITION_SLUG_INDEX)) return value;
    throw error;
  };
}

/** What the server knows against a well-formed slug: one of the site's own addresses, or taken. */
export async function slugProblem(db: Database, slug: string): Promise<string | null> {
  if (isReservedSlug(slug)) return RESERVED_SLUG_MESSAGE;
  return (await readEdition(db, slug, { fresh: true })) ? slugTakenMessage(slug) : null;
}

/** The position after every edition's, so a new one is listed last. */
export async function nextEditionPosition(db: Database): Promise<number> {
  const [row] = await db.select({ next: sql<number>`coalesce(max(${editions.position}), -1)::int + 1` }).from(editions);
  return Number(row?.next ?? 0);
}

export function readNewEditionForm(form: FormData): NewEditionValues {
  const values = {} as NewEditionValues;
  for (const name of NEW_EDITION_FIELDS) {
    const raw = form.get(name);
    values[name] = typeof raw === 'string' ? raw.trim().slice(0, 400) : '';
  }
  return values;
}

/** The form as a host first sees it: their support address, the home page's time zone, personal links. */
export function newEditionDefaults({ supportEmail, timezone }: { supportEmail: string; timezone: string }): NewEditionValues {
  return { name: '', slug: '', summitStartDate: '', summitEndDate: '', timezone, supportEmail, accessMode: 'registrants' };
}

export type CreateEditionResult = { ok: true; slug: string } | { ok: false; errors: EditionFormErrors };

export async function createEdition(handle: DbHandle, admin: AdminUser, values: NewEditionValues): Promise<CreateEditionResult> {
  const wellFormedSlug = !newEditionErrors({ ...values }, null).slug;
  const errors = newEditionErrors(values, wellFormedSlug ? await slugProblem(handle.db, values.slug) : null);
  if (Object.keys(errors).length) return { ok: false, errors };
  const created = await writeContent(handle, admin, async (tx) => {
    if ((await tx.select({ id: editions.id }).from(editions).where(eq(editions.slug, values.slug))).length) return unchanged(false);
    const template = neutralEdition({ ...values, position: await nextEditionPosition(tx) });
    const [row] = await tx.insert(editions).values(template.edition).returning({ id: editions.id });
    const id = row!.id;
    await insertEditionContent(tx, id, {
      timers: template.timers,
      days: template.days,
      speakers: [],
      hosts: [],
      implementationSessions: [],
      bonusBundle: [],
    });
    await chooseHomeEditionIfNone(tx, id);
    return {
      result: true,
      audit: {
        action: 'create',
        entityType: 'editions',
        entityId: id,
        summary: `Created edition ${values.name} (${values.slug}) from the neutral template`,
        details: { ...values },
      },
    };
  }).catch(whenSlugTaken(false));
  return created ? { ok: true, slug: values.slug } : { ok: false, errors: { slug: [slugTakenMessage(values.slug)] } };
}
