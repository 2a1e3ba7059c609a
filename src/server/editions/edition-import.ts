/**
 * Importing a whole-edition document (edition-transfer.ts), from the admin's JSON file or from
 * an edition archive with its audio (edition-archive.ts). The whole document is validated (every
 * entity through its own schema) and every episode's audio found before anything is written;
 * then the edition's content is replaced in one transaction: the edition row is updated, never
 * deleted, so its registrants and its visitors' sessions stay; episodes are matched by guid and
 * e-mails by key (transfer-episodes.ts, transfer-messages.ts). Any problem changes nothing.
 */
import { eq } from 'drizzle-orm';
import type { AdminUser } from '../auth/accounts.ts';
import type { DbHandle } from '../db/client.ts';
import { editions } from '../db/schema.ts';
import { writeContent } from '../audit/content-write.ts';
import { capProblems, plural } from '../../domain/wording.ts';
import { editionSlugSchema } from '../../domain/edition.ts';
import { deleteEditionContent, insertEditionContent } from './edition-content.ts';
import { chooseHomeEditionIfNone } from './home-edition.ts';
import { editionData, editionDocumentSchema, issueLines, MAX_EDITION_DOCUMENT_BYTES, type EditionDocument } from './edition-transfer.ts';
import { planEpisodeAudio, removeAudioFiles, replaceEpisodes, type ArchiveAudio, type EpisodeAudio } from './transfer-episodes.ts';
import { replaceMessages } from './transfer-messages.ts';
import { removeUnusedAudio } from '../episodes/unused-audio.ts';
import { isReservedSlug } from './reserved-slugs.ts';
import { slugTakenMeanwhileMessage, whenSlugTaken } from './new-edition.ts';
import { RESERVED_SLUG_MESSAGE } from '../../domain/reserved-slugs.ts';

export function contentCounts(document: Pick<EditionDocument, 'speakers' | 'hosts' | 'implementationSessions' | 'bonusBundle'>) {
  return {
    speakers: document.speakers.length,
    hosts: document.hosts.length,
    implementationSessions: document.implementationSessions.length,
    bonusBundle: document.bonusBundle.length,
  };
}

export type ImportResult = { ok: true; slug: string; name: string; created: boolean; message: string } | { ok: false; problems: string[] };

/** Reads an edition document's text: the document, or every problem found in it. */
export function parseEditionDocument(text: string): { ok: true; document: EditionDocument } | { ok: false; problems: string[] } {
  if (Buffer.byteLength(text, 'utf8') > MAX_EDITION_DOCUMENT_BYTES) {
    return { ok: false, problems: [`The file is larger than ${MAX_EDITION_DOCUMENT_BYTES / 1024 / 1024} MB.`] };
  }
  let value: unknown;
  try {
    value = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    return { ok: false, problems: [`The file is not valid JSON: ${(error as Error).message}`] };
  }
  const parsed = editionDocumentSchema.safeParse(value);
  if (!parsed.success) return { ok: false, problems: capProblems(issueLines(parsed.error.issues)) };
  if (isReservedSlug(parsed.data.edition.slug)) return { ok: false, problems: [`edition.slug: ${RESERVED_SLUG_MESSAGE}`] };
  return { ok: true, document: parsed.data };
}

function importMessage(document: EditionDocument, created: boolean): string {
  const { edition } = document;
  const counts = contentCounts(document);
  const parts = [
    plural(counts.speakers, 'speaker'),
    plural(counts.hosts, 'host'),
    plural(counts.implementationSessions, 'implementation session'),
    plural(counts.bonusBundle, 'bonus item'),
  ];
  if (document.episodes) parts.push(plural(document.episodes.length, 'episode'));
  if (document.messages) parts.push(plural(document.messages.length, 'e-mail'));
  const people = parts.join(', ');
  return created
    ? `Created the edition ${edition.name} (${edition.slug}) with ${people}.`
    : `Replaced the content of ${edition.name} (${edition.slug}) with ${people}. Its registrants were kept.`;
}

export interface ImportRequest {
  handle: DbHandle;
  admin: AdminUser;
  /** The document's text. */
  text: string;
  /** The audio an edition archive carried, stored already (the caller removes it if the import fails). */
  archive?: ArchiveAudio | null;
  /** Import under this slug instead of the document's (a copy beside the edition it came from). */
  asSlug?: string;
}

/** The document with the slug the admin typed, or the problem with that slug. */
function underSlug(
  document: EditionDocument,
  asSlug: string | undefined,
): { ok: true; document: EditionDocument } | { ok: false; problems: string[] } {
  const slug = asSlug?.trim();
  if (!slug) return { ok: true, document };
  const checked = editionSlugSchema.safeParse(slug);
  if (!checked.success) return { ok: false, problems: [`Import as: ${checked.error.issues[0]?.message ?? 'Choose another slug.'}`] };
  if (isReservedSlug(slug)) return { ok: false, problems: [`Import as: ${RESERVED_SLUG_MESSAGE}`] };
  return { ok: true, document: { ...document, edition: { ...document.edition, slug } } };
}

/**
 * Imports an edition document: creates the edition when its slug is new, otherwise replaces
 * that edition's data and content.
 */
export async function importEditionDocument({ handle, admin, text, archive = null, asSlug }: ImportRequest): Promise<ImportResult> {
  const read = parseEditionDocument(text);
  const parsed = read.ok ? underSlug(read.document, asSlug) : read;
  if (!parsed.ok) return parsed;
  const { document } = parsed;
  const { edition } = document;
  const [target] = await handle.db.select({ id: editions.id }).from(editions).where(eq(editions.slug, edition.slug));
  let audio: EpisodeAudio[] = [];
  let madeKeys: string[] = [];
  if (document.episodes) {
    const plan = await planEpisodeAudio({ db: handle.db, editionId: target?.id ?? null, list: document.episodes, archive });
    madeKeys = plan.madeKeys;
    if (!plan.ok) {
      await removeAudioFiles(madeKeys);
      return { ok: false, problems: capProblems(plan.problems) };
    }
    audio = plan.audio;
  }
  let outcome: { created: boolean; unusedAudio: string[] } | null;
  try {
    outcome = await writeContent(handle, admin, async (tx) => {
      const [existing] = await tx.select({ id: editions.id }).from(editions).where(eq(editions.slug, edition.slug)).for('update');
      let editionId: number;
      if (existing) {
        editionId = existing.id;
        await tx
          .update(editions)
          .set({ ...editionData(edition), updatedAt: new Date() })
          .where(eq(editions.id, editionId));
        await deleteEditionContent(tx, editionId);
      } else {
        const [row] = await tx.insert(editions).values(edition).returning({ id: editions.id });
        editionId = row!.id;
        // The first edition of an installation without the demo: the home page shows it.
        await chooseHomeEditionIfNone(tx, editionId);
      }
      await insertEditionContent(tx, editionId, document);
      const unusedAudio = document.episodes
        ? await replaceEpisodes({ tx, edition: { id: editionId, slug: edition.slug }, list: document.episodes, audio })
        : [];
      if (document.messages) await replaceMessages(tx, editionId, document.messages);
      const created = !existing;
      return {
        result: { created, unusedAudio },
        audit: {
          action: 'import',
          entityType: 'editions',
          entityId: editionId,
          summary: `Imported edition ${edition.name} (${edition.slug})${created ? ' as a new edition' : ', replacing its content'}`,
          details: {
            slug: edition.slug,
            created,
            ...contentCounts(document),
            episodes: document.episodes?.length ?? null,
            messages: document.messages?.length ?? null,
          },
        },
      };
    }).catch(whenSlugTaken(null));
  } catch (error) {
    await removeAudioFiles(madeKeys);
    throw error;
  }
  if (!outcome) {
    await removeAudioFiles(madeKeys);
    return { ok: false, problems: [slugTakenMeanwhileMessage(edition.slug)] };
  }
  // Files of episodes the import deleted or gave other audio, unless another episode names them.
  await removeUnusedAudio(handle.db, outcome.unusedAudio);
  return { ok: true, slug: edition.slug, name: edition.name, created: outcome.created, message: importMessage(document, outcome.created) };
}
