/**
 * The slugs an edition may not take because a route of the site owns that address. An edition's
 * pages are /{slug}/day-1, /{slug}/dashboard, … and its admin is /admin/editions/{slug}/…; a route
 * with a fixed name at the slug's place wins over the edition's: /access/day-1 is the access
 * page's (the "access" edition's page answers 404), and a POST to /admin/editions/archive is the
 * archive upload's (the "archive" edition could be neither saved nor deleted).
 *
 * The names are derived from the routes themselves (the files under src/pages, the top of
 * public/ and the paths the front door answers before Astro), never listed by hand, so a new
 * route is reserved the day it is added.
 */

export const RESERVED_SLUG_MESSAGE = 'That slug is one of the site’s own addresses; choose another.';

/** Where an address puts an edition's slug: the first segment (its pages), and after /admin/editions/ (its admin). */
const SLUG_PLACES: ReadonlyArray<readonly string[]> = [[], ['admin', 'editions']];

/** The site's routes as the edition slug check reads them. */
export interface SiteRoutes {
  /** Every file under src/pages, relative to it: "admin/editions/new.astro". */
  pageFiles: readonly string[];
  /** The names at the top of public/: "podcast-artwork.png". */
  publicNames: readonly string[];
  /** The paths answered before Astro (src/domain/front-door-paths.ts). */
  frontDoorPaths: readonly RegExp[];
}

/** A page file's route as path segments: "admin/editions/new.astro" → admin, editions, new; "access/index.astro" → access. */
export function pageRouteSegments(file: string): string[] {
  const segments = file.split('/');
  const name = (segments.pop() ?? '').replace(/\.(astro|ts|js|mjs|md|mdx|html)$/, '');
  return name === 'index' ? segments : [...segments, name];
}

/**
 * The fixed segments a front-door path starts with, each followed by a slash or the end:
 * /^\/feed\/(…)/ → feed; /^\/admin\/editions\/archive\/?$/ → admin, editions, archive.
 */
export function literalSegments(path: RegExp): string[] {
  const prefix = /^\^((?:\\\/[A-Za-z0-9_-]+)+)(?=\\\/|\$)/.exec(path.source)?.[1] ?? '';
  return prefix.split('\\/').filter(Boolean);
}

const isParameter = (segment: string) => /^\[[^\]]+\]$/.test(segment);
const isRestParameter = (segment: string) => /^\[\.\.\.[^\]]+\]$/.test(segment);
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * What a route's segment at the slug's place takes from the slugs: a fixed name only itself;
 * a name with a parameter in it ("day-[day]", "[widget]-embed") every slug it matches; a bare
 * parameter none (it is the slug's own place, or a value of some other kind).
 */
function segmentPattern(segment: string): RegExp | null {
  if (isParameter(segment)) return null;
  const fixedParts = segment.split(/\[[^\]]+\]/).map(escapeRegExp);
  return new RegExp(`^${fixedParts.join('.+')}$`);
}

/** The segments a route puts at a slug's place: a rest parameter there may be empty, so the one after it counts too. */
function segmentsAtPlace(route: readonly string[], place: readonly string[]): string[] {
  if (route.length <= place.length || place.some((segment, index) => route[index] !== segment)) return [];
  const found: string[] = [];
  for (let index = place.length; index < route.length; index += 1) {
    const segment = route[index] as string;
    found.push(segment);
    if (!isRestParameter(segment)) break;
  }
  return found;
}

/** Every route's segments: pages, public files (one segment each) and front-door paths. */
function routesOf({ pageFiles, publicNames, frontDoorPaths }: SiteRoutes): string[][] {
  return [...pageFiles.map(pageRouteSegments), ...publicNames.map((name) => [name]), ...frontDoorPaths.map(literalSegments)];
}

/** The patterns of every name the routes hold at a slug's place. */
export function reservedSlugPatterns(routes: SiteRoutes): RegExp[] {
  const patterns = new Map<string, RegExp>();
  for (const route of routesOf(routes)) {
    for (const place of SLUG_PLACES) {
      for (const segment of segmentsAtPlace(route, place)) {
        const pattern = segmentPattern(segment);
        if (pattern) patterns.set(pattern.source, pattern);
      }
    }
  }
  return [...patterns.values()];
}

/** The check every place that takes a slug asks: true when a route owns that address. */
export function reservedSlugCheck(routes: SiteRoutes): (slug: string) => boolean {
  const patterns = reservedSlugPatterns(routes);
  return (slug) => patterns.some((pattern) => pattern.test(slug));
}
