/**
 * The API on a real HTTP server on loopback, answered by the same router the site's page calls
 * (src/pages/api/v1/[...path].ts), on a test database; and a client that sends JSON with a token.
 */
import type http from 'node:http';
import {
  mailOutbox,
  registrants,
  webhookEndpoints,
  webhookEvents,
  apiTokens,
  auditLog,
  importJobs,
  purchases,
} from '../../../../src/server/db/schema.ts';
import type { Database, DbHandle } from '../../../../src/server/db/client.ts';
import { answerApiRequest } from '../../../../src/server/api/router.ts';
import { createApiToken } from '../../../../src/server/api/tokens.ts';
import { createEndpoint } from '../../../../src/server/webhooks/endpoints.ts';
import { eventTypes } from '../../../../src/domain/events/catalogue.ts';
import { useLoopbackServer } from '../../../support/loopback-server.ts';

/** Before the demo july edition's summit: its registration is open. */
export const NOW = new Date('2025-07-01T12:00:00Z');

export function useApiServer(ctx: { handle: DbHandle }, options: { rateLimit?: number } = {}) {
  const handler = (req: http.IncomingMessage, res: http.ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const method = req.method ?? 'GET';
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value);
      const request = new Request(`http://127.0.0.1${req.url}`, {
        method,
        headers,
        body: method === 'GET' || method === 'HEAD' ? null : Buffer.concat(chunks),
      });
      // Each test may act as its own client (as the site behind a trusted proxy counts X-Forwarded-For).
      const client = req.headers['x-forwarded-for'];
      const clientAddress = typeof client === 'string' ? client : (req.socket.remoteAddress ?? 'unknown');
      answerApiRequest(request, { handle: ctx.handle, rateLimit: options.rateLimit ?? 600, clientAddress, now: NOW }).then(
        async (response) => {
          res.writeHead(response.status, Object.fromEntries(response.headers));
          res.end(Buffer.from(await response.arrayBuffer()));
        },
        (error: unknown) => {
          res.writeHead(599);
          res.end(String(error));
        },
      );
    });
  };
  const server = useLoopbackServer(handler);
  return {
    get url() {
      return `${server.url}/api/v1`;
    },
    async call(token: string, method: string, path: string, init: { body?: unknown; raw?: string; headers?: Record<string, string> } = {}) {
      const hasBody = init.body !== undefined || init.raw !== undefined;
      const response = await fetch(`${server.url}/api/v1${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(hasBody ? { 'content-type': 'application/json' } : {}), ...init.headers },
        body: init.raw ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
      });
      const text = await response.text();
      return { status: response.status, headers: response.headers, body: text ? (JSON.parse(text) as Record<string, unknown>) : null };
    },
  };
}

export async function makeToken(db: Database, scope: 'read' | 'write', edition: string | null = null): Promise<string> {
  const made = await createApiToken(db, { name: `test ${scope}`, scope, edition }, 'test');
  if (!made.ok) throw new Error(JSON.stringify(made.errors));
  return made.token;
}

/** No registrants, mail, events, tokens or audit lines; one endpoint that wants every event, so events are recorded. */
export async function startFresh(db: Database): Promise<void> {
  await db.delete(purchases);
  await db.delete(registrants);
  await db.delete(mailOutbox);
  await db.delete(webhookEvents);
  await db.delete(webhookEndpoints);
  await db.delete(apiTokens);
  await db.delete(auditLog);
  await db.delete(importJobs);
  const made = await createEndpoint(db, { url: 'http://127.0.0.1:9/hook', events: [...eventTypes], editionId: '' }, { allowPrivate: true });
  if (!made.ok) throw new Error('endpoint refused');
}

export async function eventsOf(db: Database): Promise<{ type: string; data: Record<string, unknown> }[]> {
  const rows = await db.select().from(webhookEvents).orderBy(webhookEvents.id);
  return rows.map((row) => {
    const payload = JSON.parse(row.payload) as { type: string; data: Record<string, unknown> };
    return { type: payload.type, data: payload.data };
  });
}
