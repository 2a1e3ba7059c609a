/**
 * Duplicating an edition into a new slug and name: its data, timers, days and people, and its
 * episodes when the host asks (each audio file copied; decision 0042), not its registrants. Before anything is saved the host sees what the copy would carry over that is
 * probably wrong for the new edition (src/domain/duplicate-review.ts: dates already past, texts
 * naming another edition) and confirms; a copy with nothing to review is saved at once.
 */
import { eq } from 'drizzle-orm';
import { reviewDuplicate, type ReviewFinding } from '../../domain/duplicate-review.ts';
import { editionInputSchema, editionSlugSchema } from '../../domain/edition.ts';
import type { DuplicateValues, EditionFormErrors } from '../../domain/edition-form.ts';
import type { AdminUser } from '../auth/accounts.ts';
import { unchanged, writeContent } from '../audit/content-write.ts';
import type { DbHandle } from '../db/client.ts';
import { editions } from '../db/schema.ts';
import { insertEditionContent } from './edition-content.ts';
import { addError } from './edition-form-parser.ts';
import { listEditions } from './edition-queries.ts';
import { readEditionDocument, type EditionDocument } from './edition-transfer.ts';
import { chooseHomeEditionIfNone } from './home-edition.ts';
import { nextEditionPosition, slugProblem, slugTakenMessage, whenSlugTaken } from './new-edition.ts';
import { planEpisodeAudio, removeAudioFiles, replaceEpisodes, type EpisodeAudio } from './transfer-episodes.ts';
import type { TransferEpisode } from '../../domain/edition-transfer-parts.ts';

export function readDuplicateForm(form: FormData): DuplicateValues & { confirmed: boolean } {
  const get = (name: string) => {
    const raw = form.get(name);
    return typeof raw === 'string' ? raw.trim().slice(0, 400) : '';
  };
  return {
    source: get('source'),
    slug: get('slug'),
    name: get('name'),
    copyEpisodes: get('copyEpisodes') === 'on',
    confirmed: get('confirmed') === 'yes',
  };
}

export type DuplicateResult =
  | { ok: true; slug: string }
  | { ok: false; errors: EditionFormErrors }
  /** Not saved: what the host must see and confirm first. */
  | { ok: false; review: ReviewFinding[] };

/** 'YYYY-MM-DD' of the instant in the time zone. */
function calendarDateIn(now: Date, timeZone: string): string {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  } catch {
    return now.toISOString().slice(0, 10);
  }
}

/** What the copy of `source` would carry over that the host should look at, as of `now`. */
export async function duplicateFindings(handle: DbHandle, source: EditionDocument, now: Date): Promise<ReviewFinding[]> {
  const others = (await listEditions(handle.db)).map(({ slug, name }) => ({ slug, name }));
  const { edition, timers, days, speakers, hosts, implementationSessions, bonusBundle } = source;
  return reviewDuplicate({
    sections: {
      edition: { summitStartDate: edition.summitStartDate, summitEndDate: edition.summitEndDate },
      settings: edition.settings,
      timers,
      days,
      speakers,
      hosts,
      implementationSessions,
      bonusBundle,
    },
    others,
    today: calendarDateIn(now, edition.timezone),
  });
}

async function checkDuplicate(
  handle: DbHandle,
  values: DuplicateValues,
): Promise<{ errors: EditionFormErrors; source: EditionDocument | null }> {
  const errors: EditionFormErrors = {};
  const slug = editionSlugSchema.safeParse(values.slug);
  if (!values.slug) addError(errors, 'slug', 'Enter a slug for the new edition, e.g. october.');
  else if (!slug.success) addError(errors, 'slug', slug.error.issues[0]?.message ?? 'Choose another slug.');
  else {
    const problem = await slugProblem(handle.db, values.slug);
    if (problem) addError(errors, 'slug', problem);
  }
  if (!values.name) addError(errors, 'name', 'Enter a name for the new edition.');
  else if (values.name.length > 100) addError(errors, 'name', 'Use at most 100 characters.');
  const source = values.source ? await readEditionDocument(handle.db, values.source) : null;
  // Settings stored before a rule was tightened (an old import's support address) reach here
  // already read through the one settings reader, which replaces a part that fails the rule.
  if (!source) addError(errors, 'source', 'Choose the edition to copy.');
  return { errors, source };
}

/**
 * The source's episodes with audio of the copy's own: every file copied under a new key, since a
 * file is removed when its episode is (audio-store.ts), and deleting either edition must leave the
 * other's audio playing. None when the host did not ask for them.
 */
async function episodeCopies(handle: DbHandle, source: EditionDocument, wanted: boolean): Promise<EpisodeCopies> {
  const list = wanted ? (source.episodes ?? []) : [];
  if (!list.length) return { ok: true, list, audio: [], madeKeys: [] };
  const plan = await planEpisodeAudio({ db: handle.db, editionId: null, list, archive: null });
  if (plan.ok) return { ...plan, list };
  await removeAudioFiles(plan.madeKeys);
  return {
    ok: false,
    problems: plan.problems.map((problem) => problem.replace(/ Import the edition’s .*$/, ' Its audio file is missing.')),
  };
}

type EpisodeCopies = { ok: true; list: TransferEpisode[]; audio: EpisodeAudio[]; madeKeys: string[] } | { ok: false; problems: string[] };

/**
 * Copies an edition (data, timers, days and people, and its episodes when asked; not registrants)
 * into a new slug and name, once the host has confirmed the review.
 */
export async function duplicateEdition({
  handle,
  admin,
  values,
  now,
}: {
  handle: DbHandle;
  admin: AdminUser;
  values: DuplicateValues & { confirmed: boolean };
  now: Date;
}): Promise<DuplicateResult> {
  const { errors, source } = await checkDuplicate(handle, values);
  if (Object.keys(errors).length || !source) return { ok: false, errors };
  if (!values.confirmed) {
    const review = await duplicateFindings(handle, source, now);
    if (review.length) return { ok: false, review };
  }
  const copies = await episodeCopies(handle, source, values.copyEpisodes === true);
  if (!copies.ok) return { ok: false, errors: { copyEpisodes: copies.problems } };
  const created = await writeContent(handle, admin, async (tx) => {
    if ((await tx.select({ id: editions.id }).from(editions).where(eq(editions.slug, values.slug))).length) return unchanged(null);
    const edition = editionInputSchema.parse({
      ...source.edition,
      slug: values.slug,
      name: values.name,
      position: await nextEditionPosition(tx),
    });
    const [row] = await tx.insert(editions).values(edition).returning({ id: editions.id });
    await insertEditionContent(tx, row!.id, source);
    await replaceEpisodes({ tx, edition: { id: row!.id, slug: values.slug }, list: copies.list, audio: copies.audio });
    await chooseHomeEditionIfNone(tx, row!.id);
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
          episodes: copies.list.length,
          reviewConfirmed: values.confirmed,
        },
      },
    };
  })
    .catch(whenSlugTaken(null))
    .catch(async (error: unknown) => {
      await removeAudioFiles(copies.madeKeys);
      throw error;
    });
  if (created === null) {
    await removeAudioFiles(copies.madeKeys);
    return { ok: false, errors: { slug: [slugTakenMessage(values.slug)] } };
  }
  return { ok: true, slug: values.slug };
}
