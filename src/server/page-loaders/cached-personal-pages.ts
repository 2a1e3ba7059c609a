/**
 * Personal pages at cached-page speed. A day page or dashboard is rendered whole once per shared
 * context (edition and page, as the URL names them; the access kind and where it leads; the
 * content version) with a slot where the access banner goes, and cached as a shell. The banner is
 * rendered once per shape (countdown mode and phase, or the session notice) with markers where
 * its numbers go, and put in the slot: a template. Each request then only works out the
 * visitor's access (src/server/access/timer-configs.ts) and writes the countdown's numbers
 * between the template's parts, as bytes cached ready, plain or gzip (src/server/caching/stitched-gzip.ts).
 *
 * Anonymous visitors and signed-in registrants take the same path (decision 0028). A registrant's
 * shell is shared by the registrants of the same edition and tier on the same site origin (the
 * header's links, the tier's host views); what is theirs alone (feed key and QR code, checkout
 * reference and e-mail) is rendered as markers (REGISTRANT_MARKERS, random per process) and
 * written per request like the countdown's numbers (registrant-fields.ts). Whether each day plays
 * now is part of the shell's key; when a day not open yet opens for the visitor (their drip) is a
 * field too (decision 0033; OPENING_MARKERS).
 */
import { randomBytes } from 'node:crypto';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { TimedPageBanner } from '../../components/TimedPageBanner.tsx';
import {
  COUNTDOWN_FIELD_NAMES,
  countdownFields,
  deadlineFields,
  readerTimeZone,
  type CountdownFields,
  type DeadlineFields,
} from '../../domain/countdown.ts';
import {
  cutAtMarkers,
  fieldMarker,
  openingFieldValues,
  OPENING_FIELD_NAMES,
  pageTemplate,
  PRICE_DEADLINE_FIELD_NAMES,
  priceDeadlineFieldOf,
  type PriceDeadlineField,
  type PriceDeadlineFields,
  REGISTRANT_FIELD_NAMES,
  type OpeningField,
  type OpeningFields,
  shellFieldMarker,
  splitAtSlot,
  type RegistrantField,
  type RegistrantFields,
  type Shell,
} from '../../domain/personal-page.ts';
import type { HostContext } from '../../domain/access/access-rule.ts';
import { listeningKey, openingsOf, type Listening } from '../../domain/access/listening.ts';
import type { Edition } from '../../domain/edition.ts';
import { formatPriceDeadline, priceNow, pricePhaseKey } from '../../domain/pass-price.ts';
import { passKinds } from '../../domain/passes.ts';
import type { PageAccess } from '../../domain/timer.ts';
import { contentVersion, onContentChange } from '../caching/content-cache.ts';
import { compressParts, stitchGzipChunks, type CompressedParts } from '../caching/stitched-gzip.ts';
import { boundedCache, bytesOf } from '../caching/bounded-cache.ts';
import { PAGE_PATH_HEADER, type PagePath } from '../http/page-path.ts';
import { completeHead } from '../http/common-headers.ts';

export type OpenAccess = Exclude<PageAccess, { kind: 'closed' }>;
type Field = keyof CountdownFields | RegistrantField | OpeningField | PriceDeadlineField;

/** Where a signed-in registrant's own values go in their page's shell (domain/personal-page.ts); random per process. */
const NONCE = randomBytes(8).toString('hex');
export const REGISTRANT_MARKERS = Object.fromEntries(
  REGISTRANT_FIELD_NAMES.map((name) => [name, shellFieldMarker(NONCE, name)]),
) as RegistrantFields;
/** Where the instants days open for the visitor go (domain/personal-page.ts OPENING_FIELD_NAMES). */
export const OPENING_MARKERS = Object.fromEntries(OPENING_FIELD_NAMES.map((name) => [name, shellFieldMarker(NONCE, name)])) as Record<
  OpeningField,
  string
>;
/** Where an early price's deadline goes on a signed-in registrant's dashboard (domain/personal-page.ts PRICE_DEADLINE_FIELD_NAMES). */
export const PRICE_DEADLINE_MARKERS = Object.fromEntries(
  PRICE_DEADLINE_FIELD_NAMES.map((name) => [name, shellFieldMarker(NONCE, name)]),
) as Record<PriceDeadlineField, string>;
const MARKER_LIST = [
  ...REGISTRANT_FIELD_NAMES.map((name) => ({ name, marker: REGISTRANT_MARKERS[name] })),
  ...OPENING_FIELD_NAMES.map((name) => ({ name, marker: OPENING_MARKERS[name] })),
  ...PRICE_DEADLINE_FIELD_NAMES.map((name) => ({ name, marker: PRICE_DEADLINE_MARKERS[name] })),
];

/** The visitor's own part of a page: their access now, and the key of the shell it fills. */
export interface PersonalPart {
  shellKey: string;
  access: OpenAccess;
  now: Date;
  dayLabel: string;
  returnTo: string;
  /** The reader's zone (readerTimeZone: a registrant's own, else the edition's): the countdown's and the openings' times are written in it, the zone named. */
  timeZone: string;
  /** A signed-in registrant's own values (their shell has markers where they go); null for anonymous visitors. */
  registrant: RegistrantFields | null;
  /** When the page's days that are not open yet open for this visitor (their shell names which days). */
  openings: OpeningFields;
  /** The early prices' deadlines in force, written in the reader's zone (a registrant's dashboard has them as fields). */
  priceDeadlines: PriceDeadlineFields;
}

interface CachedShell {
  shell: Shell;
  status: number;
  headers: [string, string][];
}

/** A shell with a banner shape in its slot, as bytes ready to write (decision 0014). */
export interface CachedPage {
  status: number;
  headers: [string, string][];
  /**
   * The head the fast path writes (name, value, name, value…, with the headers every answer
   * carries and the path that answered), made once for plain and for HTTPS answers; each answer
   * adds its length, encoding and cookie.
   */
  fastPathHeads: { plain: string[]; https: string[] };
  fields: Field[];
  plain: Buffer[];
  gzip: CompressedParts;
}

const MAX_BYTES = 32 * 1024 * 1024;
const shells = boundedCache<CachedShell>({
  name: 'personal page shells',
  maxEntries: 500,
  maxBytes: MAX_BYTES,
  sizeOf: ({ shell }) => 2 * bytesOf.buffers(shell.before, shell.after) + 512,
});
/**
 * A deadline's own fields (its ISO instant and its text in the edition's zone): every request for
 * a page with one timer has the same deadline, and formatting it was a few per cent of a personal
 * page's time under load (decision 0045). Kept per deadline and zone; a day's opening instant's
 * text likewise, so a request only looks them up.
 */
const deadlines = boundedCache<DeadlineFields>({
  name: 'countdown deadlines',
  maxEntries: 1024,
  maxBytes: 256 * 1024,
  sizeOf: bytesOf.json,
});

function countdownNow(deadline: number, now: number, timeZone: string): CountdownFields {
  const key = `${deadline} ${timeZone}`;
  let ofDeadline = deadlines.get(key);
  if (!ofDeadline) deadlines.set(key, (ofDeadline = deadlineFields(deadline, timeZone)));
  return countdownFields(deadline, now, ofDeadline);
}

/** The early prices' deadlines in force at `now`, as the tier cards write them in `timeZone`, each remembered like a countdown's deadline. */
function priceDeadlinesNow(edition: Pick<Edition, 'settings'>, now: Date, timeZone: string): PriceDeadlineFields {
  const values: PriceDeadlineFields = {};
  const { upgrade, texts } = edition.settings;
  for (const pass of passKinds) {
    const { until } = priceNow(upgrade[pass], now);
    if (!until) continue;
    const key = `${until} ${timeZone} price`;
    let known = deadlines.get(key);
    if (!known) {
      known = {
        deadline: String(Date.parse(until)),
        deadlineIso: until,
        deadlineText: formatPriceDeadline(until, timeZone, texts.meta.lang),
      };
      deadlines.set(key, known);
    }
    values[priceDeadlineFieldOf(pass)] = known.deadlineText;
  }
  return values;
}

/** A day's opening instant as the page writes it (openingText), remembered like a deadline's text. */
function rememberedOpeningText(timeZone: string): (at: number) => string {
  return (at) => {
    const key = `${at} ${timeZone}`;
    let known = deadlines.get(key);
    if (!known) deadlines.set(key, (known = deadlineFields(at, timeZone)));
    return known.deadlineText;
  };
}

const pages = boundedCache<CachedPage>({
  name: 'personal pages',
  maxEntries: 1000,
  maxBytes: MAX_BYTES,
  sizeOf: (page) => bytesOf.buffers(...page.plain, ...page.gzip.runs) + 512,
});
onContentChange(() => {
  shells.clear();
  pages.clear();
});

/**
 * What a page's shell depends on besides the content: the origin (and whether a proxy said HTTPS:
 * the HSTS header), the path (edition and page), the access kind and its destination (the "Next:"
 * label), the host views' context the access rule chose (the upsell or the session links), who
 * shares it (anonymous visitors, or registrants of one edition and tier), which of the page's days
 * play now, and which prices are in force (an early price is never shown past its deadline).
 * Never anything a visitor can vary freely, so the number of shells is bounded. Private: both
 * paths get it through personalPageOf, so the shell kept and the shell looked up cannot differ.
 */
function shellKeyOf(input: PersonalPageInput): string {
  const { url, forwardedProto, access, hostContext, viewer, days, edition, now } = input;
  const https = forwardedProto?.startsWith('https') ? 'https ' : '';
  const destination = 'redirectTo' in access ? (access.redirectTo ?? '') : '';
  const prices = pricePhaseKey(edition.settings.upgrade, now);
  return `${contentVersion()} ${viewer} ${hostContext} ${https}${url.origin}${url.pathname} ${access.kind} ${destination} ${listeningKey(days)} ${prices}`;
}

/**
 * What a signed-in registrant's shell is shared by: registrants of the same edition (the header's
 * links) and tier, on the same site origin (their feed links). Everything else of theirs is a field.
 */
export function registrantShellViewer(
  registrant: { editionSlug: string; tier: string; addressBounced: boolean },
  siteOrigin: string,
): string {
  // A registrant whose address bounced sees a notice on their dashboard (docs/decisions/0082): a shell of its own.
  return `registrant ${registrant.editionSlug} ${registrant.tier} ${siteOrigin}${registrant.addressBounced ? ' bounced' : ''}`;
}

/** Everything a visitor's part of a personal page is made of, as either path knows it. */
export interface PersonalPageInput {
  url: URL;
  forwardedProto: string | null | undefined;
  access: OpenAccess;
  hostContext: HostContext;
  /** 'anonymous', or registrantShellViewer(): what a signed-in registrant's shell shares with others. */
  viewer: string;
  /** Whether each of the page's days plays now for this visitor, and when the others open. */
  days: Map<number, Listening>;
  edition: Pick<Edition, 'settings' | 'timezone'>;
  now: Date;
  dayLabel: string;
  /** A signed-in registrant's own values (their shell has markers where they go); null for anonymous visitors. */
  registrant: RegistrantFields | null;
  /** A signed-in registrant's own time zone, when the product knows it (their times are fields, so their shell is shared). */
  readerZone: string | null;
}

/**
 * The visitor's part of a personal page: the one place its shell key and fields are made. The
 * Astro page (timed-page.ts personalize) keeps shells under it and the fast path
 * (cached-personal-page-route.ts) looks them up under it.
 */
export function personalPageOf(input: PersonalPageInput): PersonalPart {
  // Only a registrant's times are fields; an anonymous shell keeps the edition's zone written in it.
  const timeZone = input.registrant ? readerTimeZone(input.readerZone, input.edition.timezone) : input.edition.timezone;
  return {
    shellKey: shellKeyOf(input),
    access: input.access,
    now: input.now,
    dayLabel: input.dayLabel,
    returnTo: input.url.pathname,
    timeZone,
    registrant: input.registrant,
    openings: openingFieldValues(openingsOf(input.days), rememberedOpeningText(timeZone)),
    priceDeadlines: input.registrant ? priceDeadlinesNow(input.edition, input.now, timeZone) : {},
  };
}

/** What the banner's markup depends on besides its numbers. */
function bannerShape(personal: PersonalPart): string {
  const { access } = personal;
  return access.kind === 'open'
    ? `${personal.dayLabel} open ${access.timer.mode} ${access.timer.phase}`
    : `${personal.dayLabel} ${access.kind}`;
}

const MARKERS: CountdownFields = {
  deadline: fieldMarker('deadline'),
  deadlineIso: fieldMarker('deadlineIso'),
  deadlineText: fieldMarker('deadlineText'),
  serverNow: fieldMarker('serverNow'),
  days: fieldMarker('days'),
  hours: fieldMarker('hours'),
  minutes: fieldMarker('minutes'),
  seconds: fieldMarker('seconds'),
};

function bannerWithMarkers(personal: PersonalPart): string {
  const { access, now, dayLabel, returnTo, timeZone } = personal;
  return renderToStaticMarkup(
    createElement(TimedPageBanner, { access, now: now.getTime(), dayLabel, returnTo, timeZone, fields: MARKERS }),
  );
}

function fastPathHeads(headers: [string, string][]): CachedPage['fastPathHeads'] {
  const head: [string, string][] = [...headers, ['vary', 'Accept-Encoding'], [PAGE_PATH_HEADER, 'fast']];
  return { plain: completeHead(head, { https: false }), https: completeHead(head, { https: true }) };
}

function makePage(cached: CachedShell, personal: PersonalPart): CachedPage {
  const banner = pageTemplate(cached.shell, bannerWithMarkers(personal), COUNTDOWN_FIELD_NAMES);
  if (!banner) throw new Error('A countdown banner rendered a field twice');
  const template = cutAtMarkers(banner, MARKER_LIST);
  const plain = template.parts.map((part) => Buffer.from(part));
  return {
    status: cached.status,
    headers: cached.headers,
    fastPathHeads: fastPathHeads(cached.headers),
    fields: template.fields as Field[],
    plain,
    gzip: compressParts(plain),
  };
}

/** The cached page for this visitor's shell and banner shape, or null when the shell is not cached (yet). */
export function cachedPage(personal: PersonalPart): CachedPage | null {
  const key = `${personal.shellKey}\n${bannerShape(personal)}`;
  const known = pages.get(key);
  if (known) return known;
  const cached = shells.get(personal.shellKey);
  if (!cached) return null;
  const made = makePage(cached, personal);
  pages.set(key, made);
  return made;
}

function fieldValues(page: CachedPage, personal: PersonalPart): string[] {
  if (page.fields.length === 0) return [];
  const { access, registrant, openings, priceDeadlines } = personal;
  const countdown = access.kind === 'open' ? countdownNow(access.timer.deadline, personal.now.getTime(), personal.timeZone) : null;
  return page.fields.map((name) => {
    const value =
      name in REGISTRANT_MARKERS
        ? registrant?.[name as RegistrantField]
        : name in OPENING_MARKERS
          ? openings[name as OpeningField]
          : name in PRICE_DEADLINE_MARKERS
            ? priceDeadlines[name as PriceDeadlineField]
            : countdown?.[name as keyof CountdownFields];
    // A shell made for a registrant is only ever filled for one (the viewer is part of its key), and
    // one with a day's opening for a visitor that day opens later for (the days' states are too).
    if (value === undefined) throw new Error(`The page has a ${name} field this visitor has no value for`);
    return value;
  });
}

/** The page's bytes for this visitor, plain or gzip. */
export function pageBytes(page: CachedPage, personal: PersonalPart, encoding: 'gzip' | 'identity'): Buffer<ArrayBuffer> {
  return Buffer.concat(pageChunks(page, personal, encoding).map((chunk) => (typeof chunk === 'string' ? Buffer.from(chunk) : chunk)));
}

/**
 * The page's bytes as the chunks they are made of: the cached parts and this visitor's fields
 * (as text on the plain page, encoded where they are copied, with no Buffer made per field).
 * The hot path copies them into a buffer it uses again (src/server/http/response-buffers.ts).
 */
export function pageChunks(page: CachedPage, personal: PersonalPart, encoding: 'gzip' | 'identity'): Array<Buffer | string> {
  const fields = fieldValues(page, personal);
  if (encoding === 'gzip')
    return stitchGzipChunks(
      page.gzip,
      fields.map((field) => Buffer.from(field)),
    );
  const chunks: Array<Buffer | string> = [];
  page.plain.forEach((part, index) => {
    chunks.push(part);
    if (index < fields.length) chunks.push(fields[index]!);
  });
  return chunks;
}

/** The page as a Response (the Astro page's answer; compression happens after it), or null when its shell is not cached. */
export function filledResponse(personal: PersonalPart): Response | null {
  const page = cachedPage(personal);
  return page
    ? new Response(pageBytes(page, personal, 'identity'), { status: page.status, headers: withPagePath(page.headers, 'shell') })
    : null;
}

/**
 * Called by src/middleware.ts with a page rendered with the slot (its security headers applied):
 * keeps the shell and answers with the slot filled.
 */
export async function cacheShell(personal: PersonalPart, rendered: Response): Promise<Response> {
  if (rendered.status !== 200) return rendered;
  const shell = splitAtSlot(await rendered.text());
  if (!shell) throw new Error('A personal page rendered without exactly one slot');
  const headers: [string, string][] = [];
  rendered.headers.forEach((value, name) => {
    if (name !== 'set-cookie' && name !== 'content-length') headers.push([name, value]);
  });
  const cached: CachedShell = { shell, status: rendered.status, headers };
  shells.set(personal.shellKey, cached);
  // Made from what was just rendered, whether or not the bounded memory cached it.
  const page = cachedPage(personal) ?? makePage(cached, personal);
  return new Response(pageBytes(page, personal, 'identity'), { status: rendered.status, headers: withPagePath(headers, 'render') });
}

function withPagePath(headers: [string, string][], path: PagePath): [string, string][] {
  return [...headers, [PAGE_PATH_HEADER, path]];
}
