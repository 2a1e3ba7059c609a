/**
 * The one check of an edition slug against the site's own addresses (src/domain/reserved-slugs.ts),
 * over the routes of this build: its pages and public files (read when it was built,
 * tools/page-routes.mjs) and the paths the front door answers.
 */
import { pageFiles, publicNames } from 'virtual:page-routes';
import { FRONT_DOOR_PATHS } from '../../domain/front-door-paths.ts';
import { reservedSlugCheck } from '../../domain/reserved-slugs.ts';

/** True when one of the site's routes owns the address an edition with this slug would have. */
export const isReservedSlug = reservedSlugCheck({ pageFiles, publicNames, frontDoorPaths: Object.values(FRONT_DOOR_PATHS) });
