/**
 * A person's data request as the admin's list shows it (docs/decisions/0084): answered, waiting
 * for the person's confirmation, or expired (the erasure link was never confirmed), and whether
 * the answer came within the month the GDPR gives (Art. 12(3)).
 */
export type DataRequestState = 'answered' | 'waiting' | 'expired';

export interface DataRequestRow {
  id: number;
  kind: 'export' | 'erasure';
  source: 'registrant' | 'admin';
  /** Null once the person is erased. */
  email: string | null;
  requestedAt: Date;
  answeredAt: Date | null;
  outcome: string | null;
  state: DataRequestState;
}

export function dataRequestState(row: { answeredAt: Date | null; expiresAt: Date | null }, now: Date): DataRequestState {
  if (row.answeredAt) return 'answered';
  return row.expiresAt && row.expiresAt <= now ? 'expired' : 'waiting';
}

/** The legal limit: one month from the request; the list counts it as 30 days. */
export const ANSWER_WITHIN_DAYS = 30;

/** Whole days from the request to its answer, or null while unanswered. */
export function daysToAnswer(row: Pick<DataRequestRow, 'requestedAt' | 'answeredAt'>): number | null {
  return row.answeredAt ? Math.floor((row.answeredAt.getTime() - row.requestedAt.getTime()) / 86_400_000) : null;
}
