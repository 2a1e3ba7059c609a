/**
 * The compatible content API of docs/PRODUCT.md "Content API": GET /api/fetch-speakers with optional
 * `summit` and `view`. Existing clients and embeds call it with exactly the spec's query
 * combinations; editions are data, so any existing edition slug is a valid summit, and a view
 * is offered where the edition's features enable it.
 */
import { z } from 'zod';
import { DEFAULT_SUMMIT } from '../../domain/summit-path.ts';
import { lastKnownHomeEditionSlug, readHomeEditionSlug } from '../editions/home-edition.ts';
import { editionSlugSchema } from '../../domain/edition.ts';
import { publicMayCarryPassContent } from '../../domain/access/pass-content.ts';
import { forPartners } from '../../markup/partner-content.ts';
import { cached } from '../caching/content-cache.ts';
import type { Database } from '../db/client.ts';
import { publicCache } from '../http/responses.ts';
import { readEdition } from '../editions/read-edition.ts';
import { isDatabaseUnreachable } from '../db/unreachable.ts';
import { log } from '../log.ts';
import { bundledSpeakers } from './speakers-block.ts';
import { listBonusBundle, listHosts, listImplementationSessions, listSpeakers } from './people-queries.ts';

export const views = ['host', 'implementation', 'bonus'] as const;
type View = (typeof views)[number] | 'speakers';

/** Speaker and implementation queries: fresh 5 minutes, kept 10. Hosts: fresh 30 s, kept 60. */
const CACHE_WINDOWS: Record<View, { maxAge: number; stale: number }> = {
  speakers: { maxAge: 300, stale: 600 },
  implementation: { maxAge: 300, stale: 600 },
  bonus: { maxAge: 300, stale: 600 },
  host: { maxAge: 30, stale: 60 },
};

const querySchema = z.object({
  summit: editionSlugSchema.optional(),
  view: z.enum(views, { error: `view must be one of ${views.join(', ')}` }).optional(),
});

export type FetchSpeakersAnswer =
  | { ok: true; body: string; cacheControl: string; window: { maxAge: number; stale: number } }
  /** Not the database's content (decision 0024): answered, never cached; `servedStale` says what it is. */
  | { ok: true; body: string; servedStale: string }
  | { ok: false; status: 400; error: string };

export const BUNDLED_SPEAKERS = 'bundled fallback speakers';

/** Reads the query; only `summit` and `view` mean something, each at most once. */
function parseQuery(params: URLSearchParams) {
  const raw: Record<string, string> = {};
  for (const key of ['summit', 'view'] as const) {
    const values = params.getAll(key);
    if (values.length > 1) return { error: `${key} may be given only once` } as const;
    if (values.length === 1) raw[key] = values[0] as string;
  }
  const parsed = querySchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { error: `Invalid ${String(issue?.path[0] ?? 'query')}: ${issue?.message ?? 'not allowed'}` } as const;
  }
  return { query: parsed.data } as const;
}

/** `speakersFallback`: SPEAKERS_FALLBACK (the route passes it), whether the bundled speakers may answer during an outage. */
export async function fetchSpeakers(db: Database, params: URLSearchParams, speakersFallback: boolean): Promise<FetchSpeakersAnswer> {
  const parsed = parseQuery(params);
  if ('error' in parsed) return { ok: false, status: 400, error: parsed.error as string };
  // No summit: the home page's edition (the demo's july until the host chooses another).
  const summit = parsed.query.summit ?? (await readHomeEditionSlug(db));
  const view: View = parsed.query.view ?? 'speakers';
  const window = CACHE_WINDOWS[view];

  let body: Awaited<ReturnType<typeof loadBody>>;
  try {
    body = await cached(`fetch-speakers:${summit}:${view}`, window.maxAge * 1000, () => loadBody(db, summit, view));
  } catch (error) {
    const fallback = answerDuringOutage(error, params, speakersFallback);
    if (!fallback) throw error;
    return fallback;
  }
  if (body === null) return { ok: false, status: 400, error: `Unknown summit: ${summit}` };
  if (body === 'unavailable') {
    return { ok: false, status: 400, error: `view=${view} is not available for summit ${summit}` };
  }
  return { ok: true, body, cacheControl: publicCache(window.maxAge, window.stale), window };
}

/** The serialised answer, null for an unknown summit, 'unavailable' for a view the edition lacks. */
async function loadBody(db: Database, summit: string, view: View): Promise<string | null | 'unavailable'> {
  const edition = await readEdition(db, summit, { fresh: true });
  if (!edition) return null;
  // A public answer: in a `registrants` edition, never what a pass unlocks.
  const options = { passContent: publicMayCarryPassContent(edition.accessMode) };
  switch (view) {
    case 'speakers':
      return JSON.stringify({ speakers: forPartners(await listSpeakers(db, edition.id), options) });
    case 'host':
      return JSON.stringify({ hosts: forPartners(await listHosts(db, edition.id), options) });
    case 'implementation':
      if (!edition.settings.features.implementationSessions) return 'unavailable';
      return JSON.stringify({ implementationSessions: forPartners(await listImplementationSessions(db, edition.id), options) });
    case 'bonus':
      if (!edition.settings.features.bonusBundle) return 'unavailable';
      return JSON.stringify({ error: null, bonusBundle: forPartners(await listBonusBundle(db, edition.id), options) });
  }
}

/**
 * When `error` says the database cannot be reached (not any other failure): the default edition's
 * speakers from the bundled list, for the query that asks for them; null otherwise (the caller
 * rethrows, and the API answers 503 while the database is down).
 */
export function answerDuringOutage(error: unknown, params: URLSearchParams, speakersFallback: boolean): FetchSpeakersAnswer | null {
  if (!isDatabaseUnreachable(error)) return null;
  const body = bundledSpeakersAnswer(params, speakersFallback);
  if (body === null) return null;
  log.warn({ err: error }, 'content API: the database cannot be reached; answering the bundled speakers');
  return { ok: true, body, servedStale: BUNDLED_SPEAKERS };
}

/**
 * The default edition's speakers from the bundled list (docs/PRODUCT.md "Content API"), for when the database
 * cannot be read at all (decision 0022); null for any other query, when the home page shows
 * another edition than the demo july (the bundled people are july's), or when the host turned the
 * fallback off (`speakersFallback`: SPEAKERS_FALLBACK, passed by the route).
 */
export function bundledSpeakersAnswer(params: URLSearchParams, speakersFallback: boolean): string | null {
  const parsed = parseQuery(params);
  if ('error' in parsed || !speakersFallback) return null;
  const summit = parsed.query.summit ?? lastKnownHomeEditionSlug();
  if (summit !== DEFAULT_SUMMIT || (parsed.query.view ?? 'speakers') !== 'speakers') return null;
  return JSON.stringify({ speakers: forPartners(bundledSpeakers) });
}
