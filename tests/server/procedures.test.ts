import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { callProcedure } from '../../src/server/sessions/procedures.ts';
import { testDatabases, useTestDatabase } from '../support/databases.ts';

describe.each(testDatabases)('POST /api/rpc/{procedure} [$name]', (database) => {
  const ctx = useTestDatabase(database, { seed: true });

  function post(procedure: string, body: unknown, contentType = 'application/json') {
    const request = new Request(`http://localhost/api/rpc/${procedure}`, {
      method: 'POST',
      headers: { 'content-type': contentType },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    return callProcedure(async () => ctx.db, procedure, request);
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
});
