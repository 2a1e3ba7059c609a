/**
 * Registering an attendee for an edition. The registrant and their confirmation e-mail are
 * written in one transaction: either both exist or neither. Registering an address twice is
 * not an error and changes nothing (no second row, no second e-mail).
 */
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { formatDayRangeWithYear } from '../../domain/dates.ts';
import type { RegistrationInput } from '../../domain/registration.ts';
import type { Database } from '../db/client.ts';
import { mailPreferences, registrants } from '../db/schema.ts';
import { readEdition } from '../editions/read-edition.ts';
import { queueMail } from '../mail/outbox.ts';
import { registrationConfirmation } from '../mail/templates.ts';
import { notifyMailQueued } from '../mail/worker.ts';
import type { MailContext } from '../mail/context.ts';
import { accessSecret, buildKey } from '../access/keys.ts';
import { mailLinks } from '../access/registrant-mail.ts';

export type { MailContext };

/** When the registration happens (the test clock in tests) and the browser's time zone, if it sent one. */
export interface RegistrationMoment {
  now: Date;
  timeZone: string | null;
}

export type RegistrationOutcome =
  /** key: the new registrant's personal key, to sign this browser in at once. */
  | { status: 'created'; registrantId: number; key: string }
  /**
   * Nothing is signed in: typing someone's address must never open their access. decoy: a key
   * of the same shape that opens nothing (the id this attempt used up, as a new registrant's
   * would be), set as the cookie a new registrant gets, so the answer does not say whether the
   * address was registered (issue 27, item 3).
   */
  | { status: 'already-registered'; registrantId: number; decoy: string }
  | { status: 'unknown-edition' };

export async function registerAttendee({
  db,
  editionSlug,
  input,
  mail,
  moment = { now: new Date(), timeZone: null },
}: {
  db: Database;
  editionSlug: string;
  input: RegistrationInput;
  mail: MailContext;
  moment?: RegistrationMoment;
}): Promise<RegistrationOutcome> {
  const edition = await readEdition(db, editionSlug, { fresh: true });
  if (!edition) return { status: 'unknown-edition' };

  const secret = await accessSecret(db);
  let decoy = '';
  const created = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(registrants)
      .values({ editionId: edition.id, firstName: input.firstName, email: input.email, consentedAt: moment.now, createdAt: moment.now })
      .onConflictDoNothing({ target: [registrants.editionId, registrants.email] })
      .returning({ id: registrants.id, keyVersion: registrants.keyVersion });
    if (!row) {
      // The insert used up an id all the same; no registrant will ever have it.
      const used = await tx.execute(sql`select currval(pg_get_serial_sequence('registrants', 'id')) as id`);
      const id = (used as unknown as { rows: { id: string | number }[] }).rows[0]?.id ?? 0;
      decoy = `${Number(id)}-${randomBytes(24).toString('base64url')}`;
      return null;
    }
    const key = buildKey(secret, row.id, row.keyVersion);
    if (moment.timeZone) await tx.insert(mailPreferences).values({ registrantId: row.id, timeZone: moment.timeZone });
    await queueMail(
      tx,
      registrationConfirmation({
        to: input.email,
        firstName: input.firstName,
        summitName: mail.summitName,
        summitDates: formatDayRangeWithYear(edition.summitStartDate, edition.summitEndDate),
        siteUrl: mail.siteUrl,
        supportEmail: mail.supportEmail ?? edition.settings.dashboard.supportEmail,
        links: mailLinks(mail.siteUrl, key),
      }),
      // Due at once on whichever clock the worker reads (a test may have moved either).
      new Date(Math.min(moment.now.getTime(), Date.now())),
    );
    return { registrantId: row.id, key };
  });

  if (created) {
    notifyMailQueued();
    return { status: 'created', ...created };
  }
  const [existing] = await db
    .select({ id: registrants.id })
    .from(registrants)
    .where(and(eq(registrants.editionId, edition.id), eq(registrants.email, input.email)))
    .limit(1);
  return existing ? { status: 'already-registered', registrantId: existing.id, decoy } : { status: 'unknown-edition' };
}
