/**
 * The slugs an edition may not take are the site's own addresses, read from its routes: every
 * first path segment of a page, a public file or a front-door path, and every fixed name beside
 * {slug} under /admin/editions/. The folder is walked here on its own, so a route added in any
 * of those places and not reserved fails this test.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pageFiles, publicNames } from 'virtual:page-routes';
import { FRONT_DOOR_PATHS } from '../../src/domain/front-door-paths.ts';
import { literalSegments, pageRouteSegments, reservedSlugCheck } from '../../src/domain/reserved-slugs.ts';
import { editionSlugSchema } from '../../src/domain/edition.ts';
import { isReservedSlug } from '../../src/server/editions/reserved-slugs.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Every file under `folder`, relative to it, walked here apart from the plugin that lists them for the build. */
function walk(folder: string, prefix = ''): string[] {
  return fs.readdirSync(path.join(folder, prefix), { withFileTypes: true }).flatMap((entry) => {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    return entry.isDirectory() ? walk(folder, relative) : [relative];
  });
}

const pages = walk(path.join(ROOT, 'src/pages'));
/** A fixed name of a route (no parameter in it) that a slug could be. */
const couldBeASlug = (segment: string | undefined): segment is string => !!segment && editionSlugSchema.safeParse(segment).success;

describe('the slugs the site’s routes own', () => {
  it('lists the same pages and public files the project holds', () => {
    expect([...pageFiles].sort()).toEqual([...pages].sort());
    expect([...publicNames].sort()).toEqual(fs.readdirSync(path.join(ROOT, 'public')).sort());
  });

  it('reserves the first segment of every page, after the edition’s own [...summit] too', () => {
    const firsts = pages.map((file) => pageRouteSegments(file).find((segment) => !segment.startsWith('[...')));
    const names = firsts.filter(couldBeASlug);
    expect(names).toEqual(expect.arrayContaining(['access', 'admin', 'api', 'media', 'unsubscribe', 'uploads', 'dashboard']));
    for (const name of names) expect(isReservedSlug(name), name).toBe(true);
  });

  it('reserves every fixed name beside {slug} under /admin/editions/, and the front door’s paths', () => {
    const besideSlug = pages.map((file) => pageRouteSegments(file)).filter((route) => route[0] === 'admin' && route[1] === 'editions');
    const names = besideSlug.map((route) => route[2]).filter(couldBeASlug);
    expect(names).toContain('new');
    for (const name of names) expect(isReservedSlug(name), name).toBe(true);
    for (const [route, pattern] of Object.entries(FRONT_DOOR_PATHS)) {
      const segments = literalSegments(pattern);
      expect(segments.length, route).toBeGreaterThan(0);
      const owned = segments[0] === 'admin' && segments[1] === 'editions' ? segments[2] : segments[0];
      if (couldBeASlug(owned)) expect(isReservedSlug(owned), route).toBe(true);
    }
  });

  it('refuses the addresses the attack found, and the day pages’ and widgets’ names', () => {
    for (const slug of ['access', 'unsubscribe', 'feed', 'listen', 'archive', 'new', 'admin', 'api', 'r', 's', 'media', 'uploads'])
      expect(isReservedSlug(slug), slug).toBe(true);
    for (const slug of ['day-1', 'day-3', 'speakers-embed', 'healthz', 'register', 'podcast', 'demo'])
      expect(isReservedSlug(slug), slug).toBe(true);
  });

  it('leaves every other slug to the editions', () => {
    for (const slug of ['july', 'august', 'winter-2026', 'accessible', 'feeds', 'archives', 'newsletter', 'embedded'])
      expect(isReservedSlug(slug), slug).toBe(false);
  });

  it('reserves a page added later without anyone listing it', () => {
    const check = reservedSlugCheck({
      pageFiles: [...pageFiles, 'tickets/[id].astro', 'admin/editions/bulk.ts'],
      publicNames,
      frontDoorPaths: [],
    });
    expect([check('tickets'), check('bulk'), isReservedSlug('tickets'), isReservedSlug('bulk')]).toEqual([true, true, false, false]);
  });
});
