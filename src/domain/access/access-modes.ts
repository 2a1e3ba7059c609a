/**
 * An edition's access mode (README "Registrants and passes"): `open` lets anyone with a page's
 * address in; `registrants` needs a personal link and enforces passes. Its own module so the
 * edition's shape (edition.ts) and the access rule (access-rule.ts) can both name it without
 * importing each other.
 */
export const accessModes = ['open', 'registrants'] as const;
export type AccessMode = (typeof accessModes)[number];
