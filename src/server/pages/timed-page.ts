/**
 * What every timed page (day pages, dashboards) does before rendering: find the edition, give
 * the visitor a session id, record the visit and apply the access window. A closed window
 * becomes a redirect here, before any rendering.
 */
import type { AstroCookies } from 'astro';
import type { Edition, TimedPage } from '../../domain/edition.ts';
import { requestNow } from '../clock.ts';
import { loadEdition } from '../content/editions.ts';
import type { Database } from '../db/client.ts';
import type { PageAccess } from '../../domain/timer.ts';
import { checkPageAccess } from '../sessions/access.ts';
import { isHttps } from '../http/request-origin.ts';
import { visitorSessionId } from '../sessions/visitor.ts';

export interface PageContext {
  url: URL;
  request: Request;
  cookies: AstroCookies;
}

export type TimedPageResult =
  | { kind: 'not-found' }
  | { kind: 'redirect'; location: string }
  | { kind: 'open'; edition: Edition; access: Exclude<PageAccess, { kind: 'closed' }>; now: Date };

export async function openTimedPage(db: Database, slug: string, page: TimedPage, context: PageContext): Promise<TimedPageResult> {
  const edition = await loadEdition(db, slug);
  if (!edition) return { kind: 'not-found' };
  const now = requestNow(context.request);
  const sessionId = visitorSessionId(context.cookies, isHttps(context.request, context.url));
  const access = await checkPageAccess(db, { edition, page, sessionId, now, pageUrl: context.url });
  if (access.kind === 'closed') return { kind: 'redirect', location: access.redirectTo };
  return { kind: 'open', edition, access, now };
}

/** "Day 2" for a path ending in /day-2, otherwise the given name for an outside page. */
export function destinationLabel(target: string, outsideName: string): string {
  const day = /\/day-(\d)$/.exec(target);
  return day ? `Day ${day[1]}` : outsideName;
}
