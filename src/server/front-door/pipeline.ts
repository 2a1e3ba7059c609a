/**
 * What every request passes through in plain Node before Astro: one flat, ordered list of steps
 * (STEPS below), each of which answers the request or hands it to the next. The order matters:
 * - the request log comes first, so every request gets its line, cached or not (Astro's route
 *   cache answers hits before src/middleware.ts runs, so the log cannot live there);
 * - (the headers every answer carries and its reason phrase are added when its head is written:
 *   site-response.ts, the server's response class);
 * - the request's shape next: methods no route answers and malformed Host headers get a 4xx;
 * - episode uploads, edition archive uploads and the private feed (its audio and listen links)
 *   before the body limits: uploads stream to disk under their own limits (AUDIO_UPLOAD_LIMIT_MB,
 *   EDITION_ARCHIVE_LIMIT_MB), the feed reads no body (decision 0020);
 * - the body limits (the one table in src/domain/body-limits.ts): bodies are read within the
 *   endpoint's limit while they arrive, or get a clear 413;
 * - the RFC 8058 one-click unsubscribe POST, which Astro's cross-site form check would refuse;
 * - a day page or dashboard of an anonymous visitor or a signed-in registrant, filled from its
 *   cached page, plain or gzip (compressed once when cached, never per request); these pages are
 *   never in the route cache, so they are looked for first;
 * - a fresh hit of the route cache, answered here, compressed once when it was cached;
 * - compression (brotli or gzip, as the client accepts) for answers not already encoded;
 * - then Astro's handler (static files, the route cache, pages).
 */
import compression from 'compression';
import { serveFreshHit } from '../caching/route-cache.ts';
import { audioUploadLimitBytes, episodeRoutes } from '../episodes/admin-episode-routes.ts';
import { archiveLimitBytes, archiveUploadRoute } from '../editions/archive-upload-route.ts';
import type { Env } from '../env.ts';
import { feedRoutes } from '../feed/feed-routes.ts';
import type { NodeHandler } from '../http/node-request.ts';
import { log } from '../log.ts';
import { oneClickUnsubscribe } from '../mail/one-click.ts';
import { serveCachedPersonalPage } from '../page-loaders/cached-personal-page-route.ts';
import { bodyLimits } from './body-limits.ts';
import { logRequest } from './request-log.ts';
import { requestShape } from './request-shape.ts';

export type { NodeHandler };

/** A step of the pipeline: given the rest of it, the handler that answers or hands on. */
type Step = (next: NodeHandler) => NodeHandler;

type PipelineConfig = Pick<Env, 'siteUrl' | 'AUDIO_UPLOAD_LIMIT_MB' | 'AUDIO_EMBED_HOST' | 'EDITION_ARCHIVE_LIMIT_MB'>;

const logged: Step = (next) => (req, res) => {
  logRequest(req, res);
  next(req, res);
};

const freshRouteCacheHits: Step = (next) => (req, res) => {
  if (!serveFreshHit(req, res)) next(req, res);
};

/** The cached personal page, when it can answer at once or after one row; anything else goes on to Astro. */
const cachedPersonalPages: Step = (next) => (req, res) => {
  const declined = (error: unknown) => {
    log.warn({ err: error }, 'personal page fast path failed; rendering instead');
    if (!res.headersSent) next(req, res);
  };
  let served: boolean | Promise<boolean>;
  try {
    served = serveCachedPersonalPage(req, res);
  } catch (error) {
    return declined(error);
  }
  if (served === false) return next(req, res);
  if (served !== true) served.then((done) => done || next(req, res), declined);
};

const compress = compression({ threshold: 1024 });
const compressed: Step = (next) => (req, res) => {
  // compression's own types are Express's; at runtime it is plain Node middleware.
  compress(req as never, res as never, () => next(req, res));
};

/** The steps in the order a request meets them; `config` is the parsed configuration (src/server/boot.ts passes env()). */
function steps(config: PipelineConfig): Step[] {
  return [
    logged,
    requestShape,
    (next) => episodeRoutes(next, { limit: audioUploadLimitBytes(config), audioHost: config.AUDIO_EMBED_HOST }),
    (next) => archiveUploadRoute(next, archiveLimitBytes(config)),
    (next) => feedRoutes(next, config.siteUrl),
    bodyLimits,
    oneClickUnsubscribe,
    cachedPersonalPages,
    freshRouteCacheHits,
    compressed,
  ];
}

export function requestPipeline(astroHandler: NodeHandler, config: PipelineConfig): NodeHandler {
  return steps(config).reduceRight<NodeHandler>((next, step) => step(next), astroHandler);
}
