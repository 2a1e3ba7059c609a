/**
 * The admin's home (docs/PRODUCT.md "Admin"): one edition's figures at a glance, each a link to
 * the screen that explains it. The numbers are the insights' own (src/server/insights), read by
 * the same queries; this module only says which figures there are, their words and their links.
 */
import type { AdminNavEdition } from '../admin.ts';
import { instantToLocalDateTime } from '../edition-dates/zoned-time.ts';
import type { DayCount } from '../insights/registrations-chart.ts';
import type { MailCounts, PassSales } from '../insights/edition-insights.ts';
import { formatRevenue } from '../insights/revenue.ts';
import { DELIVERY_THRESHOLDS, formatRate, type Deliverability } from '../mail/deliverability.ts';
import type { RegistrantTier } from '../entities.ts';
import type { FirstRunStep } from './first-run.ts';

export interface DashboardNumbers {
  /** The edition, with what it calls each pass. */
  edition: { slug: string; name: string; timezone: string; passNames: Record<RegistrantTier, string> };
  /** The calendar day it is now in the edition's time zone ("2025-07-01"). */
  today: string;
  registrationsToday: number;
  registrations: number;
  /** Registrants who opened the day 1 page at least once. */
  openedDay1: number;
  /** Registrants with at least one counted download (the insights' funnel step "Listened"). */
  listeners: number;
  passes: PassSales[];
  mail: Pick<MailCounts, 'pending' | 'failed'>;
  /** How the edition's mail is received (docs/decisions/0089), or null before any was sent. */
  deliverability: Deliverability | null;
  /** The edition's webhook deliveries given up on or waiting for a retry after a failed attempt. */
  failingDeliveries: number;
}

export interface DashboardFigure {
  /** Stable name for tests and anchors ("registrations-today", "pass-aap", ...). */
  key: string;
  label: string;
  value: string;
  /** What the number counts, under it. */
  note?: string;
  href: string;
}

/** What the admin's home shows. */
export type AdminHomeState = {
  editions: AdminNavEdition[];
  /** The edition the home page shows (the figures' default). */
  homeSlug: string;
  /** The first-run checklist while a step is open (./first-run.ts), else null. */
  firstRun: FirstRunStep[] | null;
} & (
  | { kind: 'figures'; edition: AdminNavEdition; figures: DashboardFigure[] }
  /** `?edition=` named no edition: said plainly, with the switch to the real ones. */
  | { kind: 'unknown-edition'; slug: string }
  /** A site without any edition yet (started without the demo): the checklist leads. */
  | { kind: 'no-editions' }
);

/** The calendar day of `now` in `timeZone`, as the insights write days ("2025-07-01"). */
export function dayIn(now: Date, timeZone: string): string {
  return instantToLocalDateTime(now, timeZone).slice(0, 10);
}

/** The registrations on one day of the insights' registrations per day (0 when nobody registered that day). */
export function registrationsOn(perDay: readonly DayCount[], day: string): number {
  return perDay.find((row) => row.day === day)?.count ?? 0;
}

/** The figures in the order the home page shows them, each linked to the screen that explains it. */
export function dashboardFigures(numbers: DashboardNumbers): DashboardFigure[] {
  const slug = encodeURIComponent(numbers.edition.slug);
  const insights = (section: string) => `/admin/insights?edition=${slug}#${section}`;
  const messages = `/admin/editions/${slug}/messages`;
  return [
    {
      key: 'registrations-today',
      label: 'Registrations today',
      value: String(numbers.registrationsToday),
      note: `${numbers.today}, ${numbers.edition.timezone}`,
      href: insights('per-day-heading'),
    },
    {
      key: 'registrations',
      label: 'Registrations in total',
      value: String(numbers.registrations),
      href: `/admin/registrants?edition=${slug}`,
    },
    {
      key: 'opened-day-1',
      label: 'Opened day 1',
      value: String(numbers.openedDay1),
      note: 'registrants',
      href: insights('opened-heading'),
    },
    {
      key: 'listeners',
      label: 'Listeners',
      value: String(numbers.listeners),
      note: 'registrants who listened',
      href: insights('funnel-heading'),
    },
    ...numbers.passes.map((sales) => ({
      key: `pass-${sales.pass}`,
      label: `${numbers.edition.passNames[sales.pass]} sold`,
      value: String(sales.sold),
      note: `revenue ${formatRevenue(sales.revenue)}`,
      href: insights('passes-heading'),
    })),
    { key: 'mail-waiting', label: 'E-mails waiting', value: String(numbers.mail.pending), href: messages },
    { key: 'mail-failed', label: 'E-mails failed', value: String(numbers.mail.failed), href: messages },
    ...deliverabilityFigures(numbers.deliverability, messages),
    { key: 'webhooks-failing', label: 'Failing webhook deliveries', value: String(numbers.failingDeliveries), href: '/admin/webhooks' },
  ];
}

/** The bounce and complaint rates against their published limits; a rate above its limit says so in its note. */
function deliverabilityFigures(figures: Deliverability | null, href: string): DashboardFigure[] {
  // Before anything was handed to a receiving server there is no rate to show.
  if (!figures || figures.attempted === 0) return [];
  const { bounceRate, complaintRate } = DELIVERY_THRESHOLDS;
  const note = (rate: number | null, limit: number) =>
    `${rate !== null && rate > limit ? 'Above' : 'Limit'} ${formatRate(limit)}${figures.early ? ', from few e-mails yet' : ''}`;
  return [
    {
      key: 'bounce-rate',
      label: 'Bounce rate',
      value: formatRate(figures.bounceRate),
      note: note(figures.bounceRate, bounceRate.limit),
      href,
    },
    {
      key: 'complaint-rate',
      label: 'Complaint rate',
      value: formatRate(figures.complaintRate),
      note: note(figures.complaintRate, complaintRate.limit),
      href,
    },
  ];
}
