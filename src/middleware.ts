/**
 * Runs around every request: a structured log line per request (the missing path of a 404
 * included), the security headers, and a JSON answer instead of an error page when an API
 * route fails. Page errors go on to the route-error screen (src/pages/500.astro).
 */
import { defineMiddleware } from 'astro:middleware';
import { checkAdmin, isAdminPath } from './server/auth/guard.ts';
import { env } from './server/env.ts';
import { isHttps } from './server/http/request-origin.ts';
import { jsonError } from './server/http/responses.ts';
import { applySecurityHeaders } from './server/http/security-headers.ts';
import { log } from './server/log.ts';

export const onRequest = defineMiddleware(async (context, next) => {
  const started = performance.now();
  const { pathname } = context.url;
  let response: Response;
  try {
    response = await routeRequest(context, next);
  } catch (error) {
    log.error({ err: error, method: context.request.method, path: pathname }, 'request failed');
    if (!pathname.startsWith('/api/') && pathname !== '/healthz') throw error;
    response = jsonError(500, 'Something went wrong on our side. Please try again shortly.');
  }

  applySecurityHeaders(response.headers, {
    pathname,
    https: isHttps(context.request, context.url),
    audioEmbedHost: env().AUDIO_EMBED_HOST,
  });

  const entry = {
    method: context.request.method,
    path: pathname,
    status: response.status,
    ms: Math.round((performance.now() - started) * 10) / 10,
  };
  if (response.status === 404) log.warn(entry, 'not found');
  else if (response.status >= 500) log.error(entry, 'request');
  else log.info(entry, 'request');
  return response;
});

/** Admin routes pass the admin guard first; admin answers are never stored by caches. */
async function routeRequest(context: Parameters<Parameters<typeof defineMiddleware>[0]>[0], next: () => Promise<Response>): Promise<Response> {
  context.locals.admin = null;
  if (!isAdminPath(context.url.pathname)) return next();
  const { admin, refusal } = await checkAdmin(context.request, context.url, context.cookies);
  context.locals.admin = admin;
  const response = refusal ?? (await next());
  response.headers.set('cache-control', 'no-store');
  response.headers.set('x-robots-tag', 'noindex');
  return response;
}

