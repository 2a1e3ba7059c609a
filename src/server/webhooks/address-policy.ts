/**
 * Which addresses a webhook may be sent to (docs/decisions/0058, SECURITY.md): never loopback,
 * private, link-local or otherwise internal ones unless WEBHOOKS_ALLOW_PRIVATE=true, checked on
 * the addresses the name resolves to at the moment of sending (the lookup the connection itself
 * uses), so a name that resolves somewhere else later cannot reach inside. An IPv6 address that
 * carries an IPv4 one (mapped, compatible, NAT64, 6to4, Teredo) is judged by that IPv4 address too.
 */
import dns from 'node:dns';
import net from 'node:net';
import { embeddedIpv4 } from '../../domain/network/embedded-ipv4.ts';

const internal = new net.BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const)
  internal.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  // NAT64's local-use prefix (RFC 8215): a translator on the host's own network.
  ['64:ff9b:1::', 48],
] as const)
  internal.addSubnet(network, prefix, 'ipv6');

/** Whether an IP address is one a webhook must not reach (an IPv6 address also by each IPv4 address it carries). */
export function isInternalAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 0) return true;
  if (family === 4) return internal.check(address, 'ipv4');
  return internal.check(address, 'ipv6') || embeddedIpv4(address).some((carried) => internal.check(carried, 'ipv4'));
}

export class RefusedAddressError extends Error {}

const refusal = (address: string) =>
  new RefusedAddressError(`${address} is a private or local address; webhooks are not sent there (WEBHOOKS_ALLOW_PRIVATE).`);

type LookupCallback = (error: Error | null, address: string | dns.LookupAddress[], family?: number) => void;

/** A `lookup` for http.request that refuses internal addresses after resolving the name. */
export function guardedLookup(allowPrivate: boolean) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback): void => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '');
      const bad = allowPrivate ? undefined : addresses.find((entry) => isInternalAddress(entry.address));
      if (bad) return callback(refusal(bad.address), '');
      if (options.all) return callback(null, addresses);
      const first = addresses[0];
      if (!first) return callback(new Error(`${hostname} has no address`), '');
      callback(null, first.address, first.family);
    });
  };
}

/** Checks a URL's host before anything is stored or sent: an IP literal is checked here (no lookup runs for one). */
export async function refusedHost(url: URL, allowPrivate: boolean): Promise<string | null> {
  if (allowPrivate) return null;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(host)) return isInternalAddress(host) ? refusal(host).message : null;
  try {
    const addresses = await dns.promises.lookup(host, { all: true });
    const bad = addresses.find((entry) => isInternalAddress(entry.address));
    return bad ? refusal(bad.address).message : null;
  } catch {
    return `${host} could not be found.`;
  }
}
