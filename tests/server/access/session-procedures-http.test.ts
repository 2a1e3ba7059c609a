import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import { userSessions } from '../../../src/server/db/schema.ts';
import { callProcedure, TOO_MANY_SESSIONS } from '../../../src/server/access/session-procedures-http.ts';
import { sweepClosedVisitorRows, VISITOR_ROWS_PER_MINUTE } from '../../../src/server/access/visitor-limits.ts';
import { describeEachDatabase, useTestDatabase } from '../../support/databases.ts';

describeEachDatabase('POST /api/rpc/{procedure}', (database) => {
  const ctx = useTestDatabase(database, { seed: true });

  let addresses = 0;
  function post(procedure: string, body: unknown, contentType = 'application/json', address = `192.0.2.${++addresses}`) {
    const request = new Request(`http://localhost/api/rpc/${procedure}`, {
      method: 'POST',
      headers: { 'content-type': contentType },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    return callProcedure({ getDb: async () => ctx.db, name: procedure, request, address });
  }

  it('upserts and then gets the session rows', async () => {
    const id = randomUUID();
    const upserted = await post('upsert_user_session', { session_id_param: id, page_type_param: 'july_day1' });
    expect(upserted.status).toBe(200);
    const [row] = (await upserted.json()) as { first_visit_timestamp: string }[];
    expect(Date.parse(row!.first_visit_timestamp)).toBeGreaterThan(Date.now() - 60_000);

    const got = await post('get_user_session', { session_id_param: id });
    expect(await got.json()).toEqual([{ session_id: id, page_type: 'july_day1', first_visit_timestamp: row!.first_visit_timestamp }]);
  });

  it.each([
    ['upsert_user_session', { session_id_param: 'not-a-uuid', page_type_param: 'july_day1' }, /UUID/],
    ['upsert_user_session', { session_id_param: randomUUID(), page_type_param: 'july_day4' }, /page_type_param/],
    ['upsert_user_session', { session_id_param: randomUUID(), page_type_param: 'october_day1' }, /Unknown summit/],
    ['upsert_user_session', { session_id_param: randomUUID() }, /page_type_param/],
    ['upsert_user_session', { session_id_param: randomUUID(), page_type_param: 42 }, /page_type_param/],
    ['get_user_session', {}, /UUID/],
    ['get_user_session', '{not json', /not valid JSON/],
    ['get_user_session', '[1,2]', /JSON object/],
  ])('%s answers 400 for %j', async (procedure, body, message) => {
    const response = await post(procedure, body);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toMatch(message);
  });

  it('refuses an unknown procedure, a non-JSON body and an oversized body', async () => {
    expect((await post('drop_everything', {})).status).toBe(404);
    expect((await post('get_user_session', 'session_id_param=x', 'application/x-www-form-urlencoded')).status).toBe(415);
    const huge = { session_id_param: randomUUID(), padding: 'x'.repeat(10_000) };
    expect((await post('get_user_session', huge)).status).toBe(413);
  });

  it('writes at most the per-minute number of session rows for one client address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < VISITOR_ROWS_PER_MINUTE + 5; i++) {
      const response = await post(
        'upsert_user_session',
        { session_id_param: randomUUID(), page_type_param: 'july_day1' },
        'application/json',
        '198.51.100.7',
      );
      statuses.push(response.status);
      if (response.status === 429) expect(await response.json()).toEqual({ error: TOO_MANY_SESSIONS });
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(VISITOR_ROWS_PER_MINUTE);
    expect(statuses.slice(-5)).toEqual([429, 429, 429, 429, 429]);
    // Another client is not affected.
    expect((await post('upsert_user_session', { session_id_param: randomUUID(), page_type_param: 'july_day1' })).status).toBe(200);
  });

  it('charges the allowance only for new rows: repeated visits and refused calls cost nothing', async () => {
    const client = '198.51.100.9';
    const known = randomUUID();
    expect(
      (await post('upsert_user_session', { session_id_param: known, page_type_param: 'july_day2' }, 'application/json', client)).status,
    ).toBe(200);
    for (let i = 0; i < VISITOR_ROWS_PER_MINUTE + 5; i++) {
      expect(
        (await post('upsert_user_session', { session_id_param: known, page_type_param: 'july_day2' }, 'application/json', client)).status,
      ).toBe(200);
      expect(
        (await post('upsert_user_session', { session_id_param: 'not-a-uuid', page_type_param: 'july_day2' }, 'application/json', client))
          .status,
      ).toBe(400);
    }
    const statuses: number[] = [];
    for (let i = 0; i < VISITOR_ROWS_PER_MINUTE; i++) {
      statuses.push(
        (await post('upsert_user_session', { session_id_param: randomUUID(), page_type_param: 'july_day2' }, 'application/json', client))
          .status,
      );
    }
    // One new row was written first; 59 more fit in the minute, the 60th does not.
    expect(statuses.filter((status) => status === 200)).toHaveLength(VISITOR_ROWS_PER_MINUTE - 1);
    expect(statuses.at(-1)).toBe(429);
  });

  it('sweeps rows whose longest window closed long ago, and keeps the others', async () => {
    const result = await ctx.db.execute(sql`select max((config->>'durationSeconds')::bigint) as longest from timer_configs`);
    const { longest } = (result as { rows: { longest: string | null }[] }).rows[0]!;
    const windowMs = Number(longest ?? 366 * 86_400) * 1000;
    const now = new Date();
    const old = randomUUID();
    const recent = randomUUID();
    await ctx.db.insert(userSessions).values([
      { sessionId: old, pageType: 'july_day1', firstVisitTimestamp: new Date(now.getTime() - windowMs - 31 * 86_400_000) },
      { sessionId: recent, pageType: 'july_day1', firstVisitTimestamp: new Date(now.getTime() - windowMs) },
    ]);
    await sweepClosedVisitorRows(ctx.db, now);
    const left = async (id: string) => (await ctx.db.select({ n: count() }).from(userSessions).where(eq(userSessions.sessionId, id)))[0]!.n;
    expect(await left(old)).toBe(0);
    expect(await left(recent)).toBe(1);
  });
});
