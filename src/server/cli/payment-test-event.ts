/**
 * npm run payment:test-event -- --email buyer@example.com --edition july --pass aap [--name NAME]
 *   [--amount 197] [--currency usd] [--url http://localhost:4321]
 * Sends the running site a paid checkout signed with PAYMENT_WEBHOOK_SECRET, as the payment
 * provider would (src/server/payments/test-payment-event.ts), and prints the site's answer.
 */
import { parseArgs } from 'node:util';
import { isCurrencyCode, parseMajorAmount } from '../../domain/money.ts';
import { isPassKind, passKinds } from '../../domain/passes.ts';
import { env } from '../env.ts';
import { sendTestPayment } from '../payments/test-payment-event.ts';
import { runCommand } from './run-command.ts';

const USAGE = `Usage: npm run payment:test-event -- --email buyer@example.com --edition july --pass ${passKinds.join('|')} [--name NAME] [--amount 197] [--currency usd] [--url SITE]`;

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      name: { type: 'string' },
      edition: { type: 'string' },
      pass: { type: 'string' },
      amount: { type: 'string', default: '197' },
      currency: { type: 'string', default: 'usd' },
      url: { type: 'string' },
    },
  });
  if (!values.email || !values.edition || !isPassKind(values.pass)) {
    console.error(USAGE);
    return 2;
  }
  const currency = values.currency ?? 'usd';
  if (!isCurrencyCode(currency)) {
    console.error(`--currency ${currency} is not an ISO 4217 currency code (usd, eur, jpy, ...).`);
    return 2;
  }
  // Read as text with the currency's own digits: "5000.5" yen or "1.2345" dinars are refused, not rounded.
  if (parseMajorAmount(values.amount ?? '', currency) === null) {
    console.error(
      `--amount ${values.amount ?? ''} is not an amount in ${currency.toUpperCase()}: a number with at most its digits after the point.`,
    );
    return 2;
  }
  const amount = Number(values.amount?.replaceAll(',', ''));
  const config = env();
  if (!config.PAYMENT_WEBHOOK_SECRET) {
    console.error('Set PAYMENT_WEBHOOK_SECRET to the secret the site runs with: the event is signed with it.');
    return 2;
  }
  const siteUrl = (values.url ?? config.siteUrl).replace(/\/$/, '');
  const answer = await sendTestPayment(
    { email: values.email, name: values.name, edition: values.edition, pass: values.pass, amount, currency },
    { siteUrl, secret: config.PAYMENT_WEBHOOK_SECRET },
  );
  console.log(`${siteUrl}/api/webhooks/payments answered ${answer.status}: ${await answer.text()}`);
  return answer.ok ? 0 : 1;
}

runCommand(main);
