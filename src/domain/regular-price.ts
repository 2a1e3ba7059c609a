/**
 * The bonus bundle's "regular price" is free text the host types on the item ("97", "$97.00"):
 * shown in the edition's currency (docs/decisions/0064) when it reads as an amount, as typed
 * otherwise ("priceless"), and '' when there is none.
 */
import { formatMoney, parseMajorAmount } from './money.ts';

export function regularPriceText(typed: string | null, currency: string, lang = 'en'): string {
  const text = (typed ?? '').trim();
  if (!text) return '';
  // A leading symbol or code typed with the amount ("$97", "EUR 97") is the host's way of saying the currency.
  const amount = parseMajorAmount(text.replace(/^(?:[$€£¥]|[A-Za-z]{3})\s*/, ''), currency);
  return amount === null ? text : formatMoney(amount, currency, lang);
}
