/**
 * What the server knows about where a request came from and which origin is its own.
 * docs/decisions/0016-proxy-and-origin.md: the site's origin is SITE_URL when set; the
 * forwarded protocol and host count only with TRUST_PROXY; the client address is the one the
 * trusted proxy appended to X-Forwarded-For (counted from the right), never the leftmost,
 * which any client can write.
 */
export interface ProxySettings {
  trustProxy: boolean;
  /** How many trusted proxies append to X-Forwarded-For (1: one nginx in front). */
  hops: number;
}

/** All these functions read of a request: its headers (a fetch Request, or a Node request's adapted). */
export interface RequestHeaders {
  headers: { get(name: string): string | null };
}

export interface OriginSettings extends ProxySettings {
  /** SITE_URL as configured (undefined when unset: the request's own origin counts). */
  siteUrl: string | undefined;
  /** The origin every link is made from: SITE_URL, or the address the server listens on (env.ts's siteUrl). */
  linkOrigin?: string;
}

/**
 * The process's one proxy setting, shared by every request path (middleware, pages, Node
 * routes); tests pass their own as parameters. Until the entry configures it, it is the
 * environment's default, which fails closed: no proxy is trusted and no SITE_URL is set.
 */
let originSettings: OriginSettings = { trustProxy: false, hops: 1, siteUrl: undefined };

/** Called by the entry (src/server/process-config.ts) with TRUST_PROXY, TRUSTED_PROXY_HOPS and SITE_URL. */
export function configureRequestOrigin(configured: OriginSettings): void {
  originSettings = { ...configured };
  configuredLinkOrigin = originOf(configured);
}

const originOf = (settings: OriginSettings): string => new URL(settings.linkOrigin ?? settings.siteUrl ?? 'http://localhost:4321').origin;
/** Worked out once when configured: cached personal pages ask for it on every request. */
let configuredLinkOrigin = originOf(originSettings);

/**
 * The origin of every link the site gives out (feed URLs, share links, a speaker's link), the
 * same as its e-mails use, whichever address the page was asked at: a link copied from a page
 * and one from an e-mail never differ.
 */
export const linkOrigin = (): string => configuredLinkOrigin;

const proxySettings = (): ProxySettings => ({ trustProxy: originSettings.trustProxy, hops: originSettings.hops });

/**
 * The address the nearest trusted proxy saw: the hops-th entry from the right. With fewer
 * entries than hops, the leftmost (every entry was written by a trusted proxy then).
 */
export function forwardedClient(header: string | null | undefined, hops: number): string | undefined {
  const entries = (header ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0) return undefined;
  return entries[Math.max(0, entries.length - hops)];
}

/** The visitor's address, for rate limits. */
export function clientAddress(request: RequestHeaders, socketAddress: string | undefined, settings = proxySettings()): string {
  if (settings.trustProxy) {
    const forwarded = forwardedClient(request.headers.get('x-forwarded-for'), settings.hops);
    if (forwarded) return forwarded;
  }
  return socketAddress ?? 'unknown';
}

/** The last value a proxy wrote into a forwarded header (the nearest proxy appends last). */
function lastForwarded(request: RequestHeaders, name: string): string | undefined {
  return request.headers.get(name)?.split(',').at(-1)?.trim().toLowerCase() || undefined;
}

/** Whether the visitor is on HTTPS: for HSTS and the Secure flag of every cookie we set. */
export function isHttps(request: RequestHeaders, url: URL, trustProxy = originSettings.trustProxy): boolean {
  return isHttpsConnection(request, url.protocol === 'https:', trustProxy);
}

/** isHttps for a connection known only as encrypted or not (a plain Node request, before any URL is made of it). */
export function isHttpsConnection(request: RequestHeaders, encrypted: boolean, trustProxy = originSettings.trustProxy): boolean {
  if (encrypted) return true;
  return trustProxy && lastForwarded(request, 'x-forwarded-proto') === 'https';
}

/**
 * The site's own origin for this request, which a browser's Origin header must equal on every
 * write: SITE_URL when it is set; otherwise the request's own, with the forwarded protocol and
 * host only behind a trusted proxy.
 */
export function siteOrigin({
  request,
  url,
  siteUrl = originSettings.siteUrl,
  trustProxy = originSettings.trustProxy,
}: {
  request: RequestHeaders;
  url: URL;
  siteUrl?: string | undefined;
  trustProxy?: boolean;
}): string {
  if (siteUrl) return new URL(siteUrl).origin;
  if (!trustProxy) return url.origin;
  const protocol = isHttps(request, url, true) ? 'https:' : url.protocol;
  const host = lastForwarded(request, 'x-forwarded-host') ?? url.host;
  try {
    return new URL(`${protocol}//${host}`).origin;
  } catch {
    return url.origin;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const FORM_TYPES = /application\/x-www-form-urlencoded|multipart\/form-data|text\/plain/i;

/**
 * Cross-site form posts are refused (CSRF), with Astro's own rule (security.checkOrigin) but
 * the site's origin from siteOrigin(): a write whose body a cross-site form could send (form
 * types, or no type) must carry an Origin equal to the site's. Other types (JSON) cannot be sent
 * cross-site by a browser without a CORS preflight, which this site never grants; the admin
 * API demands the Origin for every write anyway (src/server/auth/guard.ts).
 */
export function isCrossSiteWrite(request: Request, url: URL): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const type = request.headers.get('content-type');
  if (type !== null && !FORM_TYPES.test(type)) return false;
  return request.headers.get('origin') !== siteOrigin({ request, url });
}
