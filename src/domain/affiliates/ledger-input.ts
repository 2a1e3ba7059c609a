/**
 * What the admin types to pay an affiliate or adjust their commission (docs/PRODUCT.md
 * "Affiliates"; decision 0066), read into ledger amounts or messages by field. Amounts are typed in
 * major units of the edition's currency and read by src/domain/money.ts. Every form carries a
 * token made when the screen was shown: it is the row's cause key, so a form sent twice books once.
 */
import { formatMoney, majorAmount, parseMajorAmount } from '../money.ts';

export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;
export type Reading<Value, Field extends string> = { ok: true; value: Value } | { ok: false; errors: FieldErrors<Field> };

const TOKEN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const EXPIRED = 'This form could not be read; open the screen again and retry.';
const MAX_REFERENCE = 200;

export interface PayoutTyped {
  amount: string;
  reference: string;
  date: string;
  token: string;
  /** "Pay in advance" ticked: more than the approved balance on purpose. */
  advance: boolean;
}

export interface Payout {
  amount: number;
  reference: string;
  /** The day paid, YYYY-MM-DD. */
  date: string;
  token: string;
}

export type PayoutField = 'amount' | 'reference' | 'date' | 'form';

interface PayoutContext {
  currency: string;
  /** Payable now (balances.ts approved). */
  approved: number;
  /** Today in the edition's time zone, YYYY-MM-DD. */
  today: string;
}

function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

function payoutAmountError(amount: number | null, typed: PayoutTyped, context: PayoutContext): string | undefined {
  if (amount === null) return `Type the amount paid, like ${majorAmount(12050, context.currency)}.`;
  if (amount === 0) return 'A payout is more than zero.';
  if (amount > context.approved && !typed.advance)
    return `That is more than the approved balance (${formatMoney(context.approved, context.currency)}). Tick “Pay in advance” to pay more on purpose: the difference is then owed back until commissions are approved.`;
  return undefined;
}

export function readPayout(typed: PayoutTyped, context: PayoutContext): Reading<Payout, PayoutField> {
  const errors: FieldErrors<PayoutField> = {};
  const amount = parseMajorAmount(typed.amount, context.currency);
  const amountError = payoutAmountError(amount, typed, context);
  if (amountError) errors.amount = amountError;
  const reference = typed.reference.trim();
  if (!reference) errors.reference = 'Give the payment’s reference (a bank transfer or PayPal id), so it can be found later.';
  else if (reference.length > MAX_REFERENCE) errors.reference = `Keep the reference under ${MAX_REFERENCE} characters.`;
  const date = typed.date.trim();
  if (!isCalendarDate(date)) errors.date = 'Give the date paid, like 2026-11-27.';
  else if (date > context.today) errors.date = 'The date paid cannot be after today.';
  if (!TOKEN.test(typed.token)) errors.form = EXPIRED;
  if (Object.keys(errors).length || amount === null) return { ok: false, errors };
  return { ok: true, value: { amount, reference, date, token: typed.token } };
}

export interface AdjustmentTyped {
  amount: string;
  reason: string;
  token: string;
}

export interface Adjustment {
  /** Signed: + adds to what the affiliate earned, - takes away. */
  amount: number;
  reason: string;
  token: string;
}

export type AdjustmentField = 'amount' | 'reason' | 'form';

export function readAdjustment(typed: AdjustmentTyped, currency: string): Reading<Adjustment, AdjustmentField> {
  const errors: FieldErrors<AdjustmentField> = {};
  const text = typed.amount.trim();
  const sign = text.startsWith('-') || text.startsWith('−') ? -1 : 1;
  const magnitude = parseMajorAmount(text.replace(/^[+\-−]\s*/, ''), currency);
  if (magnitude === null) errors.amount = 'Type a signed amount, like -12.50 to take away or 20 to add.';
  else if (magnitude === 0) errors.amount = 'An adjustment is more or less than zero.';
  const reason = typed.reason.trim();
  if (!reason) errors.reason = 'Say why (it is kept with the adjustment and shown to the affiliate).';
  else if (reason.length > MAX_REFERENCE) errors.reason = `Keep the reason under ${MAX_REFERENCE} characters.`;
  if (!TOKEN.test(typed.token)) errors.form = EXPIRED;
  if (Object.keys(errors).length || magnitude === null) return { ok: false, errors };
  return { ok: true, value: { amount: sign * magnitude, reason, token: typed.token } };
}

/** The day `now` is in `timeZone`, YYYY-MM-DD (a payout's date defaults to it). */
export function dayIn(now: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** A payout's day as an instant: noon UTC, which is that same day in every zone from UTC-11 to UTC+11. */
export function payoutInstant(date: string): Date {
  return new Date(`${date}T12:00:00Z`);
}
