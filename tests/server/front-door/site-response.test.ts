/**
 * The server's response class (src/server/front-door/site-response.ts) on a real server: every
 * answer carries the common headers and its status's reason phrase, however its head is written
 * (headers set one by one, given to writeHead as a list or an object, or none at all), and a value
 * the answer sets itself wins over the default.
 */
import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { SiteResponse } from '../../../src/server/front-door/site-response.ts';
import { configureRequestOrigin } from '../../../src/server/http/request-origin.ts';
import { rawRequest, useLoopbackServer } from '../../support/loopback-server.ts';

const ANSWERS: Record<string, (res: ServerResponse) => void> = {
  '/set-one-by-one': (res) => {
    res.setHeader('content-type', 'text/plain');
    res.statusCode = 429;
    res.end('slow down');
  },
  '/head-as-list': (res) => {
    res.writeHead(200, ['content-type', 'text/html', 'content-security-policy', "default-src 'self'"]);
    res.end('<p>page</p>');
  },
  '/head-as-pairs': (res) => {
    res.writeHead(200, [['referrer-policy', 'no-referrer']] as never);
    res.end('feed');
  },
  '/head-as-object': (res) => {
    res.writeHead(302, { Location: '/elsewhere', 'X-Frame-Options': 'SAMEORIGIN' });
    res.end();
  },
  '/august/speakers-embed': (res) => res.end('widget'),
  '/mixed': (res) => {
    res.setHeader('permissions-policy', 'camera=()');
    res.writeHead(201, ['content-type', 'text/plain']);
    res.end('made');
  },
};

describe('every answer of the server', () => {
  const server = useLoopbackServer((req, res) => ANSWERS[req.url ?? '']!(res), { ServerResponse: SiteResponse });
  afterEach(() => configureRequestOrigin({ trustProxy: false, hops: 1, siteUrl: undefined }));

  it('carries the common headers and the reason phrase of its status, however its head is written', async () => {
    for (const path of ['/set-one-by-one', '/head-as-list', '/head-as-pairs', '/head-as-object', '/mixed']) {
      const answer = await rawRequest(server.port, { path });
      expect(answer.headers['x-content-type-options'], path).toBe('nosniff');
      expect(answer.headers['cross-origin-opener-policy'], path).toBe('same-origin');
      expect(answer.headers['strict-transport-security'], path).toBeUndefined();
    }
    const limited = await rawRequest(server.port, { path: '/set-one-by-one' });
    expect(`${limited.status} ${limited.statusMessage}`).toBe('429 Too Many Requests');
    expect(limited.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(limited.headers['x-frame-options']).toBe('DENY');
  });

  it("keeps the answer's own value of a common header, once", async () => {
    const page = await rawRequest(server.port, { path: '/head-as-list' });
    expect(page.headers['content-security-policy']).toBe("default-src 'self'");
    expect((await rawRequest(server.port, { path: '/head-as-pairs' })).headers['referrer-policy']).toBe('no-referrer');
    const moved = await rawRequest(server.port, { path: '/head-as-object' });
    expect(`${moved.status} ${moved.statusMessage}`).toBe('302 Found');
    expect(moved.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(moved.headers.location).toBe('/elsewhere');
    const mixed = await rawRequest(server.port, { path: '/mixed' });
    expect(mixed.headers['permissions-policy']).toBe('camera=()');
    expect(mixed.headers['content-type']).toBe('text/plain');
    expect(`${mixed.status} ${mixed.statusMessage}`).toBe('201 Created');
  });

  it('lets widgets be framed, and adds HSTS when a trusted proxy says the request came over HTTPS', async () => {
    const widget = await rawRequest(server.port, { path: '/august/speakers-embed' });
    expect(widget.headers['x-frame-options']).toBeUndefined();
    expect(widget.headers['x-content-type-options']).toBe('nosniff');
    configureRequestOrigin({ trustProxy: true, hops: 1, siteUrl: undefined });
    const overHttps = await rawRequest(server.port, { path: '/head-as-list', headers: { 'x-forwarded-proto': 'https' } });
    expect(overHttps.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });
});
