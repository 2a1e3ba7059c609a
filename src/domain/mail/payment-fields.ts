/**
 * The merge fields of the receipt and the refund notice (docs/decisions/0065): the pass paid for,
 * the amount, tax and currency (formatted by src/domain/money.ts) and the provider's invoice or
 * receipt page. The outbox row names its payment in its dedupe key ("m{message}:r{registrant}:"
 * then the event's reference, src/server/mail/scheduler.ts), so nothing is copied into the outbox
 * and the e-mail is rendered from the purchase as it is when it goes.
 */
import { formatMoney, toMinorUnits } from '../money.ts';
import type { PassKind } from '../passes.ts';
import type { PaymentRuleKind } from './send-rules.ts';

/** The payment an outbox row is about: a sale (`purchase:{id}`), or a refund (`refund:{id}:{total}:{previous total}`). */
export type PaymentEventRef = { kind: 'purchase'; purchaseId: number } | { kind: 'refund'; purchaseId: number; from: number; to: number };

export function paymentEventOf(dedupeKey: string | null): PaymentEventRef | null {
  const ref = /^m\d+:r\d+:(.*)$/.exec(dedupeKey ?? '')?.[1] ?? '';
  const sale = /^purchase:(\d{1,10})$/.exec(ref);
  if (sale) return { kind: 'purchase', purchaseId: Number(sale[1]) };
  const refund = /^refund:(\d{1,10}):(\d{1,12}):(\d{1,12})$/.exec(ref);
  if (refund) return { kind: 'refund', purchaseId: Number(refund[1]), to: Number(refund[2]), from: Number(refund[3]) };
  return null;
}

/** What the e-mail reads of the purchase. */
export interface PaidPurchase {
  pass: PassKind;
  amount: number | null;
  tax: number | null;
  currency: string | null;
  receiptUrl: string | null;
}

export const paymentFieldNames = [
  'receipt_pass',
  'receipt_amount',
  'receipt_tax',
  'receipt_link',
  'receipt_note',
  'refund_amount',
  'refund_outcome',
] as const;
export type PaymentField = (typeof paymentFieldNames)[number];

/** Outside a payment's e-mails the fields are empty. */
export const noPaymentValues: Record<PaymentField, string> = {
  receipt_pass: '',
  receipt_amount: '',
  receipt_tax: '',
  receipt_link: '',
  receipt_note: '',
  refund_amount: '',
  refund_outcome: '',
};

/** "$197.00 USD": the amount as the page's language writes it, and the currency's code, so no dollar is mistaken for another. */
function money(amount: number | null, currency: string | null, lang: string): string {
  if (amount === null || !currency) return 'not reported';
  return `${formatMoney(amount, currency, lang)} ${currency.toUpperCase()}`;
}

/**
 * The fields' values for one e-mail: empty outside a payment's e-mails. Without the provider's
 * page, the link is the registrant's dashboard and the note says the provider e-mails its own.
 */
export function paymentValues(input: {
  event: PaymentEventRef | null;
  purchase: PaidPurchase | null;
  passNames: Record<PassKind, string>;
  dashboardLink: string;
  lang: string;
}): Record<PaymentField, string> {
  const { event, purchase, passNames, lang } = input;
  if (!event || !purchase) return noPaymentValues;
  const pass = passNames[purchase.pass];
  const values = {
    ...noPaymentValues,
    receipt_pass: pass,
    receipt_amount: money(purchase.amount, purchase.currency, lang),
    receipt_tax: purchase.tax === null ? 'none' : money(purchase.tax, purchase.currency, lang),
    receipt_link: purchase.receiptUrl ?? input.dashboardLink,
    receipt_note: purchase.receiptUrl
      ? 'Your invoice or receipt from the payment provider'
      : 'The payment provider e-mails you its own receipt; your passes are on your dashboard',
  };
  if (event.kind === 'purchase') return values;
  const whole = purchase.amount !== null && event.to >= purchase.amount;
  return {
    ...values,
    refund_amount: money(event.to - event.from, purchase.currency, lang),
    refund_outcome: whole ? `Your ${pass} has ended with the refund.` : `Your ${pass} stays active.`,
  };
}

/** The preview's sample: a sale of 197 in the edition's currency, and a refund of half of it. */
export function samplePayment(rule: PaymentRuleKind, currency: string) {
  const amount = toMinorUnits(197, currency);
  const purchase: PaidPurchase = { pass: 'aap', amount, tax: 0, currency, receiptUrl: 'https://pay.example.com/receipt' };
  const event: PaymentEventRef =
    rule === 'payment' ? { kind: 'purchase', purchaseId: 0 } : { kind: 'refund', purchaseId: 0, from: 0, to: Math.floor(amount / 2) };
  return { event, purchase };
}
