/**
 * Personal pages at cached-page speed. A day page or dashboard is rendered whole once per shared
 * context (edition and page, as the URL names them; the access kind and where it leads; the
 * content version) with a slot where the access banner goes, and kept as a shell. Each request
 * then does only what is the visitor's own: work out their access (src/server/access/timed-access.ts)
 * and render the banner (countdown values, deadline) into the slot.
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
import { fillShell, splitAtSlot } from '../../domain/personal-page.ts';
import type { HostContext } from '../../domain/access/access-rule.ts';
import type { PageAccess } from '../../domain/timer.ts';
import { contentVersion, onContentChange } from '../content-cache/content-cache.ts';

export type OpenAccess = Exclude<PageAccess, { kind: 'closed' }>;

/** The visitor's own part of a page, and the key of the shell it fills. */
export interface PersonalPart {
  shellKey: string;
  html: string;
}

/**
 * A shell is kept as the UTF-8 bytes around the slot: encoding a 20 to 70 KB page again on every
 * request was a fifth of a returning visitor's cost (bench/RESULTS.md), writing bytes is not.
 */
interface KeptShell {
  before: Buffer;
  after: Buffer;
  status: number;
  headers: [string, string][];
}

const shells = new LRUCache<string, KeptShell>({
  max: 500,
  maxSize: 32 * 1024 * 1024,
  sizeCalculation: (kept, key) => kept.before.length + kept.after.length + key.length + 512,
});
onContentChange(() => shells.clear());

/**
 * What an anonymous visitor's shell depends on besides the content: the origin (and whether a
 * proxy said HTTPS: the HSTS header), the path (edition and page), the access kind and its
 * destination (the "Next:" label), and the host views' context the access rule chose (the upsell
 * or the session links). Never anything a visitor can vary freely, so the number of shells is bounded.
 */
export function shellContext(url: URL, forwardedProto: string | null | undefined, access: OpenAccess, hostContext: HostContext): string {
  const https = forwardedProto?.startsWith('https') ? 'https ' : '';
  const destination = 'redirectTo' in access ? (access.redirectTo ?? '') : '';
  return `${contentVersion()} anonymous ${hostContext} ${https}${url.origin}${url.pathname} ${access.kind} ${destination}`;
}

/** The access banner for this visitor now: the only per-request render. */
export function personalPart(shellKey: string, access: OpenAccess, now: Date, dayLabel: string, returnTo: string): PersonalPart {
  return { shellKey, html: renderToStaticMarkup(createElement(TimedPageBanner, { access, now: now.getTime(), dayLabel, returnTo })) };
}

export interface FilledPage {
  status: number;
  headers: [string, string][];
  /** The page's bytes in order: the shell before the slot, the visitor's part, the rest. */
  chunks: [Buffer, Buffer, Buffer];
  length: number;
}

/** The page from a kept shell, or null when its shell is not kept (yet). */
export function filledPage(personal: PersonalPart): FilledPage | null {
  const kept = shells.get(personal.shellKey);
  if (!kept) return null;
  const own = Buffer.from(personal.html);
  return { status: kept.status, headers: kept.headers, chunks: [kept.before, own, kept.after], length: kept.before.length + own.length + kept.after.length };
}

export function filledResponse(personal: PersonalPart): Response | null {
  const page = filledPage(personal);
  return page ? new Response(Buffer.concat(page.chunks, page.length), { status: page.status, headers: page.headers }) : null;
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
  shells.set(personal.shellKey, { before: Buffer.from(shell.before), after: Buffer.from(shell.after), status: rendered.status, headers });
  return new Response(fillShell(shell, personal.html), { status: rendered.status, headers });
}
