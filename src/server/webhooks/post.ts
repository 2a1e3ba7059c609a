/**
 * One request out of the site (docs/decisions/0058): a webhook POST, or a call to the host's
 * e-mail list service (docs/decisions/0059). No redirect is followed (a 3xx is a failure), the
 * connection must open within 5 s and the whole exchange end within 15 s, and at most 64 KB of
 * the answer is read before the connection is cut. Only the worker calls this, so a slow
 * receiver never slows a page, a registration or a payment.
 *
 * Connections to a receiver stay open between deliveries (bench/RESULTS.md, "Webhooks from a
 * backlog"): each one is opened through the address check, and each address policy has its own
 * pool, so a connection is never reused under a policy that would have refused it.
 */
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { guardedLookup, isInternalAddress, RefusedAddressError } from './address-policy.ts';

export const CONNECT_TIMEOUT_MS = 5000;
export const TOTAL_TIMEOUT_MS = 15_000;
export const ANSWER_LIMIT_BYTES = 64 * 1024;

export interface PostOutcome {
  /** The HTTP status; null when no answer came. */
  status: number | null;
  /** The answer read (at most 64 KB), or what went wrong. */
  answer: string;
  durationMs: number;
}

export interface PostRequest {
  url: string;
  headers: Record<string, string>;
  /** Absent: a request without a body (GET, DELETE). */
  body?: string | undefined;
  allowPrivate: boolean;
  /** POST unless said otherwise. */
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
}

function refuseLiteral(url: URL, allowPrivate: boolean): void {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!allowPrivate && net.isIP(host) && isInternalAddress(host)) {
    throw new RefusedAddressError(`${host} is a private or local address; webhooks are not sent there (WEBHOOKS_ALLOW_PRIVATE).`);
  }
}

/** Idle connections close after this: below the 5 s most servers keep an idle connection open. */
const IDLE_CLOSE_MS = 4000;
/** As many connections per receiver as the worker sends at once (deliver.ts). */
const SOCKETS_PER_RECEIVER = 16;
const pools = new Map<string, http.Agent>();

function poolFor(protocol: string, allowPrivate: boolean): http.Agent {
  const key = `${protocol}${allowPrivate}`;
  let pool = pools.get(key);
  if (!pool) {
    const options = { keepAlive: true, maxSockets: SOCKETS_PER_RECEIVER, maxFreeSockets: SOCKETS_PER_RECEIVER, timeout: IDLE_CLOSE_MS };
    pool = protocol === 'https:' ? new https.Agent(options) : new http.Agent(options);
    pools.set(key, pool);
  }
  return pool;
}

/** A kept connection the receiver closed just as it was reused: the request never reached it. */
class ClosedWhileIdle extends Error {}

function exchange(request: PostRequest, url: URL): Promise<{ status: number; answer: string }> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const body = request.body;
    const req = client.request(url, {
      method: request.method ?? 'POST',
      agent: poolFor(url.protocol, request.allowPrivate),
      lookup: guardedLookup(request.allowPrivate) as never,
      headers:
        body === undefined
          ? request.headers
          : { ...request.headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    });
    const total = setTimeout(() => req.destroy(new Error('No complete answer within 15 s')), TOTAL_TIMEOUT_MS);
    req.on('socket', (socket) => {
      // A kept connection is open already.
      if (!socket.connecting) return;
      const connect = setTimeout(() => req.destroy(new Error('Could not connect within 5 s')), CONNECT_TIMEOUT_MS);
      socket.once('connect', () => clearTimeout(connect));
      socket.once('close', () => clearTimeout(connect));
    });
    req.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(total);
      const stale = req.reusedSocket && (error.code === 'ECONNRESET' || error.code === 'EPIPE');
      reject(stale ? new ClosedWhileIdle(error.message) : error);
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const finish = () => {
        clearTimeout(total);
        resolve({ status: res.statusCode ?? 0, answer: Buffer.concat(chunks).toString('utf8') });
      };
      res.on('data', (chunk: Buffer) => {
        const room = ANSWER_LIMIT_BYTES - size;
        chunks.push(chunk.subarray(0, room));
        size += Math.min(room, chunk.length);
        // Enough read: the rest of a huge answer is never downloaded.
        if (size >= ANSWER_LIMIT_BYTES) {
          res.destroy();
          finish();
        }
      });
      res.on('end', finish);
      res.on('error', (error) => {
        clearTimeout(total);
        reject(error);
      });
    });
    req.end(body);
  });
}

/** Sends one request and says what came back; never throws. */
export async function sendOutbound(request: PostRequest): Promise<PostOutcome> {
  const started = performance.now();
  const durationMs = () => Math.round(performance.now() - started);
  try {
    const url = new URL(request.url);
    refuseLiteral(url, request.allowPrivate);
    // Sent again once on a fresh connection when a kept one was closed under it (nothing was answered).
    const { status, answer } = await exchange(request, url).catch((error: unknown) => {
      if (error instanceof ClosedWhileIdle) return exchange(request, url);
      throw error;
    });
    return { status, answer, durationMs: durationMs() };
  } catch (error) {
    return { status: null, answer: error instanceof Error ? error.message : String(error), durationMs: durationMs() };
  }
}
