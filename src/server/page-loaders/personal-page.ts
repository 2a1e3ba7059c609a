/**
 * Personal pages at cached-page speed. A day page or dashboard is rendered whole once per shared
 * context (edition and page, as the URL names them; the access kind and where it leads; the
 * content version) with a slot where the access banner goes, and kept as a shell. The banner is
 * rendered once per shape (countdown mode and phase, or the session notice) with markers where
 * its numbers go, and put in the slot: a template. Each request then only works out the
 * visitor's access (src/server/access/timed-access.ts) and writes the countdown's numbers
 * between the template's parts, as bytes kept ready, plain or gzip (src/server/http/stitched-gzip.ts).
 *
 * Shells are for anonymous visitors only (the visitor cookie and its recorded first visit). A
 * signed-in registrant's page differs by person (header links, checkout links with their
 * reference, their tier's host views: docs/decisions/0015-registrant-access.md), so it is rendered
 * whole and never kept or served from a shell (src/server/page-loaders/timed-page.ts personalize).
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { LRUCache } from 'lru-cache';
import { TimedPageBanner } from '../../components/TimedPageBanner.tsx';
import { COUNTDOWN_FIELD_NAMES, countdownFields, type CountdownFields } from '../../domain/countdown.ts';
import { fieldMarker, pageTemplate, splitAtSlot, type Shell } from '../../domain/personal-page.ts';
import type { HostContext } from '../../domain/access/access-rule.ts';
import type { PageAccess } from '../../domain/timer.ts';
import { contentVersion, onContentChange } from '../content-cache/content-cache.ts';
import { compressParts, stitchGzip, type CompressedParts } from '../http/stitched-gzip.ts';

export type OpenAccess = Exclude<PageAccess, { kind: 'closed' }>;
type Field = keyof CountdownFields;

/** The visitor's own part of a page: their access now, and the key of the shell it fills. */
export interface PersonalPart {
  shellKey: string;
  access: OpenAccess;
  now: Date;
  dayLabel: string;
  returnTo: string;
}

interface KeptShell {
  shell: Shell;
  status: number;
  headers: [string, string][];
}

/** A shell with a banner shape in its slot, as bytes ready to write (decision 0014). */
export interface KeptPage {
  status: number;
  headers: [string, string][];
  fields: Field[];
  plain: Buffer[];
  gzip: CompressedParts;
}

const MAX_BYTES = 32 * 1024 * 1024;
const shells = new LRUCache<string, KeptShell>({
  max: 500,
  maxSize: MAX_BYTES,
  sizeCalculation: (kept, key) => 2 * (kept.shell.before.length + kept.shell.after.length) + key.length + 512,
});
const pages = new LRUCache<string, KeptPage>({
  max: 1000,
  maxSize: MAX_BYTES,
  sizeCalculation: (kept, key) =>
    kept.plain.reduce((sum, part) => sum + part.length, 0) + kept.gzip.runs.reduce((sum, run) => sum + run.length, 0) + key.length + 512,
});
onContentChange(() => {
  shells.clear();
  pages.clear();
});

/**
 * What an anonymous visitor's shell depends on besides the content: the origin (and whether a
 * proxy said HTTPS: the HSTS header), the path (edition and page), the access kind and its
 * destination (the "Next:" label), and the host views' context the access rule chose (the upsell
 * or the session links). Never anything a visitor can vary freely, so the number of shells is bounded.
 */
export function shellContext({
  url,
  forwardedProto,
  access,
  hostContext,
}: {
  url: URL;
  forwardedProto: string | null | undefined;
  access: OpenAccess;
  hostContext: HostContext;
}): string {
  const https = forwardedProto?.startsWith('https') ? 'https ' : '';
  const destination = 'redirectTo' in access ? (access.redirectTo ?? '') : '';
  return `${contentVersion()} anonymous ${hostContext} ${https}${url.origin}${url.pathname} ${access.kind} ${destination}`;
}

export function personalPart({
  shellKey,
  access,
  now,
  dayLabel,
  returnTo,
}: {
  shellKey: string;
  access: OpenAccess;
  now: Date;
  dayLabel: string;
  returnTo: string;
}): PersonalPart {
  return { shellKey, access, now, dayLabel, returnTo };
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
  serverNow: fieldMarker('serverNow'),
  days: fieldMarker('days'),
  hours: fieldMarker('hours'),
  minutes: fieldMarker('minutes'),
  seconds: fieldMarker('seconds'),
};

function bannerWithMarkers(personal: PersonalPart): string {
  const { access, now, dayLabel, returnTo } = personal;
  return renderToStaticMarkup(createElement(TimedPageBanner, { access, now: now.getTime(), dayLabel, returnTo, fields: MARKERS }));
}

function makePage(kept: KeptShell, personal: PersonalPart): KeptPage {
  const template = pageTemplate(kept.shell, bannerWithMarkers(personal), COUNTDOWN_FIELD_NAMES);
  if (!template) throw new Error('A countdown banner rendered a field twice');
  const plain = template.parts.map((part) => Buffer.from(part));
  return { status: kept.status, headers: kept.headers, fields: template.fields, plain, gzip: compressParts(plain) };
}

/** The kept page for this visitor's shell and banner shape, or null when the shell is not kept (yet). */
export function keptPage(personal: PersonalPart): KeptPage | null {
  const key = `${personal.shellKey}\n${bannerShape(personal)}`;
  const known = pages.get(key);
  if (known) return known;
  const kept = shells.get(personal.shellKey);
  if (!kept) return null;
  const made = makePage(kept, personal);
  pages.set(key, made);
  return made;
}

function fieldValues(page: KeptPage, personal: PersonalPart): Buffer[] {
  if (page.fields.length === 0 || personal.access.kind !== 'open') return [];
  const values = countdownFields(personal.access.timer.deadline, personal.now.getTime());
  return page.fields.map((name) => Buffer.from(values[name], 'latin1'));
}

/** The page's bytes for this visitor, plain or gzip. */
export function pageBytes(page: KeptPage, personal: PersonalPart, encoding: 'gzip' | 'identity'): Buffer<ArrayBuffer> {
  const fields = fieldValues(page, personal);
  if (encoding === 'gzip') return stitchGzip(page.gzip, fields);
  const chunks: Buffer[] = [];
  page.plain.forEach((part, index) => {
    chunks.push(part);
    if (index < fields.length) chunks.push(fields[index]!);
  });
  return Buffer.concat(chunks);
}

/** The page as a Response (the Astro page's answer; compression happens after it), or null when its shell is not kept. */
export function filledResponse(personal: PersonalPart): Response | null {
  const page = keptPage(personal);
  return page ? new Response(pageBytes(page, personal, 'identity'), { status: page.status, headers: page.headers }) : null;
}

/**
 * Called by src/middleware.ts with a page rendered with the slot (its security headers applied):
 * keeps the shell and answers with the slot filled.
 */
export async function keepShell(personal: PersonalPart, rendered: Response): Promise<Response> {
  if (rendered.status !== 200) return rendered;
  const shell = splitAtSlot(await rendered.text());
  if (!shell) throw new Error('A personal page rendered without exactly one slot');
  const headers: [string, string][] = [];
  rendered.headers.forEach((value, name) => {
    if (name !== 'set-cookie' && name !== 'content-length') headers.push([name, value]);
  });
  const kept: KeptShell = { shell, status: rendered.status, headers };
  shells.set(personal.shellKey, kept);
  // Made from what was just rendered, whether or not the bounded memory kept it.
  const page = keptPage(personal) ?? makePage(kept, personal);
  return new Response(pageBytes(page, personal, 'identity'), { status: rendered.status, headers });
}
