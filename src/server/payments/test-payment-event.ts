/**
 * A signed test payment, as the payment provider would send it: a paid `checkout.session.completed`
 * for one buyer, edition and pass, signed with the webhook secret by the provider's own SDK
 * (stripe's generateTestHeaderString), posted to the site's webhook endpoint. A host uses it to see
 * a pass granted end to end (the registrant's access, the pass e-mail, the insights) before
 * going live; `npm run payment:test-event` is its command.
 */
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { toMinorUnits } from '../../domain/money.ts';
import type { PassKind } from '../../domain/passes.ts';

export interface TestPayment {
  email: string;
  name?: string | undefined;
  edition: string;
  pass: PassKind;
  /**
   * In the currency's major unit (197 for $197.00), with its currency; both left out by default:
   * the site then charges the edition's pass at its price now in the edition's currency (decision 0074).
   */
  amount?: number | undefined;
  currency?: string | undefined;
}

/** The event's JSON, as the provider sends it: ids made up, marked as not live (a test payment everywhere, decision 0074). */
export function testCheckoutEvent(payment: TestPayment, now = new Date()): string {
  const id = randomBytes(12).toString('hex');
  return JSON.stringify({
    id: `evt_test_${id}`,
    object: 'event',
    type: 'checkout.session.completed',
    created: Math.floor(now.getTime() / 1000),
    livemode: false,
    data: {
      object: {
        id: `cs_test_${id}`,
        object: 'checkout.session',
        customer_details: { email: payment.email, name: payment.name ?? null },
        metadata: { pass: payment.pass, edition: payment.edition },
        payment_status: 'paid',
        ...(payment.amount === undefined || payment.currency === undefined
          ? {}
          : {
              amount_total: toMinorUnits(payment.amount, payment.currency),
              currency: payment.currency.toLowerCase(),
            }),
        payment_intent: `pi_test_${id}`,
      },
    },
  });
}

/** Posts the signed event to `{siteUrl}/api/webhooks/payments`; the site's answer. */
export async function sendTestPayment(payment: TestPayment, { siteUrl, secret }: { siteUrl: string; secret: string }): Promise<Response> {
  const payload = testCheckoutEvent(payment);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  return fetch(`${siteUrl}/api/webhooks/payments`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body: payload,
  });
}
