/**
 * The body limits before Astro (src/server/front-door/body-limits.ts), on a real Node server: the
 * endpoint's limit holds however the path is spelt (Astro routes `//register` and `/%72egister`
 * to the registration page), and a 413 reaches a client that asked to close the connection while
 * it is still sending (as nginx does towards the app), instead of a reset that loses the answer.
 */
import http from 'node:http';
import net from 'node:net';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyLimits, routedPath } from '../../../src/server/front-door/body-limits.ts';
import { bodyLimitFor } from '../../../src/domain/body-limits.ts';

describe('the path a limit is chosen by', () => {
  it('is the path Astro routes: dot segments resolved, escapes decoded, slashes collapsed', () => {
    expect(routedPath('/register')).toBe('/register');
    expect(routedPath('//register')).toBe('/register');
    expect(routedPath('/%72egister')).toBe('/register');
    expect(routedPath('/%2572egister')).toBe('/register');
    expect(routedPath('/x/../register?a=1')).toBe('/register');
    expect(routedPath('/%2e%2e/register')).toBe('/register');
    expect(routedPath('/api//rpc///upsert_user_session')).toBe('/api/rpc/upsert_user_session');
    expect(routedPath('http://127.0.0.1:4321//register')).toBe('/register');
    expect(routedPath('/%E0%A4%A')).toBe('/%E0%A4%A');
  });
  it('gives every spelling of an endpoint its own limit', () => {
    for (const spelling of ['/register', '/register/', '//register', '/%72egister', '/x/../register']) {
      expect(bodyLimitFor(routedPath(spelling)), spelling).toBe(8 * 1024);
    }
    expect(bodyLimitFor(routedPath('//api/rpc/get_user_session'))).toBe(4 * 1024);
    expect(bodyLimitFor(routedPath('/admin/content/faq/new'))).toBe(4 * 1024 * 1024);
    // A mail provider's notifications: 1 MB (SendGrid's batches reach 768 KB), whichever provider.
    for (const spelling of ['/api/webhooks/mail/ses', '/api/webhooks/mail/sendgrid/', '//api/webhooks/mail/%72esend'])
      expect(bodyLimitFor(routedPath(spelling)), spelling).toBe(1024 * 1024);
  });
});

describe('a body over the limit, on a real server', () => {
  let server: http.Server;
  let port: number;
  beforeAll(async () => {
    server = http.createServer(
      bodyLimits((req, res) => res.end(`read ${(req as http.IncomingMessage & { body?: Buffer }).body?.length ?? 0}`)),
    );
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    port = (server.address() as net.AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /**
   * Sends the head, then `pieces` of 64 KB one by one, going on after the server's answer (as a
   * proxy does with the body it buffered); answers what came back, how many pieces went out and
   * any write error (a reset, when the server closed before reading the body).
   */
  function send(head: string[], pieces: number, chunked: boolean) {
    return new Promise<{ answer: string; sent: number; writeError: string | null }>((resolve) => {
      const socket = net.connect({ port, host: '127.0.0.1', allowHalfOpen: true });
      let answer = '';
      let sent = 0;
      let writeError: string | null = null;
      socket.on('data', (data) => (answer += data.toString('latin1')));
      socket.on('error', (error: NodeJS.ErrnoException) => (writeError = error.code ?? error.message));
      socket.on('close', () => resolve({ answer, sent, writeError }));
      const writeBody = async () => {
        socket.write(`${head.join('\r\n')}\r\n\r\n`);
        const piece = Buffer.alloc(64 * 1024, 'a');
        for (let i = 0; i < pieces && !socket.destroyed; i++) {
          const data = chunked ? Buffer.concat([Buffer.from('10000\r\n'), piece, Buffer.from('\r\n')]) : piece;
          if (!socket.write(data)) await new Promise((resume) => (socket.once('drain', resume), socket.once('close', resume)));
          if (!socket.destroyed) sent += 1;
          // A client (or proxy) still sending after the server answered.
          await new Promise((resume) => setTimeout(resume, 5));
        }
        if (!socket.destroyed && chunked) socket.write('0\r\n\r\n');
        if (!socket.destroyed) socket.end();
      };
      socket.on('connect', () => void writeBody());
    });
  }

  it('is refused for every spelling of the path, chunked', async () => {
    for (const spelling of ['//register', '/%72egister', '/x/../register']) {
      const { answer } = await send(
        [`POST ${spelling} HTTP/1.1`, 'Host: localhost', 'Transfer-Encoding: chunked', 'Connection: close'],
        2,
        true,
      );
      expect(answer.split('\r\n')[0], spelling).toBe('HTTP/1.1 413 Payload Too Large');
      expect(answer, spelling).toContain('The request body is too large: at most 8 KB here.');
    }
  });

  it('answers 413 to a client that asked to close, and reads the rest of the body before closing', async () => {
    // Declared length (as nginx sends a buffered body) and chunked, each over the 8 KB limit.
    const declared = await send(
      ['POST /register HTTP/1.1', 'Host: localhost', `Content-Length: ${40 * 64 * 1024}`, 'Connection: close'],
      40,
      false,
    );
    expect(declared.answer.split('\r\n')[0]).toBe('HTTP/1.1 413 Payload Too Large');
    expect(declared).toMatchObject({ sent: 40, writeError: null });
    const chunked = await send(['POST /register HTTP/1.1', 'Host: localhost', 'Transfer-Encoding: chunked', 'Connection: close'], 40, true);
    expect(chunked.answer.split('\r\n')[0]).toBe('HTTP/1.1 413 Payload Too Large');
    expect(chunked).toMatchObject({ sent: 40, writeError: null });
  });

  it('hands a body within the limit on, read', async () => {
    const { answer } = await send(['POST /register HTTP/1.1', 'Host: localhost', 'Content-Length: 0', 'Connection: close'], 0, false);
    expect(answer).toMatch(/^HTTP\/1.1 200 OK[\s\S]*read 0$/);
  });
});
