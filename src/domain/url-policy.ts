/**
 * Which link targets content may carry (docs/PRODUCT.md "Markdown, HTML and links"): markdown links keep only the
 * protocols http, https, irc, ircs, mailto and xmpp; any other link is blanked. A reference
 * without a protocol (a relative path, a #fragment) stays, as it cannot leave the site's origin
 * rules. The check follows the WHATWG rule browsers use: the scheme is what precedes the first
 * ':' when no '/', '?' or '#' comes before it.
 */
export const SAFE_LINK_PROTOCOLS = ['http', 'https', 'irc', 'ircs', 'mailto', 'xmpp'] as const;

// Browsers ignore ASCII tab and newline anywhere in a URL and trim control chars and spaces.
const IGNORED_BY_BROWSERS = /[\t\n\r]/g;
// eslint-disable-next-line no-control-regex -- the control characters browsers trim are the point
const LEADING_OR_TRAILING = /^[\u0000-\u0020]+|[\u0000-\u0020]+$/g;

export function isSafeLinkUrl(url: string): boolean {
  const cleaned = url.replace(IGNORED_BY_BROWSERS, '').replace(LEADING_OR_TRAILING, '');
  const colon = cleaned.indexOf(':');
  if (colon === -1) return true;
  const firstDelimiter = cleaned.search(/[/?#]/);
  if (firstDelimiter !== -1 && firstDelimiter < colon) return true;
  const protocol = cleaned.slice(0, colon).toLowerCase();
  return (SAFE_LINK_PROTOCOLS as readonly string[]).includes(protocol);
}

/** The URL itself when it is allowed, otherwise '' (the link stays, its target is blanked). */
export function safeLinkUrl(url: string): string {
  return isSafeLinkUrl(url) ? url : '';
}

/** The URL (trimmed) when it is an absolute http(s) URL the policy allows, otherwise null: for links that must leave the site. */
export function safeHttpUrl(url: string | null | undefined): string | null {
  const trimmed = url?.trim();
  if (!trimmed || !/^https?:\/\//i.test(trimmed) || !isSafeLinkUrl(trimmed)) return null;
  return trimmed;
}

/**
 * Where images may come from: an absolute http(s) URL, or a path on this site (an upload or a
 * bundled file). Anything else (javascript:, data:, protocol-relative, with spaces) is refused.
 */
export function isSafeImageUrl(url: string): boolean {
  const value = url.trim();
  return /^https?:\/\/[^\s"'<>]+$/i.test(value) || /^\/(?!\/)[^\s"'<>]*$/.test(value);
}

/**
 * Where a "return to" parameter may send the visitor: only a path of this site. The value is
 * parsed as a URL against the site's origin, as a browser would read a Location header
 * (backslashes, tabs and newlines included), and kept only when it stays on that origin; the
 * answer is the parsed path, query and fragment (ASCII, percent-encoded), or `fallback`.
 */
export function sameSitePath(raw: unknown, origin: string, fallback = '/'): string {
  if (typeof raw !== 'string' || !raw.startsWith('/') || raw.length > 2048) return fallback;
  let url: URL;
  try {
    url = new URL(raw, origin);
  } catch {
    return fallback;
  }
  if (url.origin !== new URL(origin).origin) return fallback;
  // A path that only becomes "//host" once dot segments are resolved ("/.//evil.example",
  // "/x/..//evil.example", "/./\\evil.example") would be read as another site: one leading slash.
  return `/${url.pathname.replace(/^\/+/, '')}${url.search}${url.hash}`;
}

/** The admin's home, where signing in leads unless `next` names another admin path. */
const ADMIN_HOME = '/admin';

/**
 * Where signing in to the admin leads: a path of the admin (`/admin` or below it), read as
 * sameSitePath reads it (so a Location header never carries CR/LF or non-Latin-1 characters,
 * which failed the sign-in with a 500), otherwise the admin home.
 */
export function adminNextPath(raw: unknown): string {
  // Any origin does: only the path is kept, and only when it stays on that origin.
  const path = sameSitePath(raw, 'http://localhost', ADMIN_HOME);
  return /^\/admin(?:[/?#]|$)/.test(path) ? path : ADMIN_HOME;
}
