/**
 * What the checkout would charge a rehearsal's registrant at a moment: the checkout's own
 * chargedAmount (src/server/payments/open-checkout.ts), with the buyer it would read, so a price
 * quoted anywhere is compared with what the card would be charged (decision 0077).
 */
import { stateAt, type CastMember, type MemberState } from '../../domain/rehearsal/cast.ts';
import type { Edition } from '../../domain/edition.ts';
import { passesAbove } from '../../domain/offered-pass.ts';
import { priceNow } from '../../domain/pass-price.ts';
import type { PassKind } from '../../domain/passes.ts';
import { chargedAmount, type Buyer } from '../payments/open-checkout.ts';

/** What they paid for a pass: the checkout's charge at the moment they bought it (their story's last purchase of it). */
/** A registrant at a moment, with the tier they hold then. */
export interface Shopper {
  member: CastMember;
  at: number;
  tier: MemberState['tier'];
}

export function paidFor(edition: Edition, pass: PassKind, { member, at }: Pick<Shopper, 'member' | 'at'>): number | null {
  const bought = member.story.filter((step) => step.what === 'buys' && step.pass === pass && step.at <= at).at(-1);
  if (!bought) return null;
  const earlier = { ...member, story: member.story.filter((step) => step.at < bought.at) };
  return chargedAmount(edition, pass, {
    buyer: buyerOf(edition, { member: earlier, at: bought.at, tier: stateAt(earlier, bought.at).tier }),
    now: new Date(bought.at),
  });
}

/** The buyer the checkout reads: a Replay holder carries what they paid for it. */
export function buyerOf(edition: Edition, { member, at, tier }: Shopper): Buyer {
  const paid = tier === 'replay' ? paidFor(edition, 'replay', { member, at }) : null;
  return {
    registrantId: 1,
    email: member.email,
    affiliate: member.affiliate ? 'rehearsal' : null,
    replay: tier === 'replay' ? { paid: paid ?? edition.settings.upgrade.replay.price, purchaseId: null } : null,
  };
}

/** Every amount the checkout would charge them for a pass offered to them, now and once an early price ends. */
export function chargeableAmounts(edition: Edition, shopper: Shopper): Set<number> {
  const { at, tier } = shopper;
  const buyer = buyerOf(edition, shopper);
  const amounts = new Set<number>();
  for (const pass of passesAbove(tier)) {
    amounts.add(chargedAmount(edition, pass, { buyer, now: new Date(at) }));
    const until = priceNow(edition.settings.upgrade[pass], new Date(at)).until;
    if (until) amounts.add(chargedAmount(edition, pass, { buyer, now: new Date(Date.parse(until)) }));
  }
  return amounts;
}
