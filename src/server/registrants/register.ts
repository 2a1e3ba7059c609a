/**
 * Registering an attendee for an edition. The registrant and their confirmation e-mail are
 * written in one transaction: either both exist or neither. Registering an address twice is
 * not an error and changes nothing (no second row, no second e-mail).
 */
import { formatDayRangeWithYear } from '../../domain/dates.ts';
import type { RegistrationInput } from '../../domain/registration.ts';
import type { Database } from '../db/client.ts';
import { registrants } from '../db/schema.ts';
import { findEdition } from '../editions/edition-queries.ts';
import { queueMail } from '../mail/outbox.ts';
import { registrationConfirmation } from '../mail/templates.ts';
import { notifyMailQueued } from '../mail/worker.ts';

/** What the confirmation mail says about the site: its address and the brand's name and support e-mail. */
export interface MailContext {
  siteUrl: string;
  summitName: string;
  /** The brand's support e-mail; the edition's when the brand sets none. */
  supportEmail: string | null;
}

export type RegistrationOutcome = { status: 'created' | 'already-registered' } | { status: 'unknown-edition' };

export async function registerAttendee(
  db: Database,
  editionSlug: string,
  input: RegistrationInput,
  mail: MailContext,
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
        summitName: mail.summitName,
        summitDates: formatDayRangeWithYear(edition.summitStartDate, edition.summitEndDate),
        siteUrl: mail.siteUrl,
        supportEmail: mail.supportEmail ?? edition.settings.dashboard.supportEmail,
      }),
    );
    return true;
  });

  if (created) notifyMailQueued();
  return { status: created ? 'created' : 'already-registered' };
}
