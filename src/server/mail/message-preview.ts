/**
 * The admin's preview of an edition message, saved or a draft (a new message too): for a sample
 * registrant or one chosen from the edition, rendered by the same code that sends, at the moment
 * the message would go to them. It says when that is, and whether the message would be skipped
 * for them and why.
 */
import { and, desc, eq } from 'drizzle-orm';
import { formatDeadline, isPaymentRule } from '../../domain/mail/send-rules.ts';
import { samplePayment } from '../../domain/mail/payment-fields.ts';
import { relativeMoment, sampleRegistrationTime, sendMoment } from '../../domain/mail/send-moment.ts';
import type { Database } from '../db/client.ts';
import { emailSuppressions, mailPreferences, registrants } from '../db/schema.ts';
import type { MessageCategory } from '../../domain/mail/message-kinds.ts';
import type { SendRule } from '../../domain/mail/send-rules.ts';
import { emailBrandFrom, loadEditionFacts, loadMessageEdition, registrantColumns, suppressionOfRegistrant } from './compose-inputs.ts';
import { mergeValues, skipReason, templateFor, type MessageRow, type RegistrantRow } from './compose.ts';
import { linkBuilder } from './personal-links.ts';
import { editionCurrency } from './payment-inputs.ts';
import { replayPaidBy } from '../payments/pricing.ts';
import { personalise, type MessageTemplate } from './render-message.ts';

/** Whom the preview is for: a sample who registers now, or one of the edition's registrants by id. */
export type PreviewRecipient = { kind: 'sample'; firstName: string; email: string } | { kind: 'registrant'; id: number };

export interface MessagePreview extends MessageTemplate {
  to: string;
  /** When the message goes to them, and that moment as the admin reads it. */
  sendsAt: Date;
  sendsAtText: string;
  /** Why they would not get it (not agreed to marketing e-mails, unsubscribed, …), or null. */
  skipped: string | null;
}

/** The registrants the preview can be shown for: the edition's newest, by e-mail. */
export const PREVIEW_CHOICES = 200;

export async function previewChoices(db: Database, editionId: number): Promise<{ id: number; label: string }[]> {
  const rows = await db
    .select({ id: registrants.id, email: registrants.email, firstName: registrants.firstName })
    .from(registrants)
    .where(eq(registrants.editionId, editionId))
    .orderBy(desc(registrants.createdAt), desc(registrants.id))
    .limit(PREVIEW_CHOICES);
  return rows.map((row) => ({ id: row.id, label: `${row.firstName} <${row.email}>` }));
}

/** "registrant:12" → that registrant; anything else → the sample. */
export function parsePreviewRecipient(value: string | null | undefined, sample: { firstName: string; email: string }): PreviewRecipient {
  const match = /^registrant:(\d{1,10})$/.exec(value ?? '');
  return match ? { kind: 'registrant', id: Number(match[1]) } : { kind: 'sample', ...sample };
}

async function chosenRegistrant(db: Database, editionId: number, id: number): Promise<RegistrantRow | null> {
  const [row] = await db
    .select(registrantColumns)
    .from(registrants)
    .leftJoin(mailPreferences, eq(mailPreferences.registrantId, registrants.id))
    .leftJoin(emailSuppressions, suppressionOfRegistrant)
    .where(and(eq(registrants.id, id), eq(registrants.editionId, editionId)))
    .limit(1);
  return row ?? null;
}

function sampleRegistrant(sample: { firstName: string; email: string }, registeredAt: Date): RegistrantRow {
  // Registrant 0 never exists: its links look exactly like a real registrant's and open nothing.
  return {
    id: 0,
    firstName: sample.firstName,
    email: sample.email,
    // Free: the sample is offered every pass, so the preview shows a message's offer (decision 0057).
    tier: 'free',
    createdAt: registeredAt,
    keyVersion: 1,
    keyRevokedAt: null,
    timeZone: null,
    suppressedReason: null,
    suppressedSince: null,
    unsubscribedAt: null,
    consentedAt: registeredAt,
  };
}

/** What the preview renders: a message of the edition as saved, or as the host is writing it. */
export interface MessageDraft {
  editionId: number;
  subject: string;
  body: string;
  rule: SendRule;
  category: MessageCategory;
}

/** The draft as the row the sending code reads (switched on: the preview shows it as it would go). */
async function draftRow(db: Database, draft: MessageDraft, now: Date): Promise<MessageRow> {
  const edition = await loadMessageEdition(db, draft.editionId);
  if (!edition) throw new Error('The message has no edition');
  return {
    id: 0,
    key: 'draft',
    kind: 'custom',
    name: draft.subject,
    enabled: true,
    position: 0,
    createdAt: now,
    updatedAt: now,
    ...draft,
    ...edition,
  };
}

/** A receipt's or refund notice's preview shows a sample payment in the edition's currency. */
async function samplePaymentFor(db: Database, row: MessageRow) {
  const kind = row.rule.kind;
  return isPaymentRule(kind) ? samplePayment(kind, await editionCurrency(db, row.editionId)) : null;
}

/** The message for the recipient, as it would be sent; null when the registrant is not in the edition. */
export async function renderPreview({
  db,
  draft,
  recipient,
  siteUrl,
  now,
}: {
  db: Database;
  draft: MessageDraft;
  recipient: PreviewRecipient;
  siteUrl: string;
  now: Date;
}): Promise<MessagePreview | null> {
  const row = await draftRow(db, draft, now);
  const brand = await emailBrandFrom(db, siteUrl);
  const facts = (await loadEditionFacts(db, [row], brand)).get(row.editionId);
  if (!facts) throw new Error('The message has no edition');
  const person =
    recipient.kind === 'registrant'
      ? await chosenRegistrant(db, row.editionId, recipient.id)
      : sampleRegistrant(recipient, sampleRegistrationTime({ rule: row.rule, windows: facts.windows, now }));
  if (!person) return null;
  const sendsAt = sendMoment({ rule: row.rule, windows: facts.windows, registeredAt: person.createdAt, now });
  const links = (await linkBuilder(db, siteUrl))({ registrantId: person.id, keyVersion: person.keyVersion });
  const replayPaid = person.tier === 'replay' ? ((await replayPaidBy(db, [person.id])).get(person.id) ?? null) : null;
  const rendered = personalise(
    await templateFor({ message: row, registrant: person, brand }, new Map()),
    mergeValues({
      message: row,
      registrant: person,
      facts,
      links,
      brand,
      now: sendsAt,
      payment: await samplePaymentFor(db, row),
      replayPaid,
    }),
  );
  const zone = person.timeZone ?? row.editionTimezone;
  return {
    ...rendered,
    to: person.email,
    sendsAt,
    sendsAtText: `${formatDeadline(sendsAt.getTime(), zone)} (${relativeMoment(sendsAt, now)})`,
    skipped: skipReason({ message: row, registrant: person, facts, now: sendsAt }),
  };
}
