/**
 * No commission on an affiliate's own purchase (docs/decisions/0069): a partner buying through
 * their own share link would otherwise earn a discount the host never offered. Own means the
 * affiliate's address is the checkout's buyer address or the address of the registration the
 * pass goes to (the affiliate's own registration), compared as the site stores addresses.
 */
import { normalisedEmail } from '../email-address.ts';

/** Why no commission was booked on a credited sale, as stored on the purchase. */
export type CommissionWithheld = 'own-purchase';

export const COMMISSION_WITHHELD_LABELS: Record<CommissionWithheld, string> = {
  'own-purchase': 'own purchase',
};

export function isOwnPurchase(affiliateEmail: string | null, buyerEmails: readonly (string | null)[]): boolean {
  const affiliate = affiliateEmail ? normalisedEmail(affiliateEmail) : '';
  if (!affiliate) return false;
  return buyerEmails.some((email) => email !== null && normalisedEmail(email) === affiliate);
}
