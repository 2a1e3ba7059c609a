/**
 * What a verified payment provider event means for the summit (Stripe's event shapes). Pure: it
 * reads the event object and says grant, take back or ignore; src/server/payments applies it.
 *
 * - checkout.session.completed (when paid) and checkout.session.async_payment_succeeded (a
 *   delayed payment method that went through): metadata.pass `replay` or `aap` grants that pass
 *   to the buyer named by client_reference_id, else customer_details.email, credited to the
 *   affiliate in metadata.affiliate; its tax and invoice come along for the ledger and receipt.
 * - charge.refunded: the running total refunded (amount_refunded); the pass bought with that
 *   payment is taken back only when the whole amount is refunded (docs/decisions/0065).
 * - charge.dispute.created: the pass is taken back; charge.dispute.closed as `won` (or an inquiry
 *   closed, `warning_closed`) gives it back; as `lost` it stays taken back.
 */
import { z } from 'zod';
import { isEmailAddress, normalisedEmail } from '../email-address.ts';
import { parseRegistrantReference } from '../access/checkout.ts';
import type { RegistrantTier } from '../entities.ts';
import { isPassKind, type PassKind } from '../passes.ts';

export type PaymentChange =
  | {
      kind: 'grant';
      pass: PassKind;
      registrantId: number | null;
      email: string | null;
      name: string | null;
      /** Edition slug from metadata.edition, when the checkout link names one. */
      edition: string | null;
      amount: number | null;
      currency: string | null;
      paymentRef: string;
      /** The tax in `amount` (total_details.amount_tax), when the checkout reports it. */
      tax?: number | null;
      /** metadata.affiliate: the share link code the checkout credits, when it names one. */
      affiliate?: string | null;
      /** The invoice the checkout made (invoice_creation), and its payment intent: where the receipt link is found. */
      invoice?: string | null;
      paymentIntent?: string | null;
      /** The provider's invoice or receipt page, fetched before the change is applied. */
      receiptUrl?: string | null;
      /** The checkout's payment_status: `no_payment_required` is a checkout discounted to 0 (docs/decisions/0069). */
      paymentStatus?: string | null;
    }
  /** Ended by hand (the API's revoke): taken back at once, no money counted. */
  | { kind: 'take-back'; reason: 'refunded' | 'disputed'; paymentRefs: string[] }
  /** A refund: `refunded` is the running total (minor units); the pass goes only when `whole`. */
  | { kind: 'refund'; paymentRefs: string[]; refunded: number | null; whole: boolean }
  | { kind: 'dispute'; stage: DisputeStage; paymentRefs: string[] }
  | { kind: 'ignore'; why: string };

export type DisputeStage = 'created' | 'won' | 'lost';

const idOf = z.union([z.string(), z.object({ id: z.string() }).transform((o) => o.id)]).nullish();

const checkoutSession = z.object({
  id: z.string(),
  client_reference_id: z.string().nullish(),
  customer_details: z.object({ email: z.string().nullish(), name: z.string().nullish() }).nullish(),
  customer_email: z.string().nullish(),
  metadata: z.record(z.string(), z.string()).nullish(),
  amount_total: z.number().int().nullish(),
  currency: z.string().nullish(),
  payment_intent: idOf,
  payment_status: z.string().nullish(),
  invoice: idOf,
  total_details: z.object({ amount_tax: z.number().int().min(0).nullish() }).nullish(),
});

const charge = z.object({
  id: z.string(),
  payment_intent: idOf,
  amount: z.number().int().nullish(),
  amount_refunded: z.number().int().nullish(),
  refunded: z.boolean().nullish(),
});
const dispute = z.object({ id: z.string(), charge: idOf, payment_intent: idOf, status: z.string().nullish() });

/** Whether a refunded charge is refunded in whole (Stripe sends `refunded` and both amounts). */
function wholeRefund(refund: z.infer<typeof charge>): boolean {
  if (refund.refunded === false) return false;
  if (typeof refund.amount === 'number' && typeof refund.amount_refunded === 'number') return refund.amount_refunded >= refund.amount;
  return true;
}

const normaliseEmail = (value: string | null | undefined) => {
  const email = value ? normalisedEmail(value) : null;
  return email && isEmailAddress(email) ? email : null;
};

function readCheckout(object: unknown): PaymentChange {
  const parsed = checkoutSession.safeParse(object);
  if (!parsed.success) return { kind: 'ignore', why: 'the checkout session has an unexpected shape' };
  const session = parsed.data;
  const pass = session.metadata?.pass;
  if (!isPassKind(pass)) return { kind: 'ignore', why: 'the checkout is not for a pass (metadata.pass)' };
  if (session.payment_status === 'unpaid') return { kind: 'ignore', why: 'the checkout is not paid yet' };
  const registrantId = parseRegistrantReference(session.client_reference_id);
  const email = normaliseEmail(session.customer_details?.email ?? session.customer_email);
  if (registrantId === null && email === null) return { kind: 'ignore', why: 'the buyer has neither our reference nor an e-mail' };
  return {
    kind: 'grant',
    pass,
    registrantId,
    email,
    name: session.customer_details?.name?.trim().slice(0, 100) || null,
    edition: session.metadata?.edition ?? null,
    amount: session.amount_total ?? null,
    currency: session.currency ?? null,
    // Refunds and disputes name the payment intent; a session without one is matched by its own id.
    paymentRef: session.payment_intent ?? session.id,
    tax: session.total_details?.amount_tax ?? null,
    affiliate: session.metadata?.affiliate?.trim().toLowerCase() || null,
    invoice: session.invoice ?? null,
    paymentIntent: session.payment_intent ?? null,
    paymentStatus: session.payment_status ?? null,
  };
}

/** Dispute statuses that end with the money kept: won, or an inquiry closed without a chargeback. */
const KEPT = new Set(['won', 'warning_closed']);

/** Reads a verified event: `type` and `data.object` as the provider sends them. */
export function readPaymentEvent(type: string, object: unknown): PaymentChange {
  if (type === 'checkout.session.completed' || type === 'checkout.session.async_payment_succeeded') return readCheckout(object);
  if (type === 'charge.refunded') {
    const parsed = charge.safeParse(object);
    if (!parsed.success) return { kind: 'ignore', why: 'the charge has an unexpected shape' };
    const refunded = parsed.data.amount_refunded ?? null;
    if (refunded !== null && refunded <= 0) return { kind: 'ignore', why: 'nothing was refunded' };
    return { kind: 'refund', paymentRefs: refsOf(parsed.data.payment_intent, parsed.data.id), refunded, whole: wholeRefund(parsed.data) };
  }
  if (type === 'charge.dispute.created' || type === 'charge.dispute.closed') {
    const parsed = dispute.safeParse(object);
    if (!parsed.success) return { kind: 'ignore', why: 'the dispute has an unexpected shape' };
    const paymentRefs = refsOf(parsed.data.payment_intent, parsed.data.charge);
    if (type === 'charge.dispute.created') return { kind: 'dispute', stage: 'created', paymentRefs };
    if (KEPT.has(parsed.data.status ?? '')) return { kind: 'dispute', stage: 'won', paymentRefs };
    if (parsed.data.status === 'lost') return { kind: 'dispute', stage: 'lost', paymentRefs };
    return { kind: 'ignore', why: `a dispute closed as ${parsed.data.status ?? 'unknown'} leaves the pass as it is` };
  }
  return { kind: 'ignore', why: `events of type ${type} are not used` };
}

function refsOf(...refs: (string | null | undefined)[]): string[] {
  return refs.filter((ref): ref is string => typeof ref === 'string' && ref.length > 0);
}

const TIER_RANK = { free: 0, replay: 1, aap: 2 } as const satisfies Record<RegistrantTier, number>;

/** The tier the active passes give: the best of them, or free. */
export function tierFromPasses(passes: PassKind[]): RegistrantTier {
  return passes.reduce<RegistrantTier>((best, pass) => (TIER_RANK[pass] > TIER_RANK[best] ? pass : best), 'free');
}
