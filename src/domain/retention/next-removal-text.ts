/**
 * The admin's one line on an edition's retention (docs/PRODUCT.md "Retention"): what the daily job
 * removes next and when, in the edition's time zone, or that nothing will be.
 */
import { formatZonedDateTime } from '../dates.ts';
import type { NextRemoval } from './retention-due.ts';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** When: "on 18 Aug 2025, 00:00 AEST", or "at the next daily run" once the moment has passed. */
function when(at: Date, now: Date, timeZone: string): string {
  return at <= now
    ? 'at the next daily run (it was due on ' + formatZonedDateTime(at, timeZone) + ')'
    : `on ${formatZonedDateTime(at, timeZone)}`;
}

export function nextRemovalText(next: NextRemoval, { now, timeZone }: { now: Date; timeZone: string }): string {
  switch (next.kind) {
    case 'off':
      return 'Retention is off: this edition’s registrants are kept until you remove them.';
    case 'nothing':
      return 'Nothing is left to remove: every registrant has been anonymised or erased, and no purchase keeps a buyer’s name.';
    case 'registrants': {
      const verb = next.mode === 'erase' ? 'erase (buyers: anonymise)' : 'anonymise';
      return `Next: ${when(next.at, now, timeZone)}, the daily job will ${verb} ${plural(next.count, 'registrant', 'registrants')}.`;
    }
    case 'buyers':
      return `Next: ${when(next.at, now, timeZone)}, the daily job will remove the buyer’s name and e-mail from ${plural(next.count, 'purchase', 'purchases')} (amounts and invoices stay).`;
  }
}
