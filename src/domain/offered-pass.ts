/**
 * No one is offered a pass they already hold (docs/PRODUCT.md "Audience tiers and passes",
 * decision 0057). Every offer (the thank-you plans, the dashboard's tier cards, the day page's
 * banner, the e-mails' offer) asks these two functions what may be offered to a tier.
 */
import type { RegistrantTier } from './entities.ts';
import { passKinds, type PassKind } from './passes.ts';

/** The passes above a tier, lowest first: what may be offered to someone holding it (passKinds is lowest first). */
export function passesAbove(tier: RegistrantTier): PassKind[] {
  return tier === 'free' ? [...passKinds] : passKinds.slice(passKinds.indexOf(tier) + 1);
}

/** The top pass: the one the banners, the e-mails and the thank-you's highlighted plan offer. */
export const TOP_PASS: PassKind = passKinds[passKinds.length - 1] as PassKind;

/** The pass a registrant is offered next: the top pass, or null for someone who holds it already. */
export function offeredPass(tier: RegistrantTier): PassKind | null {
  return passesAbove(tier).includes(TOP_PASS) ? TOP_PASS : null;
}
