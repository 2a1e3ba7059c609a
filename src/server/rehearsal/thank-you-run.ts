/**
 * The thank-you page a rehearsal's registrant lands on right after registering (decision 0081),
 * as the page builds it: the page loader's own thankYouProps with the registrant signed in and the
 * pricing the page reads, so its plans (offer, price, checkout link), its words and its personal
 * links go through the same checks as the other pages'.
 */
import { passesAbove } from '../../domain/offered-pass.ts';
import { formatMoney } from '../../domain/money.ts';
import { registeredAt, stateAt, type CastMember } from '../../domain/rehearsal/cast.ts';
import type { Finding } from '../../domain/rehearsal/report.ts';
import { quotedAmounts, timeProblems } from '../../domain/rehearsal/text-checks.ts';
import { readerPricing } from '../../domain/offers.ts';
import { buildKey } from '../access/keys.ts';
import { thankYouProps } from '../page-loaders/thank-you-page.ts';
import { chargedAmount } from '../payments/open-checkout.ts';
import { buyerOf, chargeableAmounts } from './checkout-prices.ts';
import { linkProblem } from './link-check.ts';
import type { RunContext } from './run-context.ts';

export interface ShownThankYou {
  page: string;
  shows: string;
  offer: string | null;
}

/** The thank-you page for them at `at` (the moment they registered), with what it contradicts added to the findings. */
export function thankYouAt({ member, id, at }: { member: CastMember; id: number; at: number }, context: RunContext): ShownThankYou {
  const { edition } = context.inputs;
  const where = 'Thank-you page';
  const add = (kind: Finding['kind'], text: string, place = where) =>
    context.findings.push({ kind, registrant: member.key, at: new Date(at).toISOString(), where: place, text, imposedBy: null });
  const state = stateAt(member, at);
  const buyer = buyerOf(edition, { member, at, tier: state.tier });
  // The page is theirs (it greets them): an early price's deadline in their own zone, as the page writes it.
  const pricing = readerPricing(edition, new Date(at), { readerZone: member.timeZone, replayPaid: buyer.replay?.paid ?? null });
  const props = thankYouProps(edition, {
    registrant: {
      id,
      editionId: edition.id,
      editionSlug: edition.slug,
      firstName: member.firstName,
      email: member.email,
      tier: state.tier,
      registeredAt: new Date(registeredAt(member)),
      timeZone: member.timeZone,
      key: buildKey(context.secret, id, 1),
      // A rehearsed registrant's address never bounced: nothing is sent.
      addressBounced: false,
    },
    firstName: member.firstName,
    pricing,
  });
  for (const plan of props.plans) {
    if (!passesAbove(state.tier).includes(plan.id)) add('held-pass-offered', `It offers the ${plan.name}, which they hold`);
    const charged = chargedAmount(edition, plan.id, { buyer, now: new Date(at) });
    if (plan.price !== charged && plan.price !== 0)
      add(
        'price',
        `The ${plan.name} shows ${plan.priceText}; the checkout would charge ${formatMoney(charged, pricing.currency, pricing.lang)}`,
      );
    const broken = linkProblem(plan.checkoutUrl, { member, id, at }, context);
    if (broken) add('link', broken, `${where}, ${plan.name}`);
    for (const problem of timeProblems(plan.priceNote, member.timeZone ?? edition.timezone, at))
      add('time-zone', problem, `${where}, ${plan.name}`);
  }
  for (const link of props.personalLinks ? Object.values(props.personalLinks) : []) {
    const broken = linkProblem(link, { member, id, at }, context);
    if (broken) add('link', broken, `${where}, their links`);
  }
  const words = `${props.texts.intro} ${props.texts.offer.subheading}`;
  const allowed = chargeableAmounts(edition, { member, at, tier: state.tier });
  for (const quoted of quotedAmounts(words, pricing.currency, pricing.lang))
    if (!allowed.has(quoted.amount)) add('price', `Its words quote ${quoted.text}; the checkout would charge otherwise`);
  const offer = props.plans.map((plan) => `${plan.name} ${plan.priceText}${plan.priceNote ? ` (${plan.priceNote})` : ''}`).join('; ');
  return { page: where, shows: 'Thanks them, with their links to day 1 and the dashboard', offer: offer || null };
}
