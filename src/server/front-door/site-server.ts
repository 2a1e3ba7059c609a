/** The site's HTTP server, as the boot starts it (and the tests, to see what a client sees). */
import http from 'node:http';
import { answerClientError } from './client-errors.ts';
import { SiteResponse } from './site-response.ts';

export function siteServer(handler: http.RequestListener, options: { requestTimeoutMs: number }): http.Server {
  // A request must arrive whole within REQUEST_TIMEOUT_SECONDS (408 otherwise), its headers within
  // 20 s; Node checks open requests every second rather than its default 30 s.
  const server = http.createServer(
    {
      requestTimeout: options.requestTimeoutMs,
      headersTimeout: Math.min(20_000, options.requestTimeoutMs),
      connectionsCheckingInterval: 1000,
      ServerResponse: SiteResponse,
    },
    handler,
  );
  // A request the parser refuses (too long a head, too slow): Node's answers, a 431 as problem+json.
  server.on('clientError', answerClientError);
  return server;
}
