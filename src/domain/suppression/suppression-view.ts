/**
 * The admin's view of the suppression list (docs/decisions/0082): what a POST to the screen may ask
 * for, and each suppression as the screen and a registrant's page show it.
 */
import { z } from 'zod';
import { minuteUtc } from '../api/token-view.ts';
import { SUPPRESSION_REASON_LABELS, type SuppressionReason } from './suppression.ts';

/** What a POST to /admin/suppressions may ask for: stop e-mail to an address, or lift a suppression. */
export const suppressionActions = z.enum(['add', 'lift']);
export type SuppressionAction = z.infer<typeof suppressionActions>;

export interface SuppressionView {
  id: number;
  address: string;
  reason: SuppressionReason;
  /** "hard bounce", "complaint", … */
  reasonText: string;
  detail: string;
  since: string;
  liftedAt: string | null;
  liftedBy: string | null;
}

export function suppressionView(row: {
  id: number;
  address: string;
  reason: SuppressionReason;
  detail: string;
  since: Date;
  liftedAt: Date | null;
  liftedBy: string | null;
}): SuppressionView {
  return {
    id: row.id,
    address: row.address,
    reason: row.reason,
    reasonText: SUPPRESSION_REASON_LABELS[row.reason],
    detail: row.detail,
    since: minuteUtc(row.since),
    liftedAt: row.liftedAt ? minuteUtc(row.liftedAt) : null,
    liftedBy: row.liftedBy,
  };
}
