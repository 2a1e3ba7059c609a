/**
 * /admin/editions/{slug}/rehearsal and its JSON download (decision 0077): the registrants chosen
 * in the query (the form is a GET: a rehearsal changes nothing), the rehearsal run on them, or the
 * form again with a message at its field when a kind does not exist.
 */
import { castKinds, CAST_LABELS, parseCast } from '../../domain/rehearsal/cast.ts';
import type { RehearsalScreen } from '../../domain/rehearsal/screen.ts';
import type { RehearsalReport } from '../../domain/rehearsal/report.ts';
import type { Database } from '../db/client.ts';
import { readEdition } from '../editions/read-edition.ts';
import { notFound, show, type PageOutcome } from '../http/page-outcome.ts';
import { linkOrigin } from '../http/request-origin.ts';
import { rehearseEdition } from './rehearse.ts';

/** The cast the query names: the ticked kinds, then the host's additions. */
export function castOfQuery(url: URL): { chosen: string[]; more: string; asked: boolean; checkLinks: boolean } {
  const asked = url.searchParams.has('run');
  const chosen = asked ? url.searchParams.getAll('registrant') : [...castKinds];
  const more = (url.searchParams.get('more') ?? '').slice(0, 2000);
  return { chosen, more, asked, checkLinks: url.searchParams.get('check-links') === '1' };
}

type Answer = { kind: 'not-found' } | { kind: 'refused'; message: string } | { kind: 'report'; report: RehearsalReport };

/** The rehearsal the query asks for. */
export async function rehearsalFor(db: Database, { slug, url }: { slug: string; url: URL }): Promise<Answer> {
  const { chosen, more, checkLinks } = castOfQuery(url);
  const cast = [...chosen, more];
  const parsed = parseCast(cast);
  if (!parsed.ok) return { kind: 'refused', message: parsed.message };
  const outcome = await rehearseEdition(db, { slug, siteUrl: linkOrigin() }, { cast, checkLinks });
  if (outcome.ok) return { kind: 'report', report: outcome.report };
  return (await readEdition(db, slug, { fresh: true })) ? { kind: 'refused', message: outcome.message } : { kind: 'not-found' };
}

export async function rehearsalScreen(db: Database, { url, slug }: { url: URL; slug: string }): Promise<PageOutcome<RehearsalScreen>> {
  const edition = await readEdition(db, slug, { fresh: true });
  if (!edition) return notFound;
  const { chosen, more, asked, checkLinks } = castOfQuery(url);
  const answer = asked ? await rehearsalFor(db, { slug, url }) : null;
  if (answer?.kind === 'not-found') return notFound;
  const state: RehearsalScreen = {
    editionName: edition.name,
    slug: edition.slug,
    kinds: castKinds.map((value) => ({ value, label: CAST_LABELS[value], checked: chosen.includes(value) })),
    more,
    error: answer?.kind === 'refused' ? answer.message : null,
    checkLinks,
    report: answer?.kind === 'report' ? answer.report : null,
    jsonHref: `/admin/editions/${encodeURIComponent(edition.slug)}/rehearsal.json${url.search}`,
  };
  return show(state, state.error ? 422 : 200, { 'cache-control': 'no-store' });
}
