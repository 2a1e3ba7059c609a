/**
 * Revenue as the payment provider reports it: amounts in each currency's smallest unit (cents),
 * kept per currency (an edition may sell in more than one; they are never added together).
 */
import { majorAmount } from '../money.ts';

export interface Revenue {
  /** Lower-case ISO 4217 code, as the provider sends it ("usd"); "" when the provider sent none. */
  currency: string;
  /** In the currency's smallest unit. */
  amount: number;
}

/** The totals per currency, summed, largest first. */
export function sumRevenue(parts: readonly Revenue[]): Revenue[] {
  const totals = new Map<string, number>();
  for (const part of parts) totals.set(part.currency, (totals.get(part.currency) ?? 0) + part.amount);
  return [...totals]
    .map(([currency, amount]) => ({ currency, amount }))
    .sort((a, b) => b.amount - a.amount || a.currency.localeCompare(b.currency));
}

function majorUnits({ currency, amount }: Revenue): string {
  return majorAmount(amount, currency);
}

/** "197.00 USD + 50.00 EUR"; "0.00" when nothing was bought. */
export function formatRevenue(revenue: readonly Revenue[]): string {
  if (!revenue.length) return '0.00';
  return revenue.map((part) => `${majorUnits(part)} ${part.currency.toUpperCase()}`.trim()).join(' + ');
}

/**
 * The revenue cell of a CSV: a plain number when every pass was paid in one currency (the usual
 * case, so a spreadsheet can add the column up), else each currency's total as formatRevenue writes it.
 */
export function revenueCell(revenue: readonly Revenue[]): string {
  if (!revenue.length) return '0.00';
  if (revenue.length === 1) return majorUnits(revenue[0] as Revenue);
  return formatRevenue(revenue);
}
