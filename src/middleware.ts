/**
 * Runs around every rendered request: the parsed configuration for pages and endpoints
 * (`locals.config`), the security headers, and a JSON answer instead of an error page when an
 * API route fails (503 with Retry-After while the database is unreachable). Page errors go on to
 * the route-error screen (src/pages/500.astro), a 503 "temporarily unavailable" page when the
 * database is unreachable (decision 0024). The request log line is written before Astro, for
 * every request (src/server/front-door/pipeline.ts): route-cache hits never reach this middleware.
 */
import { defineMiddleware } from 'astro:middleware';
import { checkAdmin, isAdminPath } from './server/auth/guard.ts';
import { env } from './server/env.ts';
import { isDatabaseDown } from './server/health.ts';
import { isCrossSiteWrite, isHttps } from './server/http/request-origin.ts';
import { ERROR_PAGE_STATUS_HEADER, jsonError } from './server/http/responses.ts';
import { applySecurityHeaders } from './server/http/security-headers.ts';
import { log } from './server/log.ts';
import { configureProcess } from './server/process-config.ts';
import { cacheShell } from './server/page-loaders/cached-personal-pages.ts';
import { redactKeys } from './domain/access/redact.ts';
import { RETRY_AFTER_SECONDS, TEMPORARILY_UNAVAILABLE } from './domain/shared-message-texts.ts';

export const onRequest = defineMiddleware(async (context, next) => {
  // The configuration src/server/env.ts parsed once; pages and endpoints take it from locals.
  const config = env();
  // `astro dev` runs no src/server/boot.ts: the process's pieces are configured here instead.
  if (import.meta.env.DEV) configureProcess(config);
  context.locals.config = config;
  const { pathname } = context.url;
  let response: Response;
  try {
    response = await routeRequest(context, next);
  } catch (error) {
    log.error({ err: error, method: context.request.method, path: redactKeys(pathname) }, 'request failed');
    if (!pathname.startsWith('/api/') && pathname !== '/healthz') throw error;
    // The database is down: a 503 the client may retry (decisions 0022 and 0024), not a failure of ours.
    if (await isDatabaseDown(error)) {
      response = jsonError(503, TEMPORARILY_UNAVAILABLE);
      response.headers.set('retry-after', String(RETRY_AFTER_SECONDS));
    } else {
      response = jsonError(500, 'Something went wrong on our side. Please try again shortly.');
    }
  }

  response = withErrorPageStatus(context.routePattern, response);
  applySecurityHeaders(response.headers, {
    pathname,
    https: isHttps(context.request, context.url),
    audioEmbedHost: config.AUDIO_EMBED_HOST,
  });
  // A personal page rendered with its slot becomes its shell, headers included.
  const personal = context.locals.personalPage;
  return personal ? cacheShell(personal, response) : response;
});

/** The route of src/pages/500.astro, which Astro renders for a page that failed. */
const ERROR_PAGE_ROUTE = '/500';

/** The error page's own status (503 while the database is down), which Astro cannot set. */
function withErrorPageStatus(routePattern: string, response: Response): Response {
  const status = Number(response.headers.get(ERROR_PAGE_STATUS_HEADER));
  if (routePattern !== ERROR_PAGE_ROUTE || !status) return response;
  const headers = new Headers(response.headers);
  headers.delete(ERROR_PAGE_STATUS_HEADER);
  return new Response(response.body, { status, headers });
}

const ADMIN_FORM_TYPES = /^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i;

/** Admin pages read their posts as forms: any other body is a 415, not a failed read (500). */
function unreadableAdminForm(request: Request, url: URL): Response | null {
  if (request.method !== 'POST' || url.pathname.startsWith('/api/')) return null;
  const type = request.headers.get('content-type');
  if (type === null ? request.body === null : ADMIN_FORM_TYPES.test(type)) return null;
  return jsonError(415, 'Send the form as application/x-www-form-urlencoded or multipart/form-data.');
}

/** Admin routes pass the admin guard first; admin answers are never stored by caches. */
async function routeRequest(
  context: Parameters<Parameters<typeof defineMiddleware>[0]>[0],
  next: () => Promise<Response>,
): Promise<Response> {
  context.locals.admin = null;
  // The API (docs/decisions/0060) is authorised by a bearer token, never by a cookie, so a page
  // elsewhere cannot make a browser send it: its writes need no origin check (scripts send none).
  if (!context.url.pathname.startsWith('/api/v1/') && isCrossSiteWrite(context.request, context.url)) {
    return new Response(`Cross-site ${context.request.method} form submissions are forbidden`, { status: 403 });
  }
  if (!isAdminPath(context.url.pathname)) return next();
  // Astro renders the error page of a failed admin page through this middleware again: it shows
  // nothing of the admin's, and guarding it would fail the same way (the database is down) and
  // leave it without the security headers.
  const { admin, refusal } =
    context.routePattern === ERROR_PAGE_ROUTE
      ? { admin: null, refusal: null }
      : await checkAdmin(context.request, context.url, context.cookies);
  context.locals.admin = admin;
  const response = refusal ?? unreadableAdminForm(context.request, context.url) ?? (await next());
  response.headers.set('cache-control', 'no-store');
  response.headers.set('x-robots-tag', 'noindex');
  return response;
}
