/**
 * Money as the site keeps it: integer amounts in a currency's minor units (cents for USD, yen for
 * JPY), with the currency as a lower-case ISO 4217 code ("usd", as the payment provider writes
 * it). Only display turns them into major units, through Intl, so no sum is ever a float.
 */

/** How many digits follow the decimal point in the currency (JPY 0, USD 2, KWD 3); 2 when unknown. */
export function fractionDigits(currency: string): number {
  try {
    return (
      new Intl.NumberFormat('en', { style: 'currency', currency: currency.toUpperCase() }).resolvedOptions().maximumFractionDigits ?? 2
    );
  } catch {
    return 2;
  }
}

/**
 * A major amount (197, 4.99, 5000 yen, 12.345 dinars) in minor units of `currency`: the one place
 * a number in major units becomes the integer the site keeps, scaled by the currency's own digits
 * (not by 100: JPY has none, KWD three), rounded half away from zero. The scaling is done on the
 * number's decimal text ("4.99e2"), so 19.99 gives 1999 where 19.99 × 100 gives 1998.9999….
 */
export function toMinorUnits(amount: number, currency: string): number {
  if (!Number.isFinite(amount)) throw new RangeError(`Not an amount of money: ${amount}`);
  const digits = fractionDigits(currency);
  const magnitude = Math.abs(amount);
  const text = String(magnitude);
  const scaled = text.includes('e') ? magnitude * 10 ** digits : Number(`${text}e${digits}`);
  const minor = Math.round(scaled);
  return amount < 0 && minor !== 0 ? -minor : minor;
}

/** "197.00" for 19700 usd: the amount in major units, as a plain number string (CSV cells, inputs). */
export function majorAmount(amountMinor: number, currency: string): string {
  const digits = fractionDigits(currency);
  const sign = amountMinor < 0 ? '-' : '';
  const whole = Math.abs(amountMinor);
  if (digits === 0) return `${sign}${whole}`;
  const unit = 10 ** digits;
  return `${sign}${Math.floor(whole / unit)}.${String(whole % unit).padStart(digits, '0')}`;
}

/**
 * A typed major amount ("197", "197.5", "1,197.00") in minor units, or null when it is not a
 * number with at most the currency's digits after the point. Parsed as text, never through a float.
 */
export function parseMajorAmount(typed: string, currency: string): number | null {
  const digits = fractionDigits(currency);
  const match = /^(\d{1,9})(?:\.(\d+))?$/.exec(typed.trim().replaceAll(',', ''));
  if (!match) return null;
  const fraction = match[2] ?? '';
  if (fraction.length > digits) return null;
  return Number(match[1]) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
}

/** "$197.00", "€47.00", "¥5,000": for pages and e-mails, in the page's language when given. */
export function formatMoney(amountMinor: number, currency: string, lang = 'en'): string {
  const digits = fractionDigits(currency);
  const major = amountMinor / 10 ** digits;
  try {
    return new Intl.NumberFormat(lang, { style: 'currency', currency: currency.toUpperCase() }).format(major);
  } catch {
    return `${majorAmount(amountMinor, currency)} ${currency.toUpperCase()}`;
  }
}

let currencyCodes: ReadonlySet<string> | null = null;

/**
 * Whether `code` (either case) is a real ISO 4217 currency, as the runtime's Intl knows them
 * (Intl.supportedValuesOf('currency')): three letters alone ("xyz") are not a currency a payment
 * can be in, and would fail in every Intl money format later.
 */
export function isCurrencyCode(code: string): boolean {
  currencyCodes ??= new Set(Intl.supportedValuesOf('currency').map((known) => known.toLowerCase()));
  return currencyCodes.has(code.toLowerCase());
}

/**
 * A recorded amount whose currency may be missing (a provider that sent none): in its currency,
 * else the bare number of minor units saying so, never a guessed dollar.
 */
export function recordedMoney(amountMinor: number, currency: string | null): string {
  return currency && isCurrencyCode(currency) ? formatMoney(amountMinor, currency) : `${amountMinor} (minor units, no currency given)`;
}
