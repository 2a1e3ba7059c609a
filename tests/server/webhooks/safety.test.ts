import http from 'node:http';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it, vi } from 'vitest';
import { eventExamples, eventSchemas, eventTypes } from '../../../src/domain/events/catalogue.ts';
import { parseEndpointInput } from '../../../src/domain/events/endpoint-input.ts';
import { isInternalAddress, refusedHost } from '../../../src/server/webhooks/address-policy.ts';
import { ANSWER_LIMIT_BYTES, sendOutbound } from '../../../src/server/webhooks/post.ts';
import { signedHeaders } from '../../../src/server/webhooks/signing.ts';
import { useLoopbackServer } from '../../support/loopback-server.ts';

const ten = Buffer.alloc(10 * 1024 * 1024, 'x');
let hits = 0;
const server = useLoopbackServer((req, res) => {
  hits += 1;
  if (req.url === '/huge') {
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end(ten);
  } else if (req.url === '/redirect') {
    res.writeHead(307, { location: '/landing' });
    res.end();
  } else res.end('ok');
});

const request = (path: string, allowPrivate = true) => ({
  url: `${server.url}${path}`,
  headers: {},
  body: '{}',
  allowPrivate,
});

describe('webhook delivery safety', () => {
  it('reads at most 64 KB of a 10 MB answer', async () => {
    const outcome = await sendOutbound(request('/huge'));
    expect(outcome.status).toBe(200);
    expect(outcome.answer.length).toBe(ANSWER_LIMIT_BYTES);
  });

  it('follows no redirect', async () => {
    hits = 0;
    const outcome = await sendOutbound(request('/redirect'));
    expect(outcome.status).toBe(307);
    expect(hits).toBe(1);
  });

  it('refuses loopback, private and link-local addresses, by literal and after resolving a name', async () => {
    hits = 0;
    const literal = await sendOutbound(request('/', false));
    expect(literal).toMatchObject({ status: null, answer: expect.stringContaining('private or local address') });
    const named = await sendOutbound({ ...request('/', false), url: `http://localhost:${server.port}/` });
    expect(named).toMatchObject({ status: null, answer: expect.stringContaining('private or local address') });
    expect(hits).toBe(0);
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '::1',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '0.0.0.0',
    ]) {
      expect(isInternalAddress(address), address).toBe(true);
    }
    for (const address of ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946', '8.8.8.8']) {
      expect(isInternalAddress(address), address).toBe(false);
    }
  });

  it('refuses IPv6 addresses that carry a private IPv4 address, when saved and at delivery', async () => {
    const carriers = [
      '::7f00:1', // IPv4-compatible 127.0.0.1
      '::127.0.0.1',
      '64:ff9b::7f00:1', // NAT64 127.0.0.1
      '64:ff9b::a9fe:a9fe', // NAT64 169.254.169.254
      '64:ff9b:1::1', // NAT64 local use
      '::ffff:7f00:1', // IPv4-mapped, in hex
      '::ffff:a00:1', // 10.0.0.1
      '::ffff:0:c0a8:101', // IPv4-translated 192.168.1.1
      '2002:7f00:1::1', // 6to4 of 127.0.0.1
      '2002:c0a8:101::', // 6to4 of 192.168.1.1
      '2001:0:7f00:1::1', // Teredo, server 127.0.0.1
      '2001:0:4136:e378:8000:63bf:f5ff:fffe', // Teredo, client 10.0.0.1 (inverted)
    ];
    for (const address of carriers) {
      expect(isInternalAddress(address), address).toBe(true);
      expect(await refusedHost(new URL(`https://[${address}]/hook`), false), address).toMatch(/private or local address/);
      expect(await refusedHost(new URL(`https://[${address}]/hook`), true), address).toBeNull();
    }
    // Carrying a public IPv4 address is no reason to refuse.
    for (const address of ['64:ff9b::808:808', '2002:808:808::1', '::ffff:808:808', '2001:0:4136:e378:8000:63bf:f7f7:f7f7']) {
      expect(isInternalAddress(address), address).toBe(false);
    }
    hits = 0;
    for (const address of ['::7f00:1', '64:ff9b::7f00:1']) {
      const outcome = await sendOutbound({ ...request('/', false), url: `http://[${address}]:${server.port}/` });
      expect(outcome, address).toMatchObject({ status: null, answer: expect.stringContaining('private or local address') });
    }
    expect(hits).toBe(0);
  });

  it('gives up on a receiver that never answers', async () => {
    const hanging = http.createServer(() => undefined);
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    const port = (hanging.address() as { port: number }).port;
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const pending = sendOutbound({ url: `http://127.0.0.1:${port}/`, headers: {}, body: '{}', allowPrivate: true });
      await new Promise((resolve) => setImmediate(resolve));
      await vi.advanceTimersByTimeAsync(15_001);
      expect(await pending).toMatchObject({ status: null, answer: 'No complete answer within 15 s' });
    } finally {
      vi.useRealTimers();
      hanging.closeAllConnections();
      hanging.close();
    }
  });
});

describe('event catalogue', () => {
  it('has an example for every event that its schema accepts, and no access key in any', () => {
    for (const type of eventTypes) {
      expect(eventSchemas[type].safeParse(eventExamples[type]).success, type).toBe(true);
      expect(JSON.stringify(eventExamples[type])).not.toMatch(/key|access\//i);
    }
  });

  it('signs as the standardwebhooks reference verifies', () => {
    const secret = `whsec_${Buffer.from('0123456789abcdef0123456789abcdef').toString('base64')}`;
    const body = JSON.stringify({ type: 'registration.created', timestamp: new Date().toISOString(), data: {} });
    const headers = signedHeaders({
      eventId: 9,
      body,
      keys: { secret, previousSecret: null, previousSecretUntil: null },
      sentAt: new Date(),
    });
    expect(headers['webhook-id']).toBe('msg_9');
    expect(headers['webhook-signature']).toMatch(/^v1,/);
    expect(() => new Webhook(secret).verify(body, headers)).not.toThrow();
  });
});

describe('endpoint input', () => {
  const parse = (raw: Partial<{ url: string; events: string[]; editionId: string }>, allowPrivate = false) =>
    parseEndpointInput({ url: 'https://hooks.example.com/x', events: ['pass.granted'], editionId: '', ...raw }, { allowPrivate });

  it('answers bad input at its field', () => {
    expect(parse({ url: 'not a url' })).toMatchObject({ ok: false, errors: { url: expect.stringContaining('full address') } });
    expect(parse({ url: 'http://hooks.example.com/' })).toMatchObject({
      ok: false,
      errors: { url: 'The address must start with https://.' },
    });
    expect(parse({ events: ['order.placed'] })).toMatchObject({ ok: false, errors: { events: 'Unknown event: order.placed.' } });
    expect(parse({ events: [] })).toMatchObject({ ok: false, errors: { events: 'Choose at least one event to send.' } });
    expect(parse({ editionId: 'abc' })).toMatchObject({ ok: false, errors: { editionId: 'Choose an edition from the list.' } });
    expect(parse({})).toEqual({ ok: true, value: { url: 'https://hooks.example.com/x', events: ['pass.granted'], editionId: null } });
    expect(parse({ url: 'http://127.0.0.1:9/x' }, true)).toMatchObject({ ok: true });
  });
});
