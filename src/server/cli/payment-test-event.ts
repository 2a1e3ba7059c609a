/**
 * npm run payment:test-event -- --email buyer@example.com --edition july [--pass replay|aap] [--name NAME]
 *   [--amount 197 --currency usd] [--url http://localhost:4321]
 * Sends the running site a paid checkout signed with PAYMENT_WEBHOOK_SECRET, as the payment
 * provider would in its test mode (src/server/payments/test-payment-event.ts), and prints the
 * site's answer. By default the edition's first pass, at its price now in the edition's currency
 * (the site fills both); the payment is a test payment wherever it shows (decision 0074).
 */
import { parseArgs } from 'node:util';
import { isCurrencyCode, parseMajorAmount } from '../../domain/money.ts';
import { isPassKind, passKinds } from '../../domain/passes.ts';
import { env } from '../env.ts';
import { siteEnv } from './find-site.ts';
import { sendTestPayment } from '../payments/test-payment-event.ts';
import { runCommand } from './run-command.ts';

const USAGE = `Usage: npm run payment:test-event -- --email buyer@example.com --edition july [--pass ${passKinds.join('|')}] [--name NAME] [--amount 197 --currency usd] [--url SITE]`;

/**
 * The amount and currency given, checked: both or neither (the site then charges the pass at its
 * price now in the edition's currency), a real currency, and an amount with at most its digits.
 */
function pricedAs(values: { amount?: string | undefined; currency?: string | undefined }): { amount?: number; currency?: string } | string {
  if ((values.amount === undefined) !== (values.currency === undefined)) return USAGE;
  if (values.amount === undefined || values.currency === undefined) return {};
  const currency = values.currency;
  if (!isCurrencyCode(currency)) return `--currency ${currency} is not an ISO 4217 currency code (usd, eur, jpy, ...).`;
  // Read as text with the currency's own digits: "5000.5" yen or "1.2345" dinars are refused, not rounded.
  if (parseMajorAmount(values.amount, currency) === null)
    return `--amount ${values.amount} is not an amount in ${currency.toUpperCase()}: a number with at most its digits after the point.`;
  return { amount: Number(values.amount.replaceAll(',', '')), currency };
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      name: { type: 'string' },
      edition: { type: 'string' },
      // The first pass by default; its price and currency the edition's (the site fills them).
      pass: { type: 'string', default: passKinds[0] },
      amount: { type: 'string' },
      currency: { type: 'string' },
      url: { type: 'string' },
    },
  });
  if (!values.email || !values.edition || !isPassKind(values.pass)) {
    console.error(USAGE);
    return 2;
  }
  const priced = pricedAs(values);
  if (typeof priced === 'string') {
    console.error(priced);
    return 2;
  }
  // Without --url, the event goes to the site running from this folder, when there is one.
  const config = values.url ? env() : siteEnv();
  if (!config.PAYMENT_WEBHOOK_SECRET) {
    console.error('Set PAYMENT_WEBHOOK_SECRET to the secret the site runs with: the event is signed with it.');
    return 2;
  }
  const siteUrl = (values.url ?? config.siteUrl).replace(/\/$/, '');
  const answer = await sendTestPayment(
    { email: values.email, name: values.name, edition: values.edition, pass: values.pass, ...priced },
    { siteUrl, secret: config.PAYMENT_WEBHOOK_SECRET },
  );
  console.log(`${siteUrl}/api/webhooks/payments answered ${answer.status}: ${await answer.text()}`);
  return answer.ok ? 0 : 1;
}

runCommand(main);
