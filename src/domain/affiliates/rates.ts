/**
 * Commission rates (docs/PRODUCT.md "Affiliates"; decision 0066): kept as basis points (2500 =
 * 25%), typed and shown as a percentage with at most two decimals ("25", "12.5"). Read as text,
 * never through a float, so "12.35" is exactly 1235.
 */

export const MAX_RATE_BP = 10_000;

export type RateReading = { ok: true; bp: number | null } | { ok: false; message: string };

export const RATE_MESSAGES = {
  text: 'Type the rate as a percentage, like 25 or 12.5.',
  negative: 'A rate cannot be negative.',
  over: 'A rate is at most 100%.',
  decimals: 'Use at most two decimals, like 12.25.',
  required: 'Type the rate as a percentage, like 25 or 12.5 (0 for none).',
} as const;

/**
 * A typed percentage ("25", "12.5", "7.25 %") in basis points. Empty is null when `optional`
 * (an affiliate's own rate: empty means the edition's), else refused.
 */
export function parseRatePercent(typed: string, { optional }: { optional: boolean }): RateReading {
  const text = typed.trim().replace(/\s*%$/, '').replace(',', '.');
  if (text === '') return optional ? { ok: true, bp: null } : { ok: false, message: RATE_MESSAGES.required };
  if (/^-\s*\d/.test(text)) return { ok: false, message: RATE_MESSAGES.negative };
  const match = /^(\d{1,4})(?:\.(\d+))?$/.exec(text);
  if (!match) return { ok: false, message: RATE_MESSAGES.text };
  const fraction = match[2] ?? '';
  if (fraction.length > 2) return { ok: false, message: RATE_MESSAGES.decimals };
  const bp = Number(match[1]) * 100 + Number(fraction.padEnd(2, '0') || '0');
  return bp > MAX_RATE_BP ? { ok: false, message: RATE_MESSAGES.over } : { ok: true, bp };
}

/** 2500 -> "25", 1250 -> "12.5", 1235 -> "12.35": the form's value. */
export function ratePercentText(bp: number): string {
  const whole = Math.floor(bp / 100);
  const cents = bp % 100;
  if (cents === 0) return String(whole);
  return `${whole}.${String(cents).padStart(2, '0').replace(/0$/, '')}`;
}

/** "25%", "12.5%". */
export function formatRate(bp: number): string {
  return `${ratePercentText(bp)}%`;
}

/** The rate a sale of this affiliate earns: their own, else the edition's. */
export function effectiveRateBp(own: number | null, editionBp: number): number {
  return own ?? editionBp;
}
