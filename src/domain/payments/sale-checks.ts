/**
 * Why a paid checkout cannot be granted as it came (docs/decisions/0069): it is then held for the
 * admin (src/server/payments/held-payments.ts) with the reason these return, never granted.
 */

/**
 * The checkout's own edition (metadata.edition, which the site's checkout and the host's payment
 * link or price carry) against the edition of the registrant it names: a buyer can set a payment
 * link's client_reference_id themselves, so one edition's price must not buy another's pass.
 */
export function editionProblem(sale: { named: string | null; registrantId: number | null; registeredIn: string }): string | null {
  if (sale.named === null || sale.named === sale.registeredIn) return null;
  const who = sale.registrantId === null ? 'the buyer' : `registrant #${sale.registrantId}`;
  return `the checkout is for edition "${sale.named}" but ${who} is registered in "${sale.registeredIn}"`;
}

/**
 * A paid checkout must have brought money. The provider reports a checkout that needed no payment
 * (a 100% discount the host made) as `no_payment_required` at 0: that one is a free pass, granted.
 * A negative total, or 0 reported as paid, is no sale the provider makes: held.
 */
export function amountProblem(sale: { amount: number | null; paymentStatus: string | null }): string | null {
  if (sale.amount === null) return null;
  if (sale.amount === 0 && sale.paymentStatus === 'no_payment_required') return null;
  if (sale.amount > 0) return null;
  return `the amount paid (${sale.amount}) is not above zero`;
}
