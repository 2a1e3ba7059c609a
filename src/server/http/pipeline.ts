/**
 * What every request passes through in plain Node before Astro, in order:
 * 1. the request log (pino-http): one line per request when it finishes, cached or not
 *    (Astro's route cache answers hits before src/middleware.ts runs, so the log cannot live there);
 * 2. the request's shape (src/server/http/request-shape.ts): methods no route answers and
 *    malformed Host headers get a 4xx; then the body limits (src/server/http/body-limits.ts):
 *    bodies are read within the endpoint's limit while they arrive, or get a clear 413; then
 *    the RFC 8058 one-click unsubscribe POST, which Astro's cross-site form check would refuse
 *    (src/server/mail/one-click.ts);
 * 2b. after it, the private feed, its audio and listen links (src/server/feed/feed-routes.ts),
 *    and episode uploads (src/server/episodes/admin-episode-routes.ts), which stream to disk
 *    under their own limit (AUDIO_UPLOAD_LIMIT_MB), so they come before the body limits;
 * 3. a fresh hit of the route cache is answered here, before Astro (src/server/http/route-cache.ts);
 * 4. compression (the `compression` middleware: brotli or gzip, as the client accepts) for
 *    answers not already encoded; pages from the route cache come compressed once, kept
 *    (src/server/http/route-cache.ts), and pass through untouched;
 * 5. a returning visitor's day page or dashboard, filled from its kept shell
 *    (src/server/page-loaders/returning-visitor.ts);
 * 6. Astro's handler (static files, the route cache, pages).
 */
import compression from 'compression';
import { pinoHttp } from 'pino-http';
import { log } from '../log.ts';
import { bodyLimits, type NodeHandler } from './body-limits.ts';
import { requestShape } from './request-shape.ts';
import { redactKeys } from '../../domain/access/redact.ts';
import { feedRoutes } from '../feed/feed-routes.ts';
import { audioUploadLimitBytes, episodeRoutes } from '../episodes/admin-episode-routes.ts';
import type { Env } from '../env.ts';
import { oneClickUnsubscribe } from '../mail/one-click.ts';
import { serveFreshHit } from './route-cache.ts';
import { serveReturningVisitor } from '../page-loaders/returning-visitor.ts';

export type { NodeHandler };

/**
 * The path without its query, with personal keys redacted (src/domain/access/redact.ts): queries
 * may carry tokens, paths may carry access keys, and the path is what a reader needs.
 */
export function pathOf(url: string | undefined): string {
  const path = url ?? '/';
  const end = path.indexOf('?');
  return redactKeys(end === -1 ? path : path.slice(0, end));
}

const requestLog = pinoHttp({
  logger: log,
  quietReqLogger: true,
  customAttributeKeys: { responseTime: 'ms' },
  serializers: {
    req: (req: { method: string; url: string }) => ({ method: req.method, path: pathOf(req.url) }),
    res: (res: { statusCode: number; headers: Record<string, unknown> }) => ({ status: res.statusCode, cache: res.headers?.['x-astro-cache'] }),
  },
  customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? 'error' : res.statusCode === 404 ? 'warn' : 'info'),
  customSuccessMessage: (_req, res) => (res.statusCode === 404 ? 'not found' : 'request'),
  customErrorMessage: () => 'request failed',
});

const compress = compression({ threshold: 1024 });

/** `config`: the parsed configuration (src/server/boot.ts passes env()); the Node routes take what they need from it. */
export function requestPipeline(astroHandler: NodeHandler, config: Pick<Env, 'siteUrl' | 'AUDIO_UPLOAD_LIMIT_MB'>): NodeHandler {
  const afterCompression: NodeHandler = (req, res) => {
    serveReturningVisitor(req, res).then(
      (served) => served || astroHandler(req, res),
      (error: unknown) => {
        log.warn({ err: error }, 'personal page fast path failed; rendering instead');
        astroHandler(req, res);
      },
    );
  };
  const afterBodyLimits: NodeHandler = (req, res) => {
    if (serveFreshHit(req, res)) return;
    // compression's own types are Express's; at runtime it is plain Node middleware.
    compress(req as never, res as never, () => afterCompression(req, res));
  };
  // The private feed and its audio (streamed by `send`), and episode uploads (streamed to disk
  // under their own limit): plain Node, answered before the body limits (decision 0020).
  const feed = feedRoutes(bodyLimits(oneClickUnsubscribe(afterBodyLimits)), config.siteUrl);
  const checkedAndRead = requestShape(episodeRoutes(feed, audioUploadLimitBytes(config)));
  return (req, res) => {
    requestLog(req, res);
    checkedAndRead(req, res);
  };
}
