/**
 * What an affiliate reads about their own commission on their private page (docs/PRODUCT.md
 * "Affiliates"; decision 0066): their rate, balances and ledger lines, never anyone else's.
 * Built by src/server/affiliates/own-page.ts, shown by src/views/SpeakerPage.tsx.
 */
import type { CommissionCause } from './commission-causes.ts';

export const CAUSE_LABELS: Record<CommissionCause, string> = {
  purchase: 'Sale',
  refund: 'Refund',
  dispute: 'Dispute opened',
  'dispute-won': 'Dispute won',
  payout: 'Payout',
  adjustment: 'Adjustment',
};

export interface CommissionLine {
  /** The day it happened, in the edition's time zone (YYYY-MM-DD). */
  date: string;
  cause: CommissionCause;
  /** The pass sold, by the edition's name for it; null for a payout or an adjustment. */
  pass: string | null;
  /** Signed, formatted in the edition's currency. */
  amount: string;
  /** "Pending until 2026-12-27", "Approved" or "Paid". */
  state: string;
  /** A payout's reference or an adjustment's reason. */
  note: string | null;
}

export interface OwnCommission {
  rate: string;
  passes: number;
  revenue: string;
  pending: string;
  approved: string;
  paid: string;
  owed: string;
  lines: CommissionLine[];
  /** More lines exist than are shown (the newest are). */
  more: boolean;
}
