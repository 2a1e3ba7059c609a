/**
 * The RFC 8058 one-click unsubscribe: a mail provider POSTs "List-Unsubscribe=One-Click" to the
 * List-Unsubscribe URL, from its own servers, with no Origin header. Astro's cross-site form
 * check would refuse that, and rightly for every other form, so this one request is answered
 * here, before Astro: the unguessable token in the URL is what authenticates it. Everything
 * else (the page, its buttons) goes on to Astro as usual.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { appNow } from '../clock.ts';
import { getDatabase } from '../db/index.ts';
import type { NodeHandler } from '../http/node-request.ts';
import { log } from '../log.ts';
import { setUnsubscribed, unsubscribeState } from './unsubscribe.ts';
import { FRONT_DOOR_PATHS } from '../../domain/front-door-paths.ts';

const PATH = FRONT_DOOR_PATHS.oneClickUnsubscribe;
const MAX_BODY = 1024;

function readSmallBody(req: IncomingMessage): Promise<string | null> {
  // The body limits ahead of this handler have read it already (src/server/front-door/body-limits.ts).
  const read = (req as IncomingMessage & { body?: Buffer }).body;
  if (read) return Promise.resolve(read.length > MAX_BODY ? null : read.toString('utf8'));
  return new Promise((resolve) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
      if (body.length > MAX_BODY) {
        resolve(null);
        req.destroy();
      }
    });
    req.on('end', () => resolve(body));
    req.on('error', () => resolve(null));
  });
}

function answer(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' });
  res.end(text);
}

/** The token as the page reads it; a malformed escape ("%ZZ") is no token of ours (404, never a 500). */
function decodedToken(token: string): string {
  try {
    return decodeURIComponent(token);
  } catch {
    return '';
  }
}

/** A POST to the bare List-Unsubscribe URL; the page's own buttons post with ?change=… to Astro. */
function isOneClick(req: IncomingMessage): boolean {
  return req.method === 'POST' && PATH.test(req.url ?? '');
}

export function oneClickUnsubscribe(next: NodeHandler): NodeHandler {
  return (req, res) => {
    if (!isOneClick(req)) return next(req, res);
    void (async () => {
      const body = await readSmallBody(req);
      if (body === null || !new URLSearchParams(body).has('List-Unsubscribe'))
        return answer(res, 400, 'Expected List-Unsubscribe=One-Click.');
      const token = PATH.exec(req.url ?? '')?.[1] ?? '';
      const { db } = await getDatabase();
      const state = await unsubscribeState(db, decodedToken(token));
      if (!state) return answer(res, 404, 'This unsubscribe link is not valid.');
      await setUnsubscribed({ db, registrantId: state.registrantId, unsubscribed: true, now: appNow() });
      answer(res, 200, 'Unsubscribed.');
    })().catch((error) => {
      log.error({ err: error }, 'one-click unsubscribe failed');
      if (!res.headersSent) answer(res, 500, 'Something went wrong. Please try again.');
    });
  };
}
