/**
 * A partner the host adds as an affiliate (docs/PRODUCT.md "Affiliates"; decision 0066): a name,
 * an e-mail address, a share code (the rules of every share link, decision 0038) and an optional
 * rate of their own. Read into values or messages by field; nothing is stored half.
 */
import { shareCodeSchema } from '../attribution/share-code.ts';
import { isEmailAddress } from '../email-address.ts';
import type { FieldErrors, Reading } from './ledger-input.ts';
import { parseRatePercent } from './rates.ts';

export interface PartnerTyped {
  name: string;
  email: string;
  code: string;
  rate: string;
}

export interface PartnerValues {
  name: string;
  email: string;
  code: string;
  /** Basis points; null: the edition's rate. */
  rateBp: number | null;
}

export type PartnerField = keyof PartnerTyped;

const MAX_NAME = 100;

/**
 * A new partner (`withCode`), a partner's edit (`withContact`: name and e-mail) or a speaker's or
 * host's edit (the rate alone: their names come from their people, their links carry no address).
 */
export function readPartner(
  typed: PartnerTyped,
  { withCode, withContact }: { withCode: boolean; withContact: boolean },
): Reading<PartnerValues, PartnerField> {
  const errors: FieldErrors<PartnerField> = {};
  const name = typed.name.trim();
  const email = typed.email.trim();
  if (withContact) {
    if (!name) errors.name = 'Give the partner’s name, as it should appear on the leaderboard.';
    else if (name.length > MAX_NAME) errors.name = `Keep the name under ${MAX_NAME} characters.`;
    if (!isEmailAddress(email)) errors.email = 'Give an e-mail address, like partner@example.com.';
  }
  const code = withCode ? shareCodeSchema.safeParse(typed.code) : null;
  if (code && !code.success) errors.code = code.error.issues[0]?.message ?? 'Check the code.';
  const rate = parseRatePercent(typed.rate, { optional: true });
  if (!rate.ok) errors.rate = rate.message;
  if (Object.keys(errors).length || !rate.ok) return { ok: false, errors };
  return { ok: true, value: { name, email, code: code?.success ? code.data : '', rateBp: rate.bp } };
}
