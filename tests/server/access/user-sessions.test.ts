import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { userSessions } from '../../../src/server/db/schema.ts';
import { findUserSession, getUserSession, UnknownEditionError, upsertUserSession } from '../../../src/server/access/user-sessions.ts';
import { eq } from 'drizzle-orm';
import { describeEachDatabase, useTestDatabase } from '../../support/databases.ts';

describeEachDatabase('session procedures', (database) => {
  const ctx = useTestDatabase(database, { seed: true });

  it('records the first visit and keeps it on later visits', async () => {
    const id = randomUUID();
    const first = new Date('2026-01-01T10:00:00Z');
    const row = await upsertUserSession({ db: ctx.db, sessionId: id, pageType: 'july_day1', visitedAt: first });
    expect(row).toEqual({ session_id: id, page_type: 'july_day1', first_visit_timestamp: first.toISOString() });
    const again = await upsertUserSession({
      db: ctx.db,
      sessionId: id,
      pageType: 'july_day1',
      visitedAt: new Date('2026-01-02T10:00:00Z'),
    });
    expect(again.first_visit_timestamp).toBe(first.toISOString());
  });

  it('keeps one row per page type and returns them all for the session', async () => {
    const id = randomUUID();
    await upsertUserSession({ db: ctx.db, sessionId: id, pageType: 'july_day1', visitedAt: new Date('2026-01-01T00:00:00Z') });
    await upsertUserSession({ db: ctx.db, sessionId: id, pageType: 'september_dashboard', visitedAt: new Date('2026-01-03T00:00:00Z') });
    const rows = await getUserSession(ctx.db, id);
    expect(rows.map((r) => [r.page_type, r.first_visit_timestamp])).toEqual([
      ['july_day1', '2026-01-01T00:00:00.000Z'],
      ['september_dashboard', '2026-01-03T00:00:00.000Z'],
    ]);
    expect(await findUserSession(ctx.db, id, 'august_day2')).toBeNull();
    expect(await getUserSession(ctx.db, randomUUID())).toEqual([]);
  });

  it('leaves exactly one row with the earliest visit after 50 concurrent upserts', async () => {
    const id = randomUUID();
    const base = Date.parse('2026-03-01T00:00:00Z');
    // The earliest visit is in the middle of the burst, so arrival order cannot decide it.
    const visits = Array.from({ length: 50 }, (_, i) => new Date(base + Math.abs(i - 25) * 1000));
    const results = await Promise.all(
      visits.map((at) => upsertUserSession({ db: ctx.db, sessionId: id, pageType: 'august_day2', visitedAt: at })),
    );
    expect(results).toHaveLength(50);
    const rows = await ctx.db.select().from(userSessions).where(eq(userSessions.sessionId, id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.firstVisitTimestamp.toISOString()).toBe(new Date(base).toISOString());
  });

  it('refuses a page type of an edition that does not exist', async () => {
    await expect(upsertUserSession({ db: ctx.db, sessionId: randomUUID(), pageType: 'october_day1' })).rejects.toBeInstanceOf(
      UnknownEditionError,
    );
    await expect(upsertUserSession({ db: ctx.db, sessionId: randomUUID(), pageType: 'july_day9' })).rejects.toBeInstanceOf(
      UnknownEditionError,
    );
  });
});
