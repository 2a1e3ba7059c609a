/**
 * Who a listener is, as counted (IAB Podcast Measurement Technical Guidelines v2.3, section 5.5.4
 * and 6.2): the registrant when their personal key or sign-in cookie says so (the guidelines'
 * "additional metadata": a user id); else the visitor's own browser session when the request
 * carries its cookie (the guidelines' "cookie or similar identifier"), whatever user agent it
 * sends; otherwise the address (IPv4 whole, IPv6 cut to its first 64 bits) and the user agent.
 * The address is never kept: only a hash of it with the day's salt. The network of a feed request
 * (IPv4 /24, IPv6 /48) is what the shared-feed check counts.
 */
import { createHash } from 'node:crypto';
import ipaddr from 'ipaddr.js';

export interface AddressParts {
  /** What identifies the listener's device: the IPv4 address, or the IPv6 /64 prefix. */
  listener: string;
  /** The network it is on: IPv4 /24 or IPv6 /48. */
  network: string;
}

/** The first `count` bytes of an address, written out: an identifier to hash, never shown. */
const leading = (bytes: number[], count: number) => bytes.slice(0, count).join('.');

/** The parts of a client address, or null when it is not one (an unknown socket address). */
export function addressParts(address: string): AddressParts | null {
  if (!ipaddr.isValid(address)) return null;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  const bytes = parsed.toByteArray();
  if (parsed.kind() === 'ipv4') return { listener: parsed.toString(), network: `${leading(bytes, 3)}.0/24` };
  return { listener: `v6:${leading(bytes, 8)}/64`, network: `v6:${leading(bytes, 6)}/48` };
}

const sha256 = (...parts: string[]) => createHash('sha256').update(parts.join('\n')).digest('base64url');

/** What identifies the listener's device in an address: its listener part, or the text itself when it is no address. */
const deviceOf = (address: string) => addressParts(address)?.listener ?? address;

/**
 * `r:<id>` for a registrant; `v:<hash>` for a visitor's browser session (the session id is a
 * secret of the browser's cookie, so only its hash is kept); otherwise the salted hash of address
 * and user agent (`a:<hash>`).
 */
export function listenerKey(
  who: { registrantId: number } | { visitorSession: string } | { salt: string; address: string; userAgent: string },
): string {
  if ('registrantId' in who) return `r:${who.registrantId}`;
  if ('visitorSession' in who) return `v:${sha256('visitor session', who.visitorSession)}`;
  return `a:${sha256(who.salt, deviceOf(who.address), who.userAgent)}`;
}

/** An address as the suspicious-traffic check counts it (the listener part), hashed with the day's salt. */
export function addressHash(salt: string, address: string): string {
  return sha256(salt, 'address', deviceOf(address));
}

/** A user agent as the suspicious-traffic check counts it: a short hash, whatever its length. */
export function agentHash(userAgent: string): string {
  return sha256('agent', userAgent);
}

/** A network as stored: its salted hash, never the prefix itself. */
export function networkHash(salt: string, network: string): string {
  return sha256(salt, 'network', network);
}

/** A personal key is flagged as shared when its audio came from more networks in a day than the limit. */
export function isSharedFeed(networks: number, limit: number): boolean {
  return networks > limit;
}
