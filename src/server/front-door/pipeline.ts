/**
 * What every request passes through in plain Node before Astro, in order:
 * 1. the request log (src/server/front-door/request-log.ts): one line per request when it finishes, cached or not
 *    (Astro's route cache answers hits before src/middleware.ts runs, so the log cannot live there);
 * 2. the request's shape (src/server/front-door/request-shape.ts): methods no route answers and
 *    malformed Host headers get a 4xx; then the body limits (src/server/front-door/body-limits.ts):
 *    bodies are read within the endpoint's limit while they arrive, or get a clear 413; then
 *    the RFC 8058 one-click unsubscribe POST, which Astro's cross-site form check would refuse
 *    (src/server/mail/one-click.ts);
 * 2b. after it, the private feed, its audio and listen links (src/server/feed/feed-routes.ts),
 *    and episode uploads (src/server/episodes/admin-episode-routes.ts), which stream to disk
 *    under their own limit (AUDIO_UPLOAD_LIMIT_MB), so they come before the body limits;
 * 3. a fresh hit of the route cache is answered here, before Astro (src/server/caching/route-cache.ts);
 * 4. an anonymous visitor's day page or dashboard, filled from its kept page, plain or gzip
 *    (src/server/page-loaders/cached-personal-page-route.ts): compressed once when kept, never per request;
 * 5. compression (the `compression` middleware: brotli or gzip, as the client accepts) for
 *    answers not already encoded; pages from the route cache come compressed once, kept
 *    (src/server/caching/route-cache.ts), and pass through untouched;
 * 6. Astro's handler (static files, the route cache, pages).
 */
import compression from 'compression';
import { log } from '../log.ts';
import { bodyLimits, type NodeHandler } from './body-limits.ts';
import { requestShape } from './request-shape.ts';
import { logRequest } from './request-log.ts';
import { feedRoutes } from '../feed/feed-routes.ts';
import { audioUploadLimitBytes, episodeRoutes } from '../episodes/admin-episode-routes.ts';
import type { Env } from '../env.ts';
import { oneClickUnsubscribe } from '../mail/one-click.ts';
import { serveFreshHit } from '../caching/route-cache.ts';
import { serveKeptPersonalPage } from '../page-loaders/cached-personal-page-route.ts';

export type { NodeHandler };

const compress = compression({ threshold: 1024 });

/** `config`: the parsed configuration (src/server/boot.ts passes env()); the Node routes take what they need from it. */
export function requestPipeline(astroHandler: NodeHandler, config: Pick<Env, 'siteUrl' | 'AUDIO_UPLOAD_LIMIT_MB'>): NodeHandler {
  const astro: NodeHandler = (req, res) => {
    // compression's own types are Express's; at runtime it is plain Node middleware.
    compress(req as never, res as never, () => astroHandler(req, res));
  };
  const fastPathFailed = (req: Parameters<NodeHandler>[0], res: Parameters<NodeHandler>[1], error: unknown) => {
    log.warn({ err: error }, 'personal page fast path failed; rendering instead');
    if (!res.headersSent) astro(req, res);
  };
  const afterBodyLimits: NodeHandler = (req, res) => {
    if (serveFreshHit(req, res)) return;
    let kept: boolean | Promise<boolean>;
    try {
      kept = serveKeptPersonalPage(req, res);
    } catch (error) {
      return fastPathFailed(req, res, error);
    }
    if (kept === true) return;
    if (kept === false) return astro(req, res);
    kept.then(
      (served) => served || astro(req, res),
      (error: unknown) => fastPathFailed(req, res, error),
    );
  };
  // The private feed and its audio (streamed by `send`), and episode uploads (streamed to disk
  // under their own limit): plain Node, answered before the body limits (decision 0020).
  const feed = feedRoutes(bodyLimits(oneClickUnsubscribe(afterBodyLimits)), config.siteUrl);
  const checkedAndRead = requestShape(episodeRoutes(feed, audioUploadLimitBytes(config)));
  return (req, res) => {
    logRequest(req, res);
    checkedAndRead(req, res);
  };
}
