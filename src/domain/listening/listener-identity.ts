/**
 * Who a listener is, as counted (IAB Podcast Measurement Technical Guidelines v2.3, section 5.5.4
 * and 6.2): the registrant when their personal key or sign-in cookie says so (the guidelines'
 * "additional metadata": a user id), otherwise the address (IPv4 whole, IPv6 cut to its first 64
 * bits) and the user agent. The address is never kept: only a hash of it with the day's salt.
 * The network of a feed request (IPv4 /24, IPv6 /48) is what the shared-feed check counts.
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

/** `r:<id>` for a registrant; otherwise the salted hash of address and user agent (`a:<hash>`). */
export function listenerKey(who: { registrantId: number } | { salt: string; address: string; userAgent: string }): string {
  if ('registrantId' in who) return `r:${who.registrantId}`;
  const listener = addressParts(who.address)?.listener ?? who.address;
  return `a:${sha256(who.salt, listener, who.userAgent)}`;
}

/** A network as stored: its salted hash, never the prefix itself. */
export function networkHash(salt: string, network: string): string {
  return sha256(salt, 'network', network);
}

/** A personal key is flagged as shared when its audio came from more networks in a day than the limit. */
export function isSharedFeed(networks: number, limit: number): boolean {
  return networks > limit;
}
