/**
 * The admin sign-in form (docs/PRODUCT.md "Admin"): an e-mail or a phone number, and a password;
 * otherwise 'You must provide either an email or phone number and a password'.
 */
import { isEmailAddress } from './email-address.ts';

export const MISSING_CREDENTIALS = 'You must provide either an email or phone number and a password';
/** One message for every wrong combination, so the form does not reveal which accounts exist. */
export const WRONG_CREDENTIALS = 'Those sign-in details are not right. Check them and try again.';
export const MIN_PASSWORD_LENGTH = 12;

export type Identifier = { kind: 'email'; value: string } | { kind: 'phone'; value: string };

/** An e-mail (lower-cased) or a phone number (digits with an optional leading +), or null. */
export function parseIdentifier(raw: string): Identifier | null {
  const value = raw.trim();
  if (!value || value.includes('\u0000')) return null;
  if (value.includes('@')) {
    return isEmailAddress(value) ? { kind: 'email', value: value.toLowerCase() } : null;
  }
  const phone = value.replace(/[\s().-]/g, '');
  return /^\+?\d{6,15}$/.test(phone) ? { kind: 'phone', value: phone } : null;
}

export type SignInInput = { ok: true; identifier: Identifier; password: string } | { ok: false; message: string };

export function readSignIn(identifierRaw: string, password: string): SignInInput {
  if (!identifierRaw.trim() || !password) return { ok: false, message: MISSING_CREDENTIALS };
  const identifier = parseIdentifier(identifierRaw);
  if (!identifier) return { ok: false, message: MISSING_CREDENTIALS };
  return { ok: true, identifier, password };
}
