/**
 * Registering an attendee for an edition. The registrant and their confirmation e-mail (the
 * edition's editable "Registration confirmation", rendered when sent) are written in one
 * transaction: either both exist or neither. Marketing consent is recorded only when the
 * optional box was ticked, with its time and wording. Registering an address twice is not an
 * error and changes nothing (no second row, no second e-mail, no consent given for someone else).
 * The registration.created event for the host's webhooks (docs/decisions/0058) is written in the
 * same transaction.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { marketingConsentWording, type RegistrationInput } from '../../domain/registration.ts';
import type { Database } from '../db/client.ts';
import { mailPreferences, registrants } from '../db/schema.ts';
import { readEdition } from '../editions/read-edition.ts';
import { queueEventMessages } from '../outbound/event-mail.ts';
import { wakeOutbound } from '../outbound/wake.ts';
import { accessSecret, buildKey } from '../access/keys.ts';
import { noSource, recordRegistrationSource, type RegistrationSource } from '../attribution/registration-source.ts';
import { recordEvent } from '../webhooks/record-event.ts';
import { recordConsents, type NewConsentRecord } from '../consents/consent-records.ts';
import { REGISTRATION_NOTICE } from '../../domain/registrant-data/consent.ts';

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
   * address was registered.
   */
  | { status: 'already-registered'; registrantId: number; decoy: string }
  | { status: 'unknown-edition' };

/**
 * The consents a new registration records: the registration's own (in the words the form shows
 * under the box; an API caller's form said its own, so none are kept), and the marketing one
 * when the box was ticked, with its words.
 */
function registrationConsents({
  registrantId,
  editionId,
  source,
  now,
  consentWording,
}: {
  registrantId: number;
  editionId: number;
  source: 'form' | 'api';
  now: Date;
  consentWording?: string;
}): NewConsentRecord[] {
  const given = { registrantId, editionId, choice: 'given', source, at: now } as const;
  return [
    { ...given, topic: 'registration', wording: source === 'form' ? REGISTRATION_NOTICE : null },
    ...(consentWording === undefined ? [] : [{ ...given, topic: 'marketing' as const, wording: consentWording }]),
  ];
}
/**
 * Queues the edition's confirmation (and any of the host's own messages sent on registering), due
 * at once on whichever clock the worker reads (a test may have moved either).
 */
async function queueConfirmation(tx: Database, { registrantId, now }: { registrantId: number; now: Date }) {
  const due = new Date(Math.min(now.getTime(), Date.now()));
  await queueEventMessages({ db: tx, registrantId, event: 'registration', eventRef: 'registered', now: due });
}

export async function registerAttendee({
  db,
  editionSlug,
  input,
  moment = { now: new Date(), timeZone: null },
  source,
  sendEmail = true,
  consentSource = 'form',
}: {
  db: Database;
  editionSlug: string;
  input: RegistrationInput;
  moment?: RegistrationMoment;
  /** Where the visitor came from (decision 0038): recorded with a new registration only. */
  source?: RegistrationSource | undefined;
  /** false: no confirmation e-mail (an import, or an API caller that sends its own: docs/decisions/0060). */
  sendEmail?: boolean;
  /** Where the consents came from (docs/decisions/0084): the site's own form, or an API caller's. */
  consentSource?: 'form' | 'api';
}): Promise<RegistrationOutcome> {
  const edition = await readEdition(db, editionSlug, { fresh: true });
  if (!edition) return { status: 'unknown-edition' };

  const secret = await accessSecret(db);
  let decoy = '';
  const consent = input.consent
    ? { consentedAt: moment.now, consentWording: marketingConsentWording(edition.settings.texts.consentTopics) }
    : {};
  const created = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(registrants)
      .values({ editionId: edition.id, firstName: input.firstName, email: input.email, createdAt: moment.now, ...consent })
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
    await recordConsents(
      tx,
      registrationConsents({ registrantId: row.id, editionId: edition.id, source: consentSource, now: moment.now, ...consent }),
    );
    if (moment.timeZone) await tx.insert(mailPreferences).values({ registrantId: row.id, timeZone: moment.timeZone });
    const recorded = source ? await recordRegistrationSource(tx, { registrantId: row.id, editionId: edition.id, source }) : noSource;
    if (sendEmail) await queueConfirmation(tx, { registrantId: row.id, now: moment.now });
    await recordEvent(tx, {
      type: 'registration.created',
      editionId: edition.id,
      now: moment.now,
      data: {
        registrantId: row.id,
        editionSlug: edition.slug,
        email: input.email,
        firstName: input.firstName,
        consent: { marketing: input.consent, consentedAt: input.consent ? moment.now.toISOString() : null },
        source: recorded,
      },
    });
    return { registrantId: row.id, key };
  });

  if (created) {
    if (sendEmail) wakeOutbound();
    return { status: 'created', ...created };
  }
  const [existing] = await db
    .select({ id: registrants.id })
    .from(registrants)
    .where(and(eq(registrants.editionId, edition.id), eq(registrants.email, input.email)))
    .limit(1);
  return existing ? { status: 'already-registered', registrantId: existing.id, decoy } : { status: 'unknown-edition' };
}
