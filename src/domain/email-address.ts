/**
 * The one rule for what the site takes as an e-mail address, wherever one is typed or read:
 * registration and the access-link request, the admin's sign-in and new accounts, the brand's
 * addresses, an edition's support and sponsorship addresses (New edition, its settings, an
 * import), the podcast's owner, a payment's buyer, and the support line a dashboard shows. One
 * rule, so that no form accepts an address a later check refuses.
 *
 * zod's e-mail pattern: ASCII letters, digits and . _ ' + - before the @, then domain labels
 * ending in a top-level label of two letters or more. So `a@b.c` is refused (no top-level
 * domain has one letter), as are a domain without a dot (name@localhost) and letters outside
 * ASCII. At most 254 characters, the longest address an SMTP path carries (RFC 5321 4.5.3.1.3).
 *
 * Written with zod/mini: the brand configurator checks its addresses in the browser with it
 * (decision 0047). The server's zod schemas take it through isEmailAddress, each with its own words.
 */
import * as z from 'zod/mini';

export const MAX_EMAIL_ADDRESS_LENGTH = 254;

export const emailAddressSchema = z.email().check(z.maxLength(MAX_EMAIL_ADDRESS_LENGTH));

/** Whether `value`, exactly as given (trim it first where a form may pad it), is an e-mail address. */
export function isEmailAddress(value: string): boolean {
  return value.length <= MAX_EMAIL_ADDRESS_LENGTH && emailAddressSchema.safeParse(value).success;
}

/**
 * Control characters (NUL among them) are never part of an address. They are refused with this
 * message, never removed: removing them would register another address than the one sent
 * (`a\u0000b@example.com` is not `ab@example.com`).
 */
export const EMAIL_CONTROL_MESSAGE = 'An e-mail address cannot contain control characters such as NUL.';

// eslint-disable-next-line no-control-regex -- the C0 controls and DEL are what is looked for
const CONTROL = /[\u0000-\u001f\u007f]/;

/** Whether the text holds a control character (check it after trimming, which removes line breaks at the ends). */
export const hasControlCharacter = (value: string): boolean => CONTROL.test(value);

/** An address as the site stores and compares it: trimmed and in lower case. */
export function normalisedEmail(value: string): string {
  return value.trim().toLowerCase();
}
