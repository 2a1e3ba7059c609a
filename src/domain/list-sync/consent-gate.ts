/**
 * Whether a sync plan may call the list service at all (docs/decisions/0070). Every call names a
 * person (their address, Mailchimp's hash of it, or the provider's id found by their address), so
 * a call about someone is itself a disclosure: an add or update needs their marketing consent as
 * it stands when the delivery runs; a removal (unsubscribe, erasure) goes only to someone this
 * connection sent before, which docs/PRODUCT.md promises ("unsubscribing here unsubscribes them
 * there; an erasure removes them there"). Someone who never consented was never sent, so nothing
 * about them ever leaves the site.
 */
import type { SyncPlan } from './plan.ts';

/** What the site knows of one person at one connection. */
export interface ListMembership {
  /** An add or update named them to this connection once. */
  sent: boolean;
  /** Unsubscribed there since their last add. */
  unsubscribedThere: boolean;
}

export type GateVerdict = { call: true } | { call: false; reason: string };

const pass: GateVerdict = { call: true };
const stop = (reason: string): GateVerdict => ({ call: false, reason });

export function gatePlan(
  plan: Exclude<SyncPlan, { kind: 'none' | 'bulk' }>,
  now: { consents: boolean; membership: ListMembership },
): GateVerdict {
  switch (plan.kind) {
    case 'upsert':
      return now.consents ? pass : stop('no marketing consent, so not added.');
    case 'unsubscribe':
      if (!now.membership.sent) return stop('never sent to this list, so there is nothing to unsubscribe.');
      return now.membership.unsubscribedThere ? stop('already unsubscribed there.') : pass;
    case 'erase':
      return now.membership.sent ? pass : stop('never sent to this list, so there is nothing to remove.');
  }
}
