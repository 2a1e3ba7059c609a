/**
 * Why a commission ledger row exists (docs/PRODUCT.md, affiliates): a sale earns, a refund or a
 * dispute reverses in part or whole, a dispute won gives back, a payout pays, an admin adjusts.
 */
export const commissionCauses = ['purchase', 'refund', 'dispute', 'dispute-won', 'payout', 'adjustment'] as const;
export type CommissionCause = (typeof commissionCauses)[number];
