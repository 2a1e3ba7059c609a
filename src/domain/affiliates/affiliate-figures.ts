/**
 * One affiliate's figures as the Affiliates screen, the payouts CSV and their own page show them
 * (docs/PRODUCT.md "Affiliates"; decision 0066): built by src/server/affiliates/affiliate-figures.ts
 * from the registrations, the sales credited to them and their commission ledger.
 */
import type { Balances } from './balances.ts';

/** Who the affiliate is: a speaker's or host's share link, a partner the host added, or a removed person's link. */
export type AffiliateKind = 'speaker' | 'host' | 'partner' | 'unlisted';

export const AFFILIATE_KIND_LABELS: Record<AffiliateKind, string> = {
  speaker: 'Speaker',
  host: 'Host',
  partner: 'Partner',
  unlisted: 'No longer listed',
};

export interface AffiliateFigures {
  linkId: number;
  code: string;
  name: string;
  /** A partner's address; '' for speakers and hosts (their links carry none). */
  email: string;
  kind: AffiliateKind;
  /** Their own rate in basis points; null: the edition's. */
  ownRateBp: number | null;
  /** The rate their next sale earns. */
  rateBp: number;
  /** Visitors that followed their link, each once a day (src/server/attribution/share-link-clicks.ts). */
  clicks: number;
  registrations: number;
  /** Passes credited to them and not taken back. */
  passes: number;
  /** What those passes brought, less what was refunded, in the edition currency's minor units. */
  revenue: number;
  /** Passes the affiliate bought through their own link: counted apart, no commission booked ("own purchase", decision 0069). */
  ownPurchases: number;
  balances: Balances;
  /** Whether any commission row names them (a partner with rows cannot be deleted). */
  hasLedger: boolean;
}

export interface EditionAffiliates {
  /** The edition's one currency (settings.checkout.currency). */
  currency: string;
  defaultRateBp: number;
  affiliates: AffiliateFigures[];
}

/** The CSV's columns, exactly as the host's accounting expects them. */
export const PAYOUTS_CSV_COLUMNS = [
  'code',
  'name',
  'email',
  'passes',
  'revenue',
  'commission_pending',
  'commission_approved',
  'commission_paid',
  'commission_owed',
  'currency',
] as const;

/** An affiliate as Admin → Affiliates lists them: their figures, links, and fresh tokens for the money forms. */
export interface AffiliateScreenRow extends AffiliateFigures {
  /** `{site}/r/{code}`. */
  shareUrl: string;
  /** Their private page, or null while it is revoked. */
  pageUrl: string | null;
  /** The cause keys the "Mark paid" and "Adjustment" forms carry (decision 0066: a form sent twice books once). */
  payoutToken: string;
  adjustmentToken: string;
}

/** What Admin → Affiliates shows (the server's src/server/affiliates/affiliates-screen.ts). */
export interface AffiliatesScreenState {
  edition: { slug: string; name: string };
  editions: { slug: string; name: string }[];
  currency: string;
  defaultRateBp: number;
  /** Today in the edition's time zone: a payout's default date. */
  today: string;
  leaderboardWidget: boolean;
  widgetUrl: string;
  rows: AffiliateScreenRow[];
  message?: string | undefined;
  problem?: string | undefined;
  errors?: Partial<Record<string, string>> | undefined;
  refused?: { action: string; id: number | null; values: Record<string, string> } | undefined;
}
