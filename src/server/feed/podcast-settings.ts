/**
 * An edition's podcast settings (decision 0034), read for every feed it builds (cached until
 * a content change) and saved from the admin's podcast screen. The artwork is judged by its
 * bytes: a JPEG or PNG that decodes, square, 1400 to 3000 pixels, in RGB without transparency.
 */
import { eq } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { artworkProblem, ARTWORK_MAX_BYTES, EMPTY_PODCAST_SETTINGS, type PodcastSettings } from '../../domain/podcast/show-settings.ts';
import { writeContent, type ContentWriter } from '../audit/content-write.ts';
import { cached } from '../caching/content-cache.ts';
import type { Database } from '../db/client.ts';
import { editionPodcasts } from '../db/schema.ts';
import type { InspectedImage } from '../uploads/inspect-image.ts';
import { storeImage, type StoredImage } from '../uploads/store-image.ts';
import type { Storage } from '../uploads/upload-storage.ts';

const SETTINGS_TTL_MS = 60_000;

export async function loadPodcastSettings(db: Database, editionId: number): Promise<PodcastSettings> {
  return cached(`podcast-settings:${editionId}`, SETTINGS_TTL_MS, async () => {
    const [row] = await db.select().from(editionPodcasts).where(eq(editionPodcasts.editionId, editionId)).limit(1);
    if (!row) return EMPTY_PODCAST_SETTINGS;
    const { editionId: _edition, updatedAt: _updated, ...settings } = row;
    return settings;
  });
}

/** The artwork's bytes judged by Apple's rules (never by its name or declared type). */
export async function inspectArtwork(data: Buffer): Promise<InspectedImage> {
  if (data.length === 0) return { ok: false, error: 'The file is empty.' };
  if (data.length > ARTWORK_MAX_BYTES) return { ok: false, error: artworkProblem({ ...EMPTY_FACTS, bytes: data.length }) as string };
  const sniffed = await fileTypeFromBuffer(data);
  if (sniffed?.mime !== 'image/jpeg' && sniffed?.mime !== 'image/png') return { ok: false, error: artworkProblem(EMPTY_FACTS) as string };
  try {
    // The header only: no pixel is decoded to judge the size.
    const meta = await sharp(data, { limitInputPixels: false }).metadata();
    const problem = artworkProblem({
      format: meta.format ?? '',
      width: meta.width ?? 0,
      height: meta.height ?? 0,
      space: meta.space ?? '',
      hasAlpha: meta.hasAlpha ?? false,
      isPalette: meta.isPalette ?? false,
      bytes: data.length,
    });
    if (problem) return { ok: false, error: problem };
    const png = sniffed.mime === 'image/png';
    return {
      ok: true,
      contentType: sniffed.mime,
      extension: png ? 'png' : 'jpg',
      data,
      width: meta.width ?? null,
      height: meta.height ?? null,
    };
  } catch {
    return { ok: false, error: 'The image could not be read: it may be damaged.' };
  }
}

const EMPTY_FACTS = { format: '', width: 0, height: 0, space: '', hasAlpha: false, isPalette: false, bytes: 0 };

export function storeArtwork({ db, storage, file }: { db: Database; storage: Storage; file: File }): Promise<StoredImage> {
  return storeImage({ db, storage, folder: 'content', file, inspect: inspectArtwork });
}

/** The edition whose podcast is set: its name goes in the audit entry. */
export interface PodcastEdition {
  id: number;
  name: string;
}

export async function savePodcastSettings({
  handle,
  actor,
  edition,
  settings,
}: ContentWriter & { edition: PodcastEdition; settings: PodcastSettings }): Promise<void> {
  await writeContent(handle, actor, async (db) => {
    const values = { ...settings, editionId: edition.id, updatedAt: new Date() };
    await db.insert(editionPodcasts).values(values).onConflictDoUpdate({ target: editionPodcasts.editionId, set: values });
    return {
      result: undefined,
      audit: {
        action: 'update',
        entityType: 'edition-podcast',
        entityId: edition.id,
        summary: `Updated the podcast settings of ${edition.name}`,
        details: settings,
      },
    };
  });
}
