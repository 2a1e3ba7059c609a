/**
 * Personal keys travel in URL paths (/access/{key}, /feed/{key}.xml, a speaker's page /s/{key}) and
 * unsubscribe tokens in /unsubscribe/{token}. Anything that records a path (the request log) writes it through here,
 * so keys never reach logs. The path is first read as the router reads it (percent-decoded,
 * repeated and backslash slashes collapsed, dot segments resolved: `/access//{key}`,
 * `/%61ccess/{key}` reach the same page), and matched in that form.
 */
const KEYED_PATHS: Array<[RegExp, string]> = [
  [/^\/access\/(?!sign-out$)[^/]+/, '/access/[key]'],
  [/^\/feed\/[^/.]+/, '/feed/[key]'],
  [/^\/unsubscribe\/[^/]+/, '/unsubscribe/[token]'],
  [/^\/s\/[^/]+/, '/s/[key]'],
];

/** Percent-decoded (a few rounds, each escape on its own, so "%ZZ" cannot stop it). */
function decoded(pathname: string): string {
  let current = pathname;
  for (let round = 0; round < 3; round++) {
    const next = current.replace(/%([0-9a-f]{2})/gi, (_all, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    if (next === current) break;
    current = next;
  }
  return current;
}

/** The path as the router reads it. */
function normalised(pathname: string): string {
  const segments: string[] = [];
  for (const segment of decoded(pathname).replace(/\\/g, '/').split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  return `/${segments.join('/')}`;
}

/**
 * A path the router reads as it is (segments of letters, digits and hyphens: nothing to decode,
 * collapse or resolve) whose first segment starts none of the keyed paths: most requests, which
 * then skip the decoding.
 */
const PLAIN_UNKEYED = /^(?!\/(?:access|feed|unsubscribe|s)(?:\/|$))(?:\/[a-z0-9-]+)*\/?$/i;

/**
 * A path that starts with two slashes is also read as a URL would read it against a base: its
 * first segment becomes a host and the rest the path (`//july/access/{key}` is `/access/{key}`
 * to `new URL`), so such a path is matched under both readings.
 */
function readingsOf(pathname: string): string[] {
  const routed = normalised(pathname);
  if (!/^[/\\]{2}/.test(pathname)) return [routed];
  try {
    return [routed, normalised(new URL(pathname.replace(/\\/g, '/'), 'http://x').pathname)];
  } catch {
    return [routed];
  }
}

export function redactKeys(pathname: string): string {
  if (PLAIN_UNKEYED.test(pathname)) return pathname;
  for (const routed of readingsOf(pathname))
    for (const [pattern, replacement] of KEYED_PATHS) if (pattern.test(routed)) return routed.replace(pattern, replacement);
  return pathname;
}
