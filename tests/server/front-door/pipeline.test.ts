/**
 * The Node request pipeline (src/server/front-door/pipeline.ts) on a real server, with a stand-in for
 * Astro's handler: what it refuses itself (a method no route answers, a malformed Host, a body
 * over its endpoint's limit), what it hands on (everything else, with the body already read and
 * compressed on the way out), and that every request, refused or not, writes its log line. Only
 * requests that need no database are sent here; the feed and the kept pages have their own tests.
 */
import { gunzipSync } from 'node:zlib';
import type { IncomingMessage } from 'node:http';
import { beforeEach, describe, expect, it } from 'vitest';
import { requestPipeline } from '../../../src/server/front-door/pipeline.ts';
import { SiteResponse } from '../../../src/server/front-door/site-response.ts';
import { useLogLines } from '../../support/log-lines.ts';
import { rawRequest, useLoopbackServer } from '../../support/loopback-server.ts';

const PAGE = `<!doctype html><p>${'A page long enough to be worth compressing. '.repeat(60)}</p>`;

describe('the request pipeline', () => {
  const log = useLogLines('info');
  const reachedAstro: Array<{ method?: string; url?: string; body?: number }> = [];
  const pipeline = requestPipeline(
    (req, res) => {
      const body = (req as IncomingMessage & { body?: Buffer }).body;
      reachedAstro.push({ method: req.method, url: req.url, body: body?.length });
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.end(PAGE);
    },
    { siteUrl: 'http://127.0.0.1', AUDIO_UPLOAD_LIMIT_MB: 1, AUDIO_EMBED_HOST: 'player.example-audio.com', EDITION_ARCHIVE_LIMIT_MB: 1 },
  );
  const server = useLoopbackServer(pipeline, { ServerResponse: SiteResponse });
  beforeEach(() => {
    reachedAstro.length = 0;
  });

  it('hands an ordinary request on to Astro, compressed as the client accepts', async () => {
    const answer = await rawRequest(server.port, { path: '/about?x=1', headers: { 'accept-encoding': 'gzip' } });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(answer.body).toString()).toBe(PAGE);
    expect(reachedAstro).toEqual([{ method: 'GET', url: '/about?x=1', body: undefined }]);

    const identity = await rawRequest(server.port, { path: '/about' });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body.toString()).toBe(PAGE);
  });

  it('answers 405 for a method no route serves, without reaching Astro', async () => {
    const answer = await rawRequest(server.port, { method: 'TRACE', path: '/' });
    expect(answer.status).toBe(405);
    expect(answer.statusMessage).toBe('Method Not Allowed');
    expect(answer.headers.allow).toBe('GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS');
    expect(JSON.parse(answer.body.toString())).toEqual({ error: 'This method is not allowed.' });
    expect(reachedAstro).toEqual([]);
  });

  it('answers 400 for a Host header that is not a host name, without reaching Astro', async () => {
    for (const host of ['user@example.com', 'example.com/path', 'a b']) {
      const answer = await rawRequest(server.port, { path: '/', headers: { host } });
      expect(answer.status, host).toBe(400);
      expect(JSON.parse(answer.body.toString())).toEqual({ error: 'The Host header is not a host name.' });
    }
    expect(reachedAstro).toEqual([]);
  });

  it('answers 413 for a body over its endpoint’s limit, and hands a body within it to Astro already read', async () => {
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const over = await rawRequest(server.port, { method: 'POST', path: '/register', headers: form, body: 'x'.repeat(8 * 1024 + 1) });
    expect(over.status).toBe(413);
    expect(JSON.parse(over.body.toString())).toEqual({ error: 'The request body is too large: at most 8 KB here.' });
    expect(reachedAstro).toEqual([]);

    const within = await rawRequest(server.port, { method: 'POST', path: '/register', headers: form, body: 'x'.repeat(8 * 1024) });
    expect(within.status).toBe(200);
    expect(reachedAstro).toEqual([{ method: 'POST', url: '/register', body: 8 * 1024 }]);
  });

  it('sends the feed’s paths to the feed routes, not to Astro', async () => {
    const answer = await rawRequest(server.port, { method: 'DELETE', path: '/feed/some-key.xml' });
    expect(answer.status).toBe(405);
    expect(answer.headers.allow).toBe('GET, HEAD');
    expect(answer.body.toString()).toBe('Only GET and HEAD are answered here.');
    expect(reachedAstro).toEqual([]);
  });

  it('hands a day page whose edition is not loaded yet on to Astro', async () => {
    const answer = await rawRequest(server.port, { path: '/july/day-1' });
    expect(answer.status).toBe(200);
    expect(reachedAstro).toEqual([{ method: 'GET', url: '/july/day-1', body: undefined }]);
  });

  it('writes one log line for every request, refused ones too', async () => {
    await rawRequest(server.port, { method: 'TRACE', path: '/traced' });
    await rawRequest(server.port, { path: '/logged' });
    await expect
      .poll(() => log.lines.filter((line) => ['/traced', '/logged'].includes((line.req as { path: string })?.path)).length)
      .toBe(2);
    expect(log.lines).toContainEqual(expect.objectContaining({ req: { method: 'TRACE', path: '/traced' }, res: { status: 405 } }));
    expect(log.lines).toContainEqual(expect.objectContaining({ req: { method: 'GET', path: '/logged' }, res: { status: 200 } }));
  });
});
