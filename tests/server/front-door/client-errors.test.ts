/**
 * What a client sees when Node's parser refuses its request before the site's code runs
 * (src/server/front-door/client-errors.ts), on the server the boot starts (site-server.ts): an
 * address over Node's 16 KB head limit (a 100 KB API cursor) gets a 431 in problem+json; the
 * other refusals stay Node's own.
 */
import type http from 'node:http';
import net from 'node:net';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteServer } from '../../../src/server/front-door/site-server.ts';

/** Sends raw bytes and reads everything until the server closes the connection. */
async function exchange(port: number, bytes: string, { end = true } = {}): Promise<string> {
  const socket = net.connect(port, '127.0.0.1');
  await once(socket, 'connect');
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  const closed = new Promise((resolve) => socket.on('close', resolve));
  socket.on('error', () => undefined);
  socket.write(bytes);
  if (end) socket.end();
  await closed;
  return Buffer.concat(chunks).toString('utf8');
}

describe('requests the parser refuses', () => {
  let server: http.Server;
  let port: number;
  beforeAll(async () => {
    server = siteServer((_req, res) => res.end('ok'), { requestTimeoutMs: 1000 });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    port = (server.address() as net.AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('answers an address over the head limit (a 100 KB API cursor) with 431 problem+json', async () => {
    const answer = await exchange(port, `GET /api/v1/registrants?cursor=${'A'.repeat(100_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    const [head = '', body = ''] = answer.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 431 Request Header Fields Too Large\r\n/);
    expect(head).toMatch(/\r\nContent-Type: application\/problem\+json; charset=utf-8\r\n/i);
    expect(head).toMatch(/\r\nX-Content-Type-Options: nosniff\r\n/i);
    expect(JSON.parse(body)).toEqual({
      type: 'about:blank',
      title: 'Request Header Fields Too Large',
      status: 431,
      detail: 'The address and headers of the request are too long together (at most 16 KB). Send less in the address.',
    });
  });

  it('still answers a malformed request 400 and one that does not arrive in time 408, as Node does', async () => {
    expect(await exchange(port, 'NOT HTTP\r\n\r\n')).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(await exchange(port, 'GET / HTTP/1.1\r\nHost: x\r\n', { end: false })).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    // An ordinary request is untouched.
    expect(await exchange(port, 'GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')).toMatch(
      /^HTTP\/1\.1 200 OK\r\n[\s\S]*\r\n\r\nok$/,
    );
  });
});
