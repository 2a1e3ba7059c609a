/** What the admin's "Rehearse the summit" page shows (decision 0077): built by src/server/rehearsal/rehearsal-screen.ts. */
import type { CastKind } from './cast.ts';
import type { RehearsalReport } from './report.ts';

export interface RehearsalScreen {
  editionName: string;
  slug: string;
  kinds: { value: CastKind; label: string; checked: boolean }[];
  /** The host's own additions as typed ("free:America/New_York, pass-aap"). */
  more: string;
  error: string | null;
  /** Whether the links outside the site are opened too (the CLI's --check-links). */
  checkLinks: boolean;
  report: RehearsalReport | null;
  /** The same rehearsal as a JSON download. */
  jsonHref: string;
}
