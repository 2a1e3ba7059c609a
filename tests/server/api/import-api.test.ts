import { beforeEach, expect, it } from 'vitest';
import { mailOutbox, registrants } from '../../../src/server/db/schema.ts';
import { describeEachDatabase, useTestDatabase } from '../../support/databases.ts';
import { makeToken, startFresh, useApiServer } from './support/api-server.ts';

const csv = (raw: string, headers: Record<string, string> = {}) => ({
  raw,
  headers: { 'content-type': 'text/csv; charset=utf-8', ...headers },
});

describeEachDatabase('POST /api/v1/registrants/import', (database) => {
  const ctx = useTestDatabase(database, { seed: true });
  const api = useApiServer(ctx);
  let write = '';
  beforeEach(async () => {
    await startFresh(ctx.db);
    write = await makeToken(ctx.db, 'write');
  });

  const FILE = 'email,name,edition,consent,pass\nann@example.com,Ann,july,yes,aap\nben@example.com,Ben,august,no,\n@cmd,Cat,july,,\n';

  it('answers the dry run without changing anything, then imports, and the same file again changes nothing', async () => {
    const dry = await api.call(write, 'POST', '/registrants/import?dry_run=true', csv(FILE));
    expect(dry.status).toBe(200);
    expect(dry.body).toMatchObject({ dry_run: true, rows: 3, added: 2, refused: 1, emails_queued: 0, complete: true });
    expect((dry.body!.listed as { reason: string | null }[])[2]!.reason).toContain('formula');
    expect(await ctx.db.select().from(registrants)).toEqual([]);

    const done = await api.call(write, 'POST', '/registrants/import', csv(FILE));
    expect(done.body).toMatchObject({ dry_run: false, added: 2, refused: 1 });
    const listed = await api.call(write, 'GET', '/registrants?edition=july');
    expect(listed.body!.data).toMatchObject([
      { email: 'ann@example.com', marketing_consent: true, tier: 'aap', passes: [{ source: 'admin' }] },
    ]);
    expect(await ctx.db.select().from(mailOutbox)).toEqual([]);

    const again = await api.call(write, 'POST', '/registrants/import', csv(FILE));
    expect(again.body).toMatchObject({ added: 0, updated: 0, unchanged: 2, refused: 1 });
  });

  it('sends the confirmation only with send_email=true, and takes the edition of empty cells from the query', async () => {
    const done = await api.call(
      write,
      'POST',
      '/registrants/import?send_email=true&edition=august',
      csv('email,name\ndee@example.com,Dee\n'),
    );
    expect(done.body).toMatchObject({ added: 1, listed: [{ edition: 'august', outcome: 'added' }] });
    expect(await ctx.db.select({ to: mailOutbox.to }).from(mailOutbox)).toEqual([{ to: 'dee@example.com' }]);
  });

  it('replays an Idempotency-Key with the same file, refuses it with another', async () => {
    const first = await api.call(write, 'POST', '/registrants/import', csv(FILE, { 'idempotency-key': 'import-1' }));
    const replay = await api.call(write, 'POST', '/registrants/import', csv(FILE, { 'idempotency-key': 'import-1' }));
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual(first.body);
    const other = await api.call(
      write,
      'POST',
      '/registrants/import',
      csv('email,name\nx@example.com,X\n', { 'idempotency-key': 'import-1' }),
    );
    expect(other.status).toBe(422);
  });

  it('answers bad input with problem+json, never a 500, and imports nothing', async () => {
    const problem = async (token: string, path: string, init: { raw: string; headers: Record<string, string> }, status: number) => {
      const answer = await api.call(token, 'POST', path, init);
      expect(answer.status).toBe(status);
      expect(answer.headers.get('content-type')).toContain('application/problem+json');
      return answer.body!;
    };
    await problem(write, '/registrants/import', { raw: FILE, headers: { 'content-type': 'application/json' } }, 415);
    await problem(await makeToken(ctx.db, 'read'), '/registrants/import', csv(FILE), 403);
    await problem(write, '/registrants/import?dry_run=maybe', csv(FILE), 400);
    expect((await problem(write, '/registrants/import', csv('e-mail,full name\na@b.c,A\n'), 422)).detail).toContain('missing');
    await problem(write, '/registrants/import', csv('email,name\n"unclosed,A\n'), 400);
    const latin1 = { raw: '', headers: { 'content-type': 'text/csv' } };
    const answer = await fetch(`${api.url}/registrants/import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${write}`, ...latin1.headers },
      body: Buffer.from('email,name\nzoe@example.com,Zo\xeb\n', 'latin1'),
    });
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as { detail: string }).detail).toContain('UTF-8');
    // A scoped token imports into its edition only.
    const july = await makeToken(ctx.db, 'write', 'july');
    const scoped = await api.call(july, 'POST', '/registrants/import', csv(FILE));
    expect(scoped.body).toMatchObject({ added: 1, refused: 2 });
    await ctx.db.delete(registrants);
    // A million rows: refused whole with a clear answer.
    const million = `email,name\n${Array.from({ length: 1_000_000 }, (_, index) => `p${index}@example.com,P`).join('\n')}\n`;
    const refused = await problem(write, '/registrants/import', csv(million), 413);
    expect(refused.detail).toContain('split it');
    expect(await ctx.db.select().from(registrants)).toEqual([]);
  }, 60_000);

  it('imports a long file in the background: 202 with its status URL, its progress, then its answer and its registrants', async () => {
    const rows = Array.from({ length: 4000 }, (_, index) => `p${index}@example.com,P${index},${index % 2 ? 'yes' : ''}`);
    const started = await api.call(write, 'POST', '/registrants/import?edition=july', csv(['email,name,consent', ...rows].join('\n')));
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ status: 'running', rows_total: 4000, report: null });
    const statusPath = new URL(started.body!.status_url as string).pathname.replace('/api/v1', '');
    expect(statusPath).toBe(`/imports/${started.body!.id as number}`);
    // The same edition again while it runs: 409, with the reason.
    const busy = await api.call(write, 'POST', '/registrants/import?edition=july', csv('email,name\nq@example.com,Q\n'));
    expect(busy.status).toBe(409);
    expect(busy.body!.detail).toContain('Another import into this edition is running');

    let status = started.body!;
    for (let tries = 0; status.status === 'running' && tries < 200; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      status = (await api.call(write, 'GET', statusPath)).body!;
    }
    expect(status).toMatchObject({ status: 'done', rows_done: 4000, added: 4000, committed_through_row: 4001 });
    expect(status.report).toMatchObject({ rows: 4000, added: 4000, complete: false, import_id: started.body!.id });
    // Every registrant of the import, a page at a time, from the URL the answer gives.
    const listing = new URL(status.registrants as string);
    const seen = new Set<string>();
    let cursor: string | null = null;
    do {
      const page = await api.call(write, 'GET', `/registrants${listing.search}&limit=500${cursor ? `&cursor=${cursor}` : ''}`);
      for (const row of page.body!.data as { email: string }[]) seen.add(row.email);
      cursor = page.body!.next_cursor as string | null;
    } while (cursor);
    expect(seen.size).toBe(4000);
    // A token of another edition does not see it.
    const august = await makeToken(ctx.db, 'read', 'august');
    expect((await api.call(august, 'GET', statusPath)).status).toBe(404);
  }, 60_000);
});
