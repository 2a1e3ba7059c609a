/**
 * The provider's own page for a sale, for the receipt e-mail (docs/decisions/0065): the invoice's
 * hosted page when the checkout made an invoice, else the receipt of the payment's latest charge.
 * Asked once per sale, before the webhook's transaction and with a short timeout, so a slow
 * provider never holds the database; when it cannot be had the receipt still goes, saying the
 * provider e-mails its own. No Stripe key (STRIPE_SECRET_KEY): no link.
 */
import { safeHttpUrl } from '../../domain/url-policy.ts';
import { log } from '../log.ts';
import { checkoutClient } from './checkout-config.ts';

/** Long enough for the provider's usual answer, short enough that its webhook is answered well within its own timeout. */
const LINK_TIMEOUT_MS = 3_000;

export async function fetchReceiptLink(sale: { invoice?: string | null; paymentIntent?: string | null }): Promise<string | null> {
  const client = checkoutClient();
  if (!client || (!sale.invoice && !sale.paymentIntent)) return null;
  const options = { timeout: LINK_TIMEOUT_MS, maxNetworkRetries: 0 };
  try {
    if (sale.invoice) {
      const invoice = await client.invoices.retrieve(sale.invoice, {}, options);
      return safeHttpUrl(invoice.hosted_invoice_url);
    }
    const intent = await client.paymentIntents.retrieve(sale.paymentIntent as string, { expand: ['latest_charge'] }, options);
    const charge = intent.latest_charge;
    return typeof charge === 'object' && charge ? safeHttpUrl(charge.receipt_url) : null;
  } catch (error) {
    log.warn({ err: error instanceof Error ? error.message : String(error) }, 'payment webhook: the receipt link could not be fetched');
    return null;
  }
}
