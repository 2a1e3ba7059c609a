/**
 * Security headers for every response (DESIGN.md "Security defaults"). Astro writes the
 * Content-Security-Policy of each page with hashes of its own scripts and styles; this adds the
 * rules that depend on the route: only embed routes may be framed, by any site.
 */
const EMBED_PATH = /(^|\/)[a-z0-9-]+-embed\/?$/;

/** Strict-Transport-Security on HTTPS: one year, subdomains too. */
export const HSTS = 'max-age=31536000; includeSubDomains';

export function isEmbedPath(pathname: string): boolean {
  return EMBED_PATH.test(pathname);
}

/** The admin's e-mail preview (of a message, or of a new one): framed by the admin's own editor page, and by nothing else. */
const SELF_FRAMED_PATH = /^\/admin\/editions\/[^/]+\/messages\/(\d+|new)\/preview$/;

export interface SecurityContext {
  pathname: string;
  https: boolean;
  audioEmbedHost: string;
}

export function applySecurityHeaders(headers: Headers, context: SecurityContext): void {
  const embed = isEmbedPath(context.pathname);
  const selfFramed = SELF_FRAMED_PATH.test(context.pathname);
  const frameAncestors = embed ? 'frame-ancestors *' : selfFramed ? "frame-ancestors 'self'" : "frame-ancestors 'none'";
  const pagePolicy = headers.get('content-security-policy');
  if (pagePolicy) {
    // Without any frame rule it already carries (a page answered again from a cache): each once.
    const policy = pagePolicy
      .split(';')
      .map((directive) => directive.trim())
      .filter((directive) => directive && !/^frame-(src|ancestors)\b/i.test(directive))
      .join('; ');
    // frame-src replaces default-src for frames: keep 'self' so our pages can show our widgets.
    headers.set('content-security-policy', `${policy}; frame-src 'self' https://${context.audioEmbedHost}; ${frameAncestors}`);
  } else {
    // Not an HTML page (JSON, files): it may load nothing and be framed by nobody.
    headers.set('content-security-policy', "default-src 'none'; frame-ancestors 'none'");
  }
  if (!embed) headers.set('x-frame-options', selfFramed ? 'SAMEORIGIN' : 'DENY');
  headers.set('x-content-type-options', 'nosniff');
  headers.set('referrer-policy', 'strict-origin-when-cross-origin');
  headers.set('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=()');
  headers.set('cross-origin-opener-policy', 'same-origin');
  if (context.https) headers.set('strict-transport-security', HSTS);
}
