/**
 * An edition's access mode (README "Registrants and passes"): `open` lets anyone with a page's
 * address in; `registrants` needs a personal link and enforces passes. Listed once here: the
 * database column, the edition schemas, the admin's selects and their parser take it from here.
 * Its own module so the edition's shape (edition.ts) and the access rule (access-rule.ts) can
 * both name it without importing each other.
 */
export const accessModes = ['open', 'registrants'] as const;
export type AccessMode = (typeof accessModes)[number];

export const isAccessMode = (value: unknown): value is AccessMode => accessModes.some((mode) => mode === value);

/** How the admin's forms offer each mode. */
export const ACCESS_MODE_LABELS: Record<AccessMode, string> = {
  open: 'Open: anyone with the page address gets a window in their browser (every dashboard shows all, as for the top pass)',
  registrants: 'Registrants: day pages and the dashboard need a personal link; passes are enforced',
};

/** The message when a form names no mode, or one that is not listed. */
export const ACCESS_MODE_MESSAGE = `Choose who may open the day pages and the dashboard: ${accessModes.join(' or ')}.`;
