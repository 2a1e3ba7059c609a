/**
 * A registrant whose address bounced corrects it (docs/decisions/0082): from their dashboard they
 * give a new address; a link goes to it; the change applies only when that link is opened and
 * confirmed (a GET changes nothing: link checkers open every URL), once, within a day. The new
 * address must be one the site takes and not another registration's of the same edition.
 */
import { and, eq, gt, isNull } from 'drizzle-orm';
import { EMAIL_CONTROL_MESSAGE, hasControlCharacter, isEmailAddress, normalisedEmail } from '../../domain/email-address.ts';
import type { Database } from '../db/client.ts';
import { emailAddressChanges, registrants } from '../db/schema.ts';
import { violatesUniqueIndex } from '../db/unique-violation.ts';
import { queueMail } from '../mail/outbox.ts';
import { linkTokenHash, newLinkToken } from './link-tokens.ts';

/** How long the confirmation link works. */
export const ADDRESS_CHANGE_HOURS = 24;
const REGISTRANT_EMAIL_INDEX = 'registrants_edition_email_key';

export type AddressChangeAsked = { ok: true; email: string } | { ok: false; problem: string };

/** Checks the new address and sends the confirmation link to it. */
export async function askAddressChange(
  db: Database,
  {
    registrant,
    typed,
    siteUrl,
    now,
  }: { registrant: { id: number; editionId: number; email: string }; typed: string; siteUrl: string; now: Date },
): Promise<AddressChangeAsked> {
  const trimmed = typed.trim();
  if (hasControlCharacter(trimmed)) return { ok: false, problem: EMAIL_CONTROL_MESSAGE };
  const email = normalisedEmail(trimmed);
  if (!isEmailAddress(email)) return { ok: false, problem: 'Enter an e-mail address, such as name@example.com.' };
  if (email === registrant.email) return { ok: false, problem: 'That is the address you registered with. Enter another one.' };
  const [taken] = await db
    .select({ id: registrants.id })
    .from(registrants)
    .where(and(eq(registrants.editionId, registrant.editionId), eq(registrants.email, email)))
    .limit(1);
  if (taken) return { ok: false, problem: 'That address is already registered for this summit.' };
  const { token, tokenHash, expiresAt } = newLinkToken(now, ADDRESS_CHANGE_HOURS);
  const link = new URL(`/email-address/${token}`, siteUrl).toString();
  await db.transaction(async (tx) => {
    await tx.insert(emailAddressChanges).values({
      registrantId: registrant.id,
      newEmail: email,
      tokenHash,
      expiresAt,
    });
    await queueMail(
      tx,
      {
        to: email,
        subject: 'Confirm your new address for the summit',
        text: `To receive the summit's e-mails at this address, open this link and confirm:\n\n${link}\n\nIt works once, for ${ADDRESS_CHANGE_HOURS} hours. If you did not ask for this, ignore this e-mail.`,
        html: `<p>To receive the summit's e-mails at this address, open this link and confirm:</p><p><a href="${link}">${link}</a></p><p>It works once, for ${ADDRESS_CHANGE_HOURS} hours. If you did not ask for this, ignore this e-mail.</p>`,
      },
      now,
    );
  });
  return { ok: true, email };
}

/** The change a link asks for while it may still be confirmed, or null (unknown, used or expired). */
export async function pendingAddressChange(db: Pick<Database, 'select'>, token: string, now: Date) {
  if (!/^[\w-]{43}$/.test(token)) return null;
  const [row] = await db
    .select({ id: emailAddressChanges.id, registrantId: emailAddressChanges.registrantId, newEmail: emailAddressChanges.newEmail })
    .from(emailAddressChanges)
    .where(
      and(
        eq(emailAddressChanges.tokenHash, linkTokenHash(token)),
        isNull(emailAddressChanges.usedAt),
        gt(emailAddressChanges.expiresAt, now),
      ),
    )
    .limit(1);
  return row ?? null;
}

export type AddressChangeConfirmed = { ok: true; email: string } | { ok: false; reason: 'invalid' | 'taken' };

/** Applies the change once: the link is used up in the same transaction. */
export async function confirmAddressChange(db: Database, token: string, now: Date): Promise<AddressChangeConfirmed> {
  try {
    return await db.transaction(async (tx): Promise<AddressChangeConfirmed> => {
      const change = await pendingAddressChange(tx, token, now);
      if (!change) return { ok: false, reason: 'invalid' };
      const used = await tx
        .update(emailAddressChanges)
        .set({ usedAt: now })
        .where(and(eq(emailAddressChanges.id, change.id), isNull(emailAddressChanges.usedAt)))
        .returning({ id: emailAddressChanges.id });
      if (!used.length) return { ok: false, reason: 'invalid' };
      await tx.update(registrants).set({ email: change.newEmail }).where(eq(registrants.id, change.registrantId));
      return { ok: true, email: change.newEmail };
    });
  } catch (error) {
    // Registered meanwhile at that address in the same edition: nothing changed.
    if (violatesUniqueIndex(error, REGISTRANT_EMAIL_INDEX)) return { ok: false, reason: 'taken' };
    throw error;
  }
}
