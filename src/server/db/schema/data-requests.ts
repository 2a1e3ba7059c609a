/**
 * Registrants' data requests (docs/decisions/0084): each copy of their data (an export) and each
 * erasure they asked for, with when it was asked and when it was answered, so the host can show
 * every request was answered within the month the law gives. An erasure waits for the link sent
 * to the address (only the token's SHA-256 is kept); once done, the address is blanked too.
 */
import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { identityId, timestampTz } from './columns.ts';

export const dataRequests = pgTable(
  'data_requests',
  {
    id: identityId(),
    kind: text('kind', { enum: ['export', 'erasure'] }).notNull(),
    /** Who made it: the registrant on their "Your data" page, or an admin for someone who asked by e-mail. */
    source: text('source', { enum: ['registrant', 'admin'] }).notNull(),
    /** The person (an address across editions); null once they are erased. */
    email: text('email'),
    requestedAt: timestampTz('requested_at').notNull().defaultNow(),
    answeredAt: timestampTz('answered_at'),
    /** What answering it did, in plain words ("Erased 2 registrations"). */
    outcome: text('outcome'),
    /** An erasure's confirmation link: its SHA-256 and when it stops working. */
    tokenHash: text('token_hash'),
    expiresAt: timestampTz('expires_at'),
    registrations: integer('registrations').notNull().default(0),
  },
  (t) => [uniqueIndex('data_requests_token_key').on(t.tokenHash), index('data_requests_requested_idx').on(t.requestedAt)],
);
