/**
 * Personal pages (day pages, dashboards) are rendered once per shared context as a shell with a
 * slot, and each request fills the slot with what is the visitor's own (the access banner with
 * its countdown values and deadline). Pure: the marker and the fill.
 */

/** The slot as React renders it (src/components/PersonalSlot.tsx). */
export const PERSONAL_SLOT_MARKUP = '<div data-personal-slot="banner"></div>';

/** A rendered page split at its slot. */
export interface Shell {
  before: string;
  after: string;
}

/** The rendered page split at its one slot, or null when the slot is missing or repeated. */
export function splitAtSlot(html: string): Shell | null {
  const at = html.indexOf(PERSONAL_SLOT_MARKUP);
  if (at === -1 || html.indexOf(PERSONAL_SLOT_MARKUP, at + 1) !== -1) return null;
  return { before: html.slice(0, at), after: html.slice(at + PERSONAL_SLOT_MARKUP.length) };
}

export function fillShell(shell: Shell, personalHtml: string): string {
  return shell.before + personalHtml + shell.after;
}
