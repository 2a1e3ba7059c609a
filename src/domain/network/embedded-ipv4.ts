/**
 * The IPv4 addresses an IPv6 address carries (docs/decisions/0070), so an address check can judge
 * them as the IPv4 they reach: `[::7f00:1]` or `[64:ff9b::7f00:1]` is 127.0.0.1 to a host that
 * routes IPv4-compatible addresses or sits behind NAT64. The forms: IPv4-mapped (::ffff:0:0/96),
 * IPv4-compatible (::/96, RFC 4291 2.5.5.1), IPv4-translated (::ffff:0:0:0/96, RFC 6145), NAT64's
 * well-known prefix (64:ff9b::/96, RFC 6052), 6to4 (2002::/16, RFC 3056: bits 16-47) and Teredo
 * (2001::/32, RFC 4380: the server in bits 32-63, the client inverted in bits 96-127).
 */
import ipaddr from 'ipaddr.js';

const ipv4 = (high: number, low: number): string => ipaddr.fromByteArray([high >> 8, high & 255, low >> 8, low & 255]).toString();

/** The IPv4 addresses inside an IPv6 address (none for an IPv4 address or text that is no address). */
export function embeddedIpv4(address: string): string[] {
  if (!ipaddr.IPv6.isValid(address)) return [];
  const parts = ipaddr.IPv6.parse(address).parts;
  const [p0, p1, p2, p3, p4, p5, p6, p7] = parts as [number, number, number, number, number, number, number, number];
  const zeroTo = (last: number) => parts.slice(0, last + 1).every((part) => part === 0);
  if (zeroTo(4) && (p5 === 0 || p5 === 0xffff)) return [ipv4(p6, p7)];
  if (zeroTo(3) && p4 === 0xffff && p5 === 0) return [ipv4(p6, p7)];
  if (p0 === 0x64 && p1 === 0xff9b && p2 === 0 && p3 === 0 && p4 === 0 && p5 === 0) return [ipv4(p6, p7)];
  if (p0 === 0x2002) return [ipv4(p1, p2)];
  if (p0 === 0x2001 && p1 === 0) return [ipv4(p2, p3), ipv4(p6 ^ 0xffff, p7 ^ 0xffff)];
  return [];
}
