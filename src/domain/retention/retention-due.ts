/**
 * What an edition's retention (docs/PRODUCT.md "Retention", docs/decisions/0085) has due at a
 * moment: pure, so the daily job, the admin's "what will be removed next" and the tests share one
 * rule. Nothing is due while the mode is off or before the summit's end plus the chosen months; a
 * registrant who bought something is never erased (their purchases would go with them), only
 * anonymised, and the name and e-mail kept on each purchase go once its legal period is over.
 * Only the edition's own registrants are looked at, and no rule here changes an amount.
 */
import { TZDate } from '@date-fns/tz';
import type { RetentionSettings } from '../edition-settings/schema.ts';
import { addDays } from '../edition-dates/calendar-days.ts';
import { zonedTimeToInstant } from '../timer.ts';

export interface RetentionEdition {
  id: number;
  /** The summit's last day, an ISO date in `timezone`. */
  summitEndDate: string;
  timezone: string;
  retention: RetentionSettings;
}

/** A registrant as the rule needs them: whether they are anonymised already, and their purchases. */
export interface KeptRegistrant {
  id: number;
  editionId: number;
  anonymised: boolean;
  purchases: readonly KeptPurchase[];
}

export interface KeptPurchase {
  id: number;
  createdAt: Date;
  /** Whether the buyer's name and e-mail are still kept on the purchase (copied there when the registrant was anonymised). */
  holdsBuyer: boolean;
}

export interface RetentionDue {
  erase: number[];
  anonymise: number[];
  /** Purchases whose buyer's name and e-mail are to be removed. */
  stripBuyer: number[];
}

/** `months` calendar months after `instant`, as the wall clock of `timeZone` counts them (the 31st becomes the month's last day). */
export function addMonthsIn(instant: number, months: number, timeZone: string): Date {
  const date = new TZDate(instant, timeZone);
  const day = date.getDate();
  date.setDate(1);
  date.setMonth(date.getMonth() + months);
  const lastDay = new TZDate(date.getFullYear(), date.getMonth() + 1, 0, timeZone).getDate();
  date.setDate(Math.min(day, lastDay));
  return new Date(date.getTime());
}

/** When the summit ends: the start of the day after its last day, in its time zone. */
export function summitEndsAt(edition: Pick<RetentionEdition, 'summitEndDate' | 'timezone'>): number {
  return zonedTimeToInstant(`${addDays(edition.summitEndDate, 1)}T00:00`, edition.timezone);
}

/** When the edition's registrants are due for removal; null while retention is off. */
export function retentionDueAt(edition: RetentionEdition): Date | null {
  if (edition.retention.mode === 'off') return null;
  return addMonthsIn(summitEndsAt(edition), edition.retention.monthsAfterEnd, edition.timezone);
}

/** When a purchase's legal period ends: its buyer's name and e-mail may go then. */
export function accountingEndsAt(edition: RetentionEdition, purchase: Pick<KeptPurchase, 'createdAt'>): Date {
  return addMonthsIn(purchase.createdAt.getTime(), edition.retention.accountingMonths, edition.timezone);
}

/** What is due for `edition` at `now` among `registrants` (any other edition's are left out). */
export function retentionDue(edition: RetentionEdition, registrants: readonly KeptRegistrant[], now: Date): RetentionDue {
  const due: RetentionDue = { erase: [], anonymise: [], stripBuyer: [] };
  const dueAt = retentionDueAt(edition);
  if (!dueAt || now < dueAt) return due;
  for (const registrant of registrants) {
    if (registrant.editionId !== edition.id) continue;
    if (!registrant.anonymised) {
      const erase = edition.retention.mode === 'erase' && registrant.purchases.length === 0;
      (erase ? due.erase : due.anonymise).push(registrant.id);
    }
    for (const purchase of registrant.purchases)
      if ((purchase.holdsBuyer || !registrant.anonymised) && accountingEndsAt(edition, purchase) <= now) due.stripBuyer.push(purchase.id);
  }
  return due;
}

export type NextRemoval =
  | { kind: 'off' }
  | { kind: 'registrants'; at: Date; count: number; mode: 'erase' | 'anonymise' }
  | { kind: 'buyers'; at: Date; count: number }
  | { kind: 'nothing' };

/**
 * The next removal the daily job will make, for the admin: the registrants still kept when the
 * retention date is ahead (or passed and not yet run), else the earliest buyer details whose legal
 * period ends next.
 */
export function nextRemoval(edition: RetentionEdition, registrants: readonly KeptRegistrant[]): NextRemoval {
  const dueAt = retentionDueAt(edition);
  if (!dueAt || edition.retention.mode === 'off') return { kind: 'off' };
  const own = registrants.filter((registrant) => registrant.editionId === edition.id);
  const kept = own.filter((registrant) => !registrant.anonymised);
  if (kept.length) return { kind: 'registrants', at: dueAt, count: kept.length, mode: edition.retention.mode };
  const ends = own
    .flatMap((registrant) => registrant.purchases.filter((purchase) => purchase.holdsBuyer))
    .map((purchase) => accountingEndsAt(edition, purchase).getTime());
  if (!ends.length) return { kind: 'nothing' };
  const first = Math.max(Math.min(...ends), dueAt.getTime());
  return { kind: 'buyers', at: new Date(first), count: ends.filter((end) => end <= first).length };
}
