/**
 * Who followed a share link, counted as an anonymous listener is (docs/decisions/0069; decisions
 * 0037 and 0054): the visitor of a UTC day is the hash of their address and user agent with that
 * day's salt, so a visitor counts once a day however often they ask, and a script sending no
 * cookie gains nothing by repeating itself. The address and the agent are hashed as the listening
 * check hashes them, for the same per-address limit. Nothing here keeps the address itself.
 */
import { utcDay } from '../listening/counting-window.ts';
import { addressHash, agentHash, listenerKey } from '../listening/listener-identity.ts';

export interface ClickVisitor {
  /** The UTC day the salt belongs to (YYYY-MM-DD). */
  day: string;
  visitorKey: string;
  addressHash: string;
  agentHash: string;
}

/** The day a click at `at` belongs to: its salt is that day's listening salt. */
export const clickDay = (at: Date): string => utcDay(at);

export function clickVisitor({
  salt,
  at,
  address,
  userAgent,
}: {
  salt: string;
  at: Date;
  address: string;
  userAgent: string;
}): ClickVisitor {
  return {
    day: clickDay(at),
    visitorKey: listenerKey({ salt, address, userAgent }),
    addressHash: addressHash(salt, address),
    agentHash: agentHash(userAgent),
  };
}

/** Whether an address with this many different visitors (or agents) in a day is past the limit: its clicks of the day do not count. */
export function pastClickLimit(visitors: number, limit: number): boolean {
  return visitors > limit;
}
