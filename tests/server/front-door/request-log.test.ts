/**
 * The request log (src/server/front-door/request-log.ts) on a real Node server: one JSON line per
 * request once its answer has gone out, with the method, the path (query dropped, personal keys
 * redacted), the status, the route cache's verdict and the time taken.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { noteCacheVerdict } from '../../../src/server/caching/cache-verdict.ts';
import { logRequest } from '../../../src/server/front-door/request-log.ts';
import { useLogLines, type LogLine } from '../../support/log-lines.ts';
import { useLoopbackServer } from '../../support/loopback-server.ts';

interface RequestLine extends LogLine {
  req: { method: string; path: string };
  res: { status: number; cache?: string };
  ms: number;
}

describe('the request log', () => {
  const log = useLogLines('info');
  const server = useLoopbackServer((req, res) => {
    logRequest(req, res);
    const path = (req.url ?? '/').split('?')[0];
    if (path === '/slow') return void setTimeout(() => res.end('late'), 150);
    if (path === '/missing') return void res.writeHead(404).end('no');
    if (path === '/broken') return void res.writeHead(500).end('oops');
    if (path === '/hangs') return; // never answered: the client gives up
    if (path === '/hit') {
      noteCacheVerdict(res, 'HIT');
      return void res.writeHead(200, ['content-type', 'text/plain']).end('cached');
    }
    if (path === '/astro') return void res.setHeader('x-astro-cache', 'MISS').end('rendered');
    res.end('ok');
  });

  /** The lines written for requests to this path (as logged), once `count` of them are there. */
  async function linesFor(path: string, count = 1): Promise<RequestLine[]> {
    const mine = () => (log.lines as RequestLine[]).filter((line) => line.req?.path === path);
    await expect.poll(() => mine().length).toBeGreaterThanOrEqual(count);
    await sleep(50); // a second line would have come by now
    return mine();
  }

  it('writes one JSON line per answered request, with method, path, status and duration', async () => {
    expect((await fetch(`${server.url}/slow`)).status).toBe(200);
    const [line, ...more] = await linesFor('/slow');
    expect(more).toEqual([]);
    expect(line).toMatchObject({ level: 'info', msg: 'request', req: { method: 'GET', path: '/slow' }, res: { status: 200 } });
    expect(line!.ms).toBeGreaterThanOrEqual(140);
    expect(line!.ms).toBeLessThan(10_000);
    // One line of JSON each, nothing else.
    const raw = log.raw.find((text) => text.includes('"/slow"'))!;
    expect(raw.endsWith('\n')).toBe(true);
    expect(raw.trimEnd()).not.toContain('\n');
    expect(JSON.parse(raw)).toEqual(line);

    await fetch(`${server.url}/ok`, { method: 'POST', body: 'x' });
    expect(await linesFor('/ok')).toMatchObject([{ req: { method: 'POST', path: '/ok' }, res: { status: 200 } }]);
  });

  it('writes a 404 as a warning and a 5xx as an error', async () => {
    expect((await fetch(`${server.url}/missing`)).status).toBe(404);
    expect((await fetch(`${server.url}/broken`)).status).toBe(500);
    expect(await linesFor('/missing')).toMatchObject([{ level: 'warn', msg: 'not found', res: { status: 404 } }]);
    expect(await linesFor('/broken')).toMatchObject([{ level: 'error', msg: 'request failed', res: { status: 500 } }]);
  });

  it('never writes a personal key or a query: feed and access keys are redacted', async () => {
    const key = '7-SECRETkeyABCDEFGHIJKLMNOPQRSTUV';
    await fetch(`${server.url}/feed/${key}.xml`);
    await fetch(`${server.url}/feed/${key}/12.mp3`);
    await fetch(`${server.url}/access/${key}`);
    await fetch(`${server.url}/access/sign-out`);
    await fetch(`${server.url}/day-1?token=${key}`);
    expect(await linesFor('/feed/[key].xml')).toHaveLength(1);
    expect(await linesFor('/feed/[key]/12.mp3')).toHaveLength(1);
    expect(await linesFor('/access/[key]')).toHaveLength(1);
    expect(await linesFor('/access/sign-out')).toHaveLength(1);
    expect(await linesFor('/day-1')).toHaveLength(1);
    expect(log.raw.filter((text) => text.includes('SECRET'))).toEqual([]);
  });

  it('records the route cache’s verdict, whether answered before Astro or by it', async () => {
    await fetch(`${server.url}/hit`);
    await fetch(`${server.url}/astro`);
    await fetch(`${server.url}/plain`);
    expect((await linesFor('/hit'))[0]!.res).toEqual({ status: 200, cache: 'HIT' });
    expect((await linesFor('/astro'))[0]!.res).toEqual({ status: 200, cache: 'MISS' });
    expect((await linesFor('/plain'))[0]!.res).toEqual({ status: 200 });
  });

  it('writes one warning when the client goes away before the answer', async () => {
    await expect(fetch(`${server.url}/hangs`, { signal: AbortSignal.timeout(200) })).rejects.toThrow();
    expect(await linesFor('/hangs')).toMatchObject([{ level: 'warn', msg: 'request aborted', req: { path: '/hangs' } }]);
  });
});

describe('the request log above its level', () => {
  const log = useLogLines('error');
  const server = useLoopbackServer((req, res) => {
    logRequest(req, res);
    res.writeHead(req.url === '/broken' ? 500 : 200).end();
  });

  it('writes only the lines at or above the configured level', async () => {
    await fetch(`${server.url}/fine`);
    await fetch(`${server.url}/broken`);
    await expect.poll(() => log.lines.length).toBe(1);
    await sleep(50);
    expect(log.lines).toMatchObject([{ level: 'error', req: { path: '/broken' } }]);
  });
});
