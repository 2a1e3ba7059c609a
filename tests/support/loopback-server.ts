/**
 * A real Node HTTP server on 127.0.0.1 for the length of a describe block, answering with the
 * handler under test, and a raw request helper for what `fetch` cannot send (any method, any
 * Host header).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';

export type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

export function useLoopbackServer(handler: Handler, options: http.ServerOptions = {}): { url: string; port: number } {
  const state = { url: '', port: 0 };
  let server: http.Server;
  beforeAll(async () => {
    server = http.createServer(options, handler);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    state.port = (server.address() as AddressInfo).port;
    state.url = `http://127.0.0.1:${state.port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return state;
}

export interface RawAnswer {
  status: number;
  statusMessage: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** One request with exactly this method, path and headers (Host included), and its whole answer. */
export function rawRequest(
  port: number,
  options: { method?: string; path: string; headers?: http.OutgoingHttpHeaders; body?: string | Buffer },
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: '127.0.0.1', port, method: options.method ?? 'GET', path: options.path, headers: options.headers, agent: false },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            statusMessage: response.statusMessage ?? '',
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(options.body);
  });
}
