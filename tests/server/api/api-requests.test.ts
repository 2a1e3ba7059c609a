import { beforeEach, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { apiTokens, registrants } from '../../../src/server/db/schema.ts';
import { claimKey, requestFingerprint } from '../../../src/server/api/idempotency.ts';
import { describeEachDatabase, useTestDatabase } from '../../support/databases.ts';
import { makeToken, startFresh, useApiServer } from './support/api-server.ts';

const PROBLEM = /^application\/problem\+json/;

describeEachDatabase('/api/v1 requests: bad input, idempotency, limits', (database) => {
  const ctx = useTestDatabase(database, { seed: true });
  const api = useApiServer(ctx, { rateLimit: 40 });
  let write = '';
  beforeEach(async () => {
    await startFresh(ctx.db);
    write = await makeToken(ctx.db, 'write');
  });

  it('answers bad input with problem+json field by field, and stores nothing', async () => {
    const malformed = await api.call(write, 'POST', '/registrants', { raw: '{"email": "a@example.com",' });
    expect(malformed).toMatchObject({
      status: 400,
      body: { type: 'about:blank', title: 'Bad Request', detail: 'The body is not valid JSON.' },
    });
    expect(malformed.headers.get('content-type')).toMatch(PROBLEM);
    const types = await api.call(write, 'POST', '/registrants', {
      body: { email: 7, name: ['x'], edition: 'july', send_email: 'yes', extra: 1 },
    });
    expect(types.status).toBe(422);
    const pointers = (types.body!.errors as { pointer: string }[]).map((error) => error.pointer).sort();
    expect(pointers).toEqual(['#/email', '#/extra', '#/name', '#/send_email']);
    const invalid = await api.call(write, 'POST', '/registrants', { body: { email: 'not-an-address', name: ' ', edition: 'july' } });
    expect(invalid.body!.errors).toEqual([
      { pointer: '#/email', detail: 'Please enter a valid e-mail address, like name@example.com.' },
      { pointer: '#/name', detail: 'Please tell us your first name.' },
    ]);
    const array = await api.call(write, 'POST', '/registrants', { raw: '[1,2]' });
    expect(array.status).toBe(422);
    const huge = await api.call(write, 'POST', '/registrants', {
      raw: JSON.stringify({ email: 'h@example.com', name: 'x'.repeat(70_000), edition: 'july' }),
    });
    expect(huge.status).toBe(413);
    expect(huge.headers.get('content-type')).toMatch(PROBLEM);
    const form = await api.call(write, 'POST', '/registrants', {
      raw: 'email=a',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(415);
    const limit = await api.call(write, 'GET', '/registrants?limit=0&colour=red');
    expect(limit.status).toBe(400);
    expect((limit.body!.errors as { pointer: string }[]).map((error) => error.pointer).sort()).toEqual(['#/query/colour', '#/query/limit']);
    expect((await api.call(write, 'GET', '/registrants/abc')).status).toBe(404);
    expect((await api.call(write, 'GET', '/nothing-here')).body).toMatchObject({ status: 404 });
    const method = await api.call(write, 'PUT', '/registrants');
    expect(method.status).toBe(405);
    expect(method.headers.get('allow')).toBe('GET, POST');
    expect(await ctx.db.select().from(registrants)).toEqual([]);
  });

  it('refuses a request without a live token with 401', async () => {
    for (const token of ['', 'sat_nothing', 'x'.repeat(500)]) {
      const refused = await api.call(token, 'GET', '/editions');
      expect(refused.status).toBe(401);
      expect(refused.headers.get('www-authenticate')).toBe('Bearer realm="api"');
    }
  });

  it('answers a repeated Idempotency-Key with the stored answer, another body with 422, and a running one with 409', async () => {
    const body = { email: 'once@example.com', name: 'Once', edition: 'july' };
    const headers = { 'idempotency-key': 'key-1' };
    const first = await api.call(write, 'POST', '/registrants', { body, headers });
    expect(first.status).toBe(201);
    // The same request, its keys in another order: the stored answer, nothing done again.
    const reordered = { edition: 'july', name: 'Once', email: 'once@example.com' };
    const second = await api.call(write, 'POST', '/registrants', { body: reordered, headers });
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    const other = await api.call(write, 'POST', '/registrants', { body: { ...body, name: 'Twice' }, headers });
    expect(other.status).toBe(422);
    expect(other.headers.get('content-type')).toMatch(PROBLEM);
    // Another token's key is its own.
    const elsewhere = await api.call(await makeToken(ctx.db, 'write'), 'POST', '/registrants', {
      body: { ...body, email: 'b@example.com' },
      headers,
    });
    expect(elsewhere.status).toBe(201);
    expect(await ctx.db.select().from(registrants)).toHaveLength(2);

    // Two requests with one key at once: one runs, the other is told it is running (or gets its answer).
    const racing = await Promise.all(
      [1, 2].map(() =>
        api.call(write, 'POST', '/registrants', { body: { ...body, email: 'race@example.com' }, headers: { 'idempotency-key': 'race' } }),
      ),
    );
    const statuses = racing.map((answer) => answer.status).sort();
    expect([
      [201, 409],
      [201, 201],
    ]).toContainEqual(statuses);
    // A first request still running (claimed, not answered): 409, and nothing done.
    const [token] = await ctx.db.select().from(apiTokens).orderBy(apiTokens.id).limit(1);
    const held = { ...body, email: 'held@example.com' };
    const fingerprint = requestFingerprint({ method: 'POST', path: '/api/v1/registrants', body: held });
    expect(await claimKey(ctx.db, { tokenId: token!.id, key: 'held', fingerprint })).toEqual({ kind: 'claimed' });
    const running = await api.call(write, 'POST', '/registrants', { body: held, headers: { 'idempotency-key': 'held' } });
    expect(running.status).toBe(409);
    expect(await ctx.db.select().from(registrants).where(eq(registrants.email, 'held@example.com'))).toEqual([]);
    const badKey = await api.call(write, 'POST', '/registrants', { body, headers: { 'idempotency-key': 'with space' } });
    expect(badKey.status).toBe(400);
  });

  it('limits each token per minute, saying how many are left and when to come back', async () => {
    const read = await makeToken(ctx.db, 'read');
    const first = await api.call(read, 'GET', '/editions');
    expect(first.headers.get('ratelimit-limit')).toBe('40');
    expect(first.headers.get('ratelimit-remaining')).toBe('39');
    for (let i = 0; i < 39; i++) await api.call(read, 'GET', '/editions');
    const refused = await api.call(read, 'GET', '/editions');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('ratelimit-remaining')).toBe('0');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another token has its own count.
    expect((await api.call(write, 'GET', '/editions')).status).toBe(200);
  });

  const cursorOf = (text: string) => Buffer.from(text).toString('base64url');

  it('answers a forged but well-formed cursor, and an updated_since no database holds, with 400 problem+json', async () => {
    const read = await makeToken(ctx.db, 'read');
    for (const forged of ['0000-01-01T00:00:00.000000Z|1', '2000-02-31T00:00:00.000000Z|1', '2026-01-01T00:00:00.000000Z|9999999999999']) {
      const answer = await api.call(read, 'GET', `/registrants?cursor=${cursorOf(forged)}`);
      expect(answer, forged).toMatchObject({ status: 400, body: { detail: 'The cursor is not one this API gave.' } });
      expect(answer.headers.get('content-type')).toMatch(PROBLEM);
    }
    for (const since of ['0000-01-01T00:00:00Z', '0001-01-01T00:00:00+01:00']) {
      const answer = await api.call(read, 'GET', `/registrants?updated_since=${encodeURIComponent(since)}`);
      expect(answer.status, since).toBe(400);
      expect(answer.headers.get('content-type')).toMatch(PROBLEM);
      expect(answer.body!.errors).toEqual([
        {
          pointer: '#/query/updated_since',
          detail: 'A time on a day that exists, between the years 0001 and 9999, such as 2026-11-27T10:00:00Z.',
        },
      ]);
    }
    // A day that does not exist was refused before (zod's own check), with its own one message.
    const february = await api.call(read, 'GET', '/registrants?updated_since=2000-02-31T00:00:00Z');
    expect(february.body!.errors).toEqual([{ pointer: '#/query/updated_since', detail: 'A time such as 2026-11-27T10:00:00Z.' }]);
    // The edges of the range still answer.
    for (const since of ['0001-01-01T00:00:00Z', '9999-12-31T00:00:00Z', '2024-02-29T00:00:00Z']) {
      expect((await api.call(read, 'GET', `/registrants?updated_since=${encodeURIComponent(since)}`)).status, since).toBe(200);
    }
    expect((await api.call(read, 'GET', `/registrants?cursor=${cursorOf('2026-01-01T00:00:00.000000Z|2147483647')}`)).status).toBe(200);
  });

  it('refuses a JSON body declared in a charset other than UTF-8 with 415 problem+json', async () => {
    const body = JSON.stringify({ email: 'cs@example.com', name: 'Cs', edition: 'july' });
    for (const type of [
      'application/json; charset=utf-16',
      'application/json;charset="ISO-8859-1"',
      'application/json; charset=utf-32le',
    ]) {
      const refused = await api.call(write, 'POST', '/registrants', { raw: body, headers: { 'content-type': type } });
      expect(refused.status, type).toBe(415);
      expect(refused.headers.get('content-type')).toMatch(PROBLEM);
      expect(refused.body!.detail).toMatch(/^Send the body as UTF-8 JSON/);
    }
    expect(await ctx.db.select().from(registrants)).toEqual([]);
    const utf8 = await api.call(write, 'POST', '/registrants', {
      raw: body,
      headers: { 'content-type': 'application/json; charset="UTF-8"' },
    });
    expect(utf8.status).toBe(201);
  });

  it('refuses an address with a NUL in it instead of registering the address without it', async () => {
    const refused = await api.call(write, 'POST', '/registrants', {
      body: { email: 'a\u0000b@example.com', name: 'Nul', edition: 'july' },
    });
    expect(refused.status).toBe(422);
    expect(refused.body!.errors).toEqual([
      { pointer: '#/email', detail: 'An e-mail address cannot contain control characters such as NUL.' },
    ]);
    expect(await ctx.db.select().from(registrants)).toEqual([]);
  });

  it('limits failed token attempts per client address with 429 and Retry-After, a right token included while refused', async () => {
    const from = (address: string) => ({ headers: { 'x-forwarded-for': address } });
    for (let attempt = 0; attempt < 30; attempt++) {
      expect((await api.call(`sat_wrong${attempt}`, 'GET', '/editions', from('203.0.113.7'))).status).toBe(401);
    }
    const refused = await api.call('sat_wrong', 'GET', '/editions', from('203.0.113.7'));
    expect(refused.status).toBe(429);
    expect(refused.headers.get('content-type')).toMatch(PROBLEM);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.body!.detail).toMatch(/^Too many requests from this address with a token that is not live/);
    // While refused, a right token answers the same: guessing learns nothing.
    expect((await api.call(write, 'GET', '/editions', from('203.0.113.7'))).status).toBe(429);
    // Another address, and the right token there, are not held up.
    expect((await api.call(write, 'GET', '/editions', from('203.0.113.8'))).status).toBe(200);
    expect((await api.call('sat_wrong', 'GET', '/editions', from('203.0.113.8'))).status).toBe(401);
  });
});
