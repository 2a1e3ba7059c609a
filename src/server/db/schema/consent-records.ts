/**
 * Every consent a registrant gave or withdrew (docs/decisions/0084): to the registration's e-mails
 * and to the marketing ones, with the exact words shown, the edition, the time and where it came
 * from (the form, the API, an import, their e-mail choices page). Kept beside registrants.consentedAt
 * (what the sending reads), never rewritten; erased with the registrant.
 */
import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { consentChoices, consentSources, consentTopics } from '../../../domain/registrant-data/consent.ts';
import { identityId, timestampTz } from './columns.ts';
import { editionId } from './editions.ts';
import { registrantId } from './registrants.ts';

export const consentRecords = pgTable(
  'consent_records',
  {
    id: identityId(),
    registrantId: registrantId().notNull(),
    editionId: editionId(),
    topic: text('topic', { enum: consentTopics }).notNull(),
    choice: text('choice', { enum: consentChoices }).notNull(),
    /** The words shown when it was given; null for a withdrawal, or words this site did not show (an API caller's form). */
    wording: text('wording'),
    source: text('source', { enum: consentSources }).notNull(),
    recordedAt: timestampTz('recorded_at').notNull().defaultNow(),
  },
  (t) => [index('consent_records_registrant_idx').on(t.registrantId, t.recordedAt)],
);
