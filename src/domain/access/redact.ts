/**
 * Personal keys travel in URL paths (/access/{key}, /feed/{key}.xml). Anything that records a
 * path (the request log) writes it through here, so keys never reach logs.
 */
const KEYED_PATHS: Array<[RegExp, string]> = [
  [/^\/access\/(?!sign-out$)[^/]+/, '/access/[key]'],
  [/^\/feed\/[^/.]+/, '/feed/[key]'],
];

export function redactKeys(pathname: string): string {
  for (const [pattern, replacement] of KEYED_PATHS) if (pattern.test(pathname)) return pathname.replace(pattern, replacement);
  return pathname;
}
