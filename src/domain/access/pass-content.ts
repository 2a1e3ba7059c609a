/**
 * What a pass unlocks, as data: the implementation-session links (docs/PRODUCT.md "Audience tiers and passes", "AAP holders can open the implementation session link"). In a `registrants` edition
 * they appear only where the access rule gives the dashboard context; a public answer (the content
 * API, the embeds) never carries them. An `open` edition shows them as docs/PRODUCT.md "Widgets and embeds" describes.
 */
import type { AccessMode } from './access-modes.ts';

export const PASS_ONLY_FIELDS: ReadonlySet<string> = new Set(['integrationSessionLink']);

/** Whether a public answer for an edition in this mode may carry what a pass unlocks. */
export function publicMayCarryPassContent(mode: AccessMode): boolean {
  return mode === 'open';
}

/** A copy of each row with what a pass unlocks set to null (top-level fields, as the rows hold them). */
export function withoutPassContent<T extends object>(rows: readonly T[]): T[] {
  return rows.map((row) => {
    const copy = { ...row } as Record<string, unknown>;
    for (const field of PASS_ONLY_FIELDS) if (field in copy) copy[field] = null;
    return copy as T;
  });
}
