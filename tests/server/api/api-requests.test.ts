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
});
