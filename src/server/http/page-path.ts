/**
 * Which of the site's paths answered a page, named in a response header so that tests (and an
 * operator with curl) can tell a page served from memory before Astro from one Astro rendered.
 * The cached pages' speed rests on the fast paths answering; a change that quietly sends every
 * request to Astro again (a cache key built differently on one side) shows here first.
 */
export const PAGE_PATH_HEADER = 'x-page-path';

export type PagePath =
  /** Answered before Astro from memory: a personal page filled in, or a fresh route-cache hit. */
  | 'fast'
  /** Astro's route, with the personal page's cached shell filled in (the database was asked). */
  | 'shell'
  /** Astro's route, rendered whole (and its shell kept). */
  | 'render';
