/**
 * What every timed page (day pages, dashboards) does before rendering: find the edition, give
 * the visitor a session id, record the visit and apply the access window. A closed window
 * becomes a redirect here, before any rendering.
 */
import type { AstroCookies } from 'astro';
import type { Edition, TimedPage } from '../../domain/edition.ts';
import { requestNow } from '../clock.ts';
import { readEdition } from '../editions/read-edition.ts';
import type { Database } from '../db/client.ts';
import type { PageAccess } from '../../domain/timer.ts';
import type { HostContext } from '../../domain/access/access-rule.ts';
import type { Listening } from '../../domain/access/listening.ts';
import type { ShownListening } from '../../domain/day-page.ts';
import { openingFieldsOf, openingText } from '../../domain/personal-page.ts';
import { TIMED_PAGE_LABELS } from '../../domain/settings-form/timer-values.ts';
import { checkPageAccess, viewerOf, type PageView } from '../access/page-access.ts';
import { pageDays } from '../access/day-listening.ts';
import type { SignedInRegistrant } from '../access/registrant-session.ts';
import { clientAddress, isHttps, linkOrigin } from '../http/request-origin.ts';
import { hasVisitorSession, visitorSessionId } from '../access/visitor-cookie.ts';
import { visitorRowLimiter } from '../access/visitor-limits.ts';
import { filledResponse, OPENING_MARKERS, personalPageOf, registrantShellViewer, type PersonalPart } from './cached-personal-pages.ts';
import { drawRegistrantFields, markedOwnValues } from './registrant-fields.ts';

export interface PageContext {
  url: URL;
  request: Request;
  cookies: AstroCookies;
  /** The socket's address (Astro's clientAddress), for the per-client limit on new sessions. */
  clientAddress?: string;
}

/**
 * The visitor's session id, or null when this client has started too many sessions this
 * minute: the page is then served without recording anything (visitor-limits.ts).
 */
async function sessionFor(db: Database, context: PageContext): Promise<string | null> {
  if (!hasVisitorSession(context.cookies)) {
    const address = clientAddress(context.request, context.clientAddress);
    if (!(await visitorRowLimiter(db).take(address)).allowed) return null;
  }
  return visitorSessionId(context.cookies, isHttps(context.request, context.url));
}

/**
 * What a personal page's loader (day page, dashboard) answers: a 404, a redirect, the visitor's
 * page whole from the cached shell, or `data` to render. With `personal`, the page renders with
 * the slot and src/middleware.ts caches the shell and fills it; `personal` is null for a
 * signed-in registrant, whose page is their own (rendered whole). signedIn: for the site header
 * (the registrant's edition), null when anonymous.
 */
/**
 * The page's window is over: the page says so with the countdown's expired banner and goes on to
 * `location` after the countdown's delay (docs/PRODUCT.md "Access windows and the countdown").
 */
export interface WindowOver {
  kind: 'over';
  location: string;
  mode: 'evergreen' | 'live';
  /** "Day 2", "Dashboard": the live banner names the event that ended. */
  pageLabel: string;
  edition: Edition;
}

export type PersonalPageResult<Data> =
  | { kind: 'not-found' }
  | { kind: 'redirect'; location: string }
  | WindowOver
  | { kind: 'filled'; response: Response }
  | { kind: 'page'; data: Data; personal: PersonalPart | null; signedIn: { editionSlug: string } | null };

export type TimedPageResult =
  | { kind: 'not-found' }
  | { kind: 'redirect'; location: string }
  | WindowOver
  | {
      kind: 'open';
      edition: Edition;
      access: Exclude<PageAccess, { kind: 'closed' }>;
      now: Date;
      /** The host views' context the access rule chose (the upsell or the session links). */
      hostContext: HostContext;
      /** The signed-in registrant of this edition, or null for an anonymous visitor. */
      registrant: SignedInRegistrant | null;
      /** The full page, or a free or Replay registrant's reduced dashboard (decision 0033). */
      view: PageView;
      /** Whether each of the page's days plays for this visitor now (a day page: its own day; a dashboard: all three). */
      days: Map<number, Listening>;
    };

/**
 * A day's listening as the page shows it: when it opens as the visitor's own values, or (marked:
 * the page is rendered once as a shell) as the markers their values replace per request.
 */
export function shownListening(
  listening: Listening | undefined,
  day: number,
  { marked, timeZone }: { marked: boolean; timeZone: string },
): ShownListening {
  if (!listening) return { kind: 'open' };
  if (listening.kind !== 'opens') return listening;
  if (marked) {
    const names = openingFieldsOf(day);
    return { kind: 'opens', iso: OPENING_MARKERS[names.iso], text: OPENING_MARKERS[names.text] };
  }
  return { kind: 'opens', iso: new Date(listening.at).toISOString(), text: openingText(listening.at, timeZone) };
}

/**
 * The visitor's part of an open page, and the page whole when its shell is cached: then nothing
 * else needs loading or rendering (src/server/page-loaders/cached-personal-pages.ts). Anonymous
 * visitors share shells per host context; signed-in registrants per edition, tier and host
 * context, with their own values (feed key, QR code, checkout reference and e-mail) as fields
 * (registrant-fields.ts), so the page is rendered with markers in their place (`marked`: null
 * for anonymous visitors, who have no own values).
 */
export async function personalize(
  context: PageContext,
  opened: Extract<TimedPageResult, { kind: 'open' }>,
  dayLabel: string,
): Promise<{ personal: PersonalPart; filled: Response | null; marked: ReturnType<typeof markedOwnValues> | null }> {
  const { access, now, hostContext, registrant, days, edition } = opened;
  const origin = linkOrigin();
  const personal = personalPageOf({
    url: context.url,
    forwardedProto: context.request.headers.get('x-forwarded-proto'),
    access,
    hostContext,
    viewer: registrant ? registrantShellViewer(registrant, origin) : 'anonymous',
    days,
    edition,
    now,
    dayLabel,
    registrant: registrant ? await drawRegistrantFields(registrant, origin) : null,
    readerZone: registrant?.timeZone ?? null,
  });
  return { personal, filled: filledResponse(personal), marked: registrant ? markedOwnValues(origin) : null };
}

export async function openTimedPage({
  db,
  slug,
  page,
  context,
}: {
  db: Database;
  slug: string;
  page: TimedPage;
  context: PageContext;
}): Promise<TimedPageResult> {
  const edition = await readEdition(db, slug);
  if (!edition) return { kind: 'not-found' };
  const now = requestNow(context.request);
  const anonymousSession = () => sessionFor(db, context);
  const result = await checkPageAccess(db, { edition, page, now, pageUrl: context.url, cookies: context.cookies, anonymousSession });
  if (result.kind === 'redirect')
    return result.why === 'over'
      ? { kind: 'over', location: result.location, mode: result.mode, pageLabel: TIMED_PAGE_LABELS[page], edition }
      : { kind: 'redirect', location: result.location };
  const days = await pageDays(db, {
    edition,
    page,
    viewer: viewerOf(result.registrant, edition),
    view: result.view,
    now,
    listening: result.listening,
    registrantId: result.registrant?.id ?? null,
  });
  return { ...result, edition, now, days };
}

/** "Day 2" for a path ending in /day-2, otherwise the given name for an outside page. */
export function destinationLabel(target: string, outsideName: string): string {
  const day = /\/day-(\d)$/.exec(target);
  return day ? `Day ${day[1]}` : outsideName;
}

/** The page to render for an open timed page, with the header's signed-in edition. */
export function pageToRender<Data>(
  opened: Extract<TimedPageResult, { kind: 'open' }>,
  personal: PersonalPart | null,
  data: Data,
): PersonalPageResult<Data> {
  return { kind: 'page', personal, signedIn: opened.registrant ? { editionSlug: opened.registrant.editionSlug } : null, data };
}
