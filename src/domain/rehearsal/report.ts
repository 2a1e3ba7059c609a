/**
 * A rehearsal's report (decision 0077): contradictions first, each with the registrant and the
 * moment; then the notes on what the product description itself imposes; then each registrant's
 * timeline (e-mails, pages, feed, outbound calls), which the admin page groups by registrant and
 * by day. The same value is the CLI's --json and the admin's JSON download.
 */
import type { DayGroup } from './moments.ts';

export const findingKinds = [
  'day-mail-and-page',
  'mail-never-sent',
  'price',
  'empty-field',
  'empty-heading',
  'time-zone',
  'link',
  'outbound-consent',
  'held-pass-offered',
  'registration-closed',
] as const;
export type FindingKind = (typeof findingKinds)[number];

export const FINDING_LABELS: Record<FindingKind, string> = {
  'day-mail-and-page': 'A day e-mail and its day page disagree',
  'mail-never-sent': 'A day e-mail timed for a moment its day is closed',
  price: 'A price that is not what the checkout charges',
  'empty-field': 'An empty merge field',
  'empty-heading': 'An empty heading',
  'time-zone': 'A time without its zone, or in another zone than the reader’s',
  link: 'A link that would not open',
  'outbound-consent': 'An outbound call carrying someone without consent',
  'held-pass-offered': 'An offer of a pass they hold',
  'registration-closed': 'Registration refused',
};

export interface Finding {
  kind: FindingKind;
  /** The registrant's key ("free", "upgrades"), or null for the edition as a whole. */
  registrant: string | null;
  /** ISO instant, or null for the edition as a whole. */
  at: string | null;
  /** Where: "E-mail “Day 1 is open”", "Day 2 page", "List sync (Kit)". */
  where: string;
  text: string;
  /** Set when the product description itself imposes it: a note, not a contradiction. */
  imposedBy: string | null;
}

export type TimelineEntry =
  | { kind: 'story'; at: string; day: DayGroup; text: string }
  | {
      kind: 'mail';
      at: string;
      day: DayGroup;
      message: string;
      rule: string;
      /** Null when skipped. */
      subject: string | null;
      prices: string[];
      links: string[];
      skipped: string | null;
    }
  | {
      kind: 'pages';
      at: string;
      day: DayGroup;
      moment: string;
      pages: { page: string; shows: string; offer: string | null }[];
      feed: string[];
    }
  | { kind: 'outbound'; at: string; day: DayGroup; event: string; calls: string[] };

export interface RegistrantReport {
  key: string;
  kind: string;
  label: string;
  timeZone: string;
  registeredAt: string | null;
  /** Why they never got in (registration closed), or null. */
  refused: string | null;
  timeline: TimelineEntry[];
}

export interface RehearsalReport {
  edition: { slug: string; name: string; timezone: string; accessMode: string; currency: string };
  from: string;
  to: string;
  contradictions: Finding[];
  notes: Finding[];
  registrants: RegistrantReport[];
  /** What the rehearsal did not do, said once (links outside the site are not opened unless asked). */
  limits: string[];
}

/** Findings split into contradictions and imposed notes, each in time order, a finding repeated at many moments kept once per registrant and place. */
export function sortFindings(findings: readonly Finding[]): { contradictions: Finding[]; notes: Finding[] } {
  const seen = new Set<string>();
  const kept = [...findings]
    .sort((a, b) => (a.at ?? '').localeCompare(b.at ?? ''))
    .filter((finding) => {
      const key = `${finding.kind}|${finding.registrant}|${finding.where}|${finding.text}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  return { contradictions: kept.filter((finding) => !finding.imposedBy), notes: kept.filter((finding) => finding.imposedBy) };
}

/** A registrant's timeline grouped by the summit day each entry falls on, in the summit's order. */
export function timelineByDay<E extends TimelineEntry>(timeline: readonly E[]): { day: DayGroup; entries: E[] }[] {
  const order: DayGroup[] = ['before', 1, 2, 3, 'after'];
  return order.map((day) => ({ day, entries: timeline.filter((entry) => entry.day === day) })).filter((group) => group.entries.length > 0);
}
