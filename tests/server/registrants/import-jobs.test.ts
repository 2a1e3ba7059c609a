import { eq, sql, type SQL } from 'drizzle-orm';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { editions, importJobs, registrants } from '../../../src/server/db/schema.ts';
import { claimImport, readImportJob } from '../../../src/server/registrants/import-jobs.ts';
import { ImportRefusal } from '../../../src/server/registrants/import-refusal.ts';
import { importRegistrants, startImport } from '../../../src/server/registrants/registrant-import.ts';
import { describeEachDatabase, useTestDatabase } from '../../support/databases.ts';
import { startFresh } from '../api/support/api-server.ts';
import { useStagedImports } from './support/staged-imports.ts';

const fileOf = (rows: number, from = 0) =>
  ['email,name', ...Array.from({ length: rows }, (_, i) => `person${from + i}@example.com,Person ${from + i}`)].join('\n');

describeEachDatabase('registrant imports in the background', (database) => {
  const ctx = useTestDatabase(database, { seed: true });
  const request = useStagedImports(ctx);
  beforeEach(() => startFresh(ctx.db));
  afterEach(async () => {
    await ctx.db.execute(sql`drop trigger if exists import_test_boom on registrants`);
  });

  const countRegistrants = async (where?: SQL) => (await ctx.db.select({ id: registrants.id }).from(registrants).where(where)).length;

  it('commits slice by slice, serving other queries between them, and records its progress and its registrants', async () => {
    const started = await startImport(await request(fileOf(2600)));
    expect(started.rows).toBe(2600);
    // Asked while the import runs: answered between two slices, long before the import ends.
    const asked = performance.now();
    await ctx.db.select({ id: editions.id }).from(editions).limit(1);
    const answeredIn = performance.now() - asked;
    const midway = await readImportJob(ctx.db, started.id);
    expect(midway).toMatchObject({ status: 'running', rowsTotal: 2600 });
    expect(midway!.rowsDone).toBeLessThan(2600);
    expect(answeredIn).toBeLessThan(1000);

    const report = await started.finished;
    expect(report).toMatchObject({ rows: 2600, added: 2600, complete: false });
    const done = await readImportJob(ctx.db, started.id);
    expect(done).toMatchObject({ status: 'done', rowsDone: 2600, committedThroughRow: 2601, added: 2600 });
    expect(done!.report).toMatchObject({ rows: 2600, added: 2600 });
    expect(await countRegistrants(eq(registrants.importId, started.id))).toBe(2600);
  });

  it('runs one import per edition at a time; a second is refused with a clear 409 until the first is done', async () => {
    const first = await startImport(await request(fileOf(1500)));
    const second = await startImport(await request(fileOf(10, 5000))).then(
      () => null,
      (error: unknown) => error,
    );
    expect(second).toBeInstanceOf(ImportRefusal);
    expect(second).toMatchObject({
      status: 409,
      message: expect.stringContaining('Another import into this edition is running') as string,
    });
    // Another edition may import meanwhile.
    const august = await importRegistrants({ ...(await request(fileOf(3, 6000))), defaultEdition: 'august' });
    expect(august.added).toBe(3);
    await first.finished;
    expect((await importRegistrants(await request(fileOf(10, 5000)))).added).toBe(10);
  });

  it('shows an import whose process died as stopped, and lets the next one start', async () => {
    const id = await claimImport(ctx.db, { lockKey: 'july', actor: 'test', sendEmail: false, eachRow: false, rowsTotal: 1000 });
    await ctx.db.execute(
      sql`update import_jobs set heartbeat_at = now() - interval '2 minutes', rows_done = 500, committed_through_row = 501 where id = ${id}`,
    );
    expect(await readImportJob(ctx.db, id)).toMatchObject({ status: 'stopped', rowsDone: 500, committedThroughRow: 501 });
    expect((await importRegistrants(await request(fileOf(2)))).added).toBe(2);
    const [row] = await ctx.db
      .select({ status: importJobs.status })
      .from(importJobs)
      .where(sql`${importJobs.id} = ${id}`);
    expect(row!.status).toBe('stopped');
  });

  it('keeps the slices committed before a failure, says which, and the same file again finishes the rest', async () => {
    // A failure of the database at row 602 of the file (person600), after some slices are in.
    await ctx.db.execute(sql`create or replace function import_test_boom() returns trigger language plpgsql as $$
      begin if new.email = 'person600@example.com' then raise exception 'the disk is full'; end if; return new; end $$`);
    await ctx.db.execute(
      sql`create trigger import_test_boom before insert on registrants for each row execute function import_test_boom()`,
    );
    const file = fileOf(1200);
    const started = await startImport(await request(file));
    await expect(started.finished).rejects.toThrow();
    const failed = await readImportJob(ctx.db, started.id);
    // Slices are sized by time: the ones before row 602 (person600) are in, the failing one not.
    const committed = failed!.committedThroughRow - 1;
    expect(committed).toBeGreaterThan(0);
    expect(committed).toBeLessThan(601);
    expect(failed).toMatchObject({ status: 'failed', rowsDone: committed, added: committed });
    expect(failed!.error).toBeTruthy();
    expect(await countRegistrants()).toBe(committed);

    await ctx.db.execute(sql`drop trigger import_test_boom on registrants`);
    const again = await importRegistrants(await request(file));
    expect(again).toMatchObject({ added: 1200 - committed, unchanged: committed });
    expect(await countRegistrants()).toBe(1200);
  });
});
