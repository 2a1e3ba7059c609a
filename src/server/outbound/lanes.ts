/**
 * The lanes of the outbound queue (docs/decisions/0075). A kind's rows may carry a priority, lowest
 * claimed first: an e-mail somebody is waiting for (a confirmation, the access links, a payment
 * receipt) is transactional and leaves before any bulk copy of an edition's messages, however many
 * are due. A kind may also cap its jobs in flight per key (a delivery's endpoint), so one receiver
 * that never answers holds only its own slots.
 */
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** mail_outbox.priority: what an event sends to one person. */
export const TRANSACTIONAL = 0;
/** mail_outbox.priority: the scheduled copies of an edition's messages (the column's default). */
export const BULK = 1;

/** At most `limit` jobs in flight for each value of `column` (per process). */
export interface PerKeyLimit {
  column: AnyPgColumn;
  limit: number;
  /** The key of a claimed row (the same value as `column`). */
  keyOf(job: unknown): number;
}
