/**
 * Registering an attendee for an edition. The registrant and their confirmation e-mail are
 * written in one transaction: either both exist or neither. Registering an address twice is
 * not an error and changes nothing (no second row, no second e-mail).
 */
import { formatDayRangeWithYear } from '../../domain/dates.ts';
import type { RegistrationInput } from '../../domain/registration.ts';
import type { Database } from '../db/client.ts';
import { registrants } from '../db/schema.ts';
import { findEdition } from '../content/queries.ts';
import { queueMail } from '../mail/outbox.ts';
import { registrationConfirmation } from '../mail/templates.ts';
import { notifyMailQueued } from '../mail/worker.ts';

export const SUMMIT_NAME = 'The Sacred Business Audio Summit';

export type RegistrationOutcome = { status: 'created' | 'already-registered' } | { status: 'unknown-edition' };

export async function registerAttendee(
  db: Database,
  editionSlug: string,
  input: RegistrationInput,
  siteUrl: string,
): Promise<RegistrationOutcome> {
  const edition = await findEdition(db, editionSlug);
  if (!edition) return { status: 'unknown-edition' };

  const created = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(registrants)
      .values({ editionId: edition.id, firstName: input.firstName, email: input.email, consentedAt: new Date() })
      .onConflictDoNothing({ target: [registrants.editionId, registrants.email] })
      .returning({ id: registrants.id });
    if (!row) return false;
    await queueMail(
      tx,
      registrationConfirmation({
        to: input.email,
        firstName: input.firstName,
        summitName: SUMMIT_NAME,
        summitDates: formatDayRangeWithYear(edition.summitStartDate, edition.summitEndDate),
        siteUrl,
        supportEmail: edition.settings.dashboard.supportEmail,
      }),
    );
    return true;
  });

  if (created) notifyMailQueued();
  return { status: created ? 'created' : 'already-registered' };
}
