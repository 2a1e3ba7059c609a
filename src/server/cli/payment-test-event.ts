/**
 * npm run payment:test-event -- --email buyer@example.com --edition july [--pass replay|aap] [--name NAME]
 *   [--amount 197 --currency usd] [--url http://localhost:4321]
 * Sends the running site a paid checkout signed with PAYMENT_WEBHOOK_SECRET, as the payment
 * provider would in its test mode (src/server/payments/test-payment-event.ts), and prints the
 * site's answer. By default the edition's first pass, at its price now in the edition's currency
 * (the site fills both); the payment is a test payment wherever it shows (decision 0074).
 */
import { parseArgs } from 'node:util';
import { isPassKind, passKinds } from '../../domain/passes.ts';
import { env } from '../env.ts';
import { sendTestPayment } from '../payments/test-payment-event.ts';
import { runCommand } from './run-command.ts';

const USAGE = `Usage: npm run payment:test-event -- --email buyer@example.com --edition july [--pass ${passKinds.join('|')}] [--name NAME] [--amount 197 --currency usd] [--url SITE]`;

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
  const amount = values.amount === undefined ? undefined : Number(values.amount);
  // An amount means nothing without its currency, and the other way round.
  const priced = (amount === undefined) === (values.currency === undefined) && (amount === undefined || amount >= 0);
  if (!values.email || !values.edition || !isPassKind(values.pass) || !priced) {
    console.error(USAGE);
    return 2;
  }
  const config = env();
  if (!config.PAYMENT_WEBHOOK_SECRET) {
    console.error('Set PAYMENT_WEBHOOK_SECRET to the secret the site runs with: the event is signed with it.');
    return 2;
  }
  const siteUrl = (values.url ?? config.siteUrl).replace(/\/$/, '');
  const answer = await sendTestPayment(
    { email: values.email, name: values.name, edition: values.edition, pass: values.pass, amount, currency: values.currency },
    { siteUrl, secret: config.PAYMENT_WEBHOOK_SECRET },
  );
  console.log(`${siteUrl}/api/webhooks/payments answered ${answer.status}: ${await answer.text()}`);
  return answer.ok ? 0 : 1;
}

runCommand(main);
