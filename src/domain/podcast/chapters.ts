/**
 * An episode's chapters (decision 0039): the podcast namespace's JSON chapters file
 * (`podcast:chapters`, type application/json+chapters). An upload is parsed and checked against
 * the format, and what is kept is written anew from the checked values only: no field we do not
 * know, no link that is not https, so the file the feed serves is ours, not the upload's bytes.
 */
import { z } from 'zod';

export const CHAPTERS_CONTENT_TYPE = 'application/json+chapters';
export const CHAPTERS_MAX_BYTES = 200_000;

const httpsUrl = z
  .string()
  .max(2000)
  .refine((value) => {
    try {
      return new URL(value).protocol === 'https:';
    } catch {
      return false;
    }
  }, 'Links in chapters must be https:// addresses.');

const seconds = z.number().finite().min(0).max(1_000_000);

const chapterSchema = z.object({
  startTime: seconds,
  endTime: seconds.optional(),
  title: z.string().max(500).optional(),
  img: httpsUrl.optional(),
  url: httpsUrl.optional(),
  toc: z.boolean().optional(),
});

const chaptersSchema = z.object({
  version: z.string().max(20),
  chapters: z.array(chapterSchema).min(1).max(1000),
});

export type ChaptersVerdict = { ok: true; json: string; count: number } | { ok: false };

/** The chapters a file holds, as the JSON we keep; not ok when it is not the chapters format. */
export function judgeChapters(bytes: Uint8Array): ChaptersVerdict {
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    return { ok: false };
  }
  const parsed = chaptersSchema.safeParse(value);
  if (!parsed.success) return { ok: false };
  const chapters = [...parsed.data.chapters].sort((a, b) => a.startTime - b.startTime);
  return { ok: true, json: JSON.stringify({ version: parsed.data.version, chapters }), count: chapters.length };
}
