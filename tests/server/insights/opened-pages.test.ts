/**
 * "Registrants who opened each page" where access meets the insights, on an edition made from
 * scratch in `registrants` mode (tests/support/tidewater.ts): three registrants open their
 * dashboard (free and Studio Pass holders get their own reduced one, which starts no window) and
 * the insights count three, not only those whose dashboard window started; no window is started
 * by it (decision 0074). Asked through the page's own access check, on the real database.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { checkPageAccess } from '../../../src/server/access/page-access.ts';
import { forgetRememberedVisits } from '../../../src/server/access/visits.ts';
import { registrantVisits } from '../../../src/server/db/schema.ts';
import { readEdition } from '../../../src/server/editions/read-edition.ts';
import { openedPages } from '../../../src/server/insights/insights-queries.ts';
import { grantPass } from '../../../src/server/payments/passes.ts';
import { registerAttendee } from '../../../src/server/registrants/register.ts';
import { describeEachDatabase, useTestDatabase } from '../../support/databases.ts';
import { createTidewater, DAY_STARTS, TIDEWATER, tidewaterAdmin } from '../../support/tidewater.ts';

const ON_DAY_1 = new Date(DAY_STARTS[0]!.getTime() + 10 * 3600_000);

describeEachDatabase('who opened each page, for reduced dashboards too', (database) => {
  const ctx = useTestDatabase(database);
  let edition: { id: number; slug: string };
  const keys: string[] = [];

  beforeAll(async () => {
    forgetRememberedVisits();
    edition = await createTidewater(ctx.handle, await tidewaterAdmin(ctx.handle));
    for (const [firstName, consent] of [
      ['Elske', true],
      ['Noor', false],
      ['Pieter', true],
    ] as const) {
      const outcome = await registerAttendee({
        db: ctx.db,
        editionSlug: TIDEWATER.slug,
        input: { firstName, email: `${firstName.toLowerCase()}@tidewater.example`, consent },
        sendEmail: false,
      });
      if (outcome.status !== 'created') throw new Error(`not registered: ${outcome.status}`);
      keys.push(outcome.key);
      if (firstName === 'Elske') await ctx.db.transaction((tx) => grantPass(tx, outcome.registrantId, { pass: 'replay', source: 'admin' }));
    }
  });

  const open = async (key: string, page: 'dashboard' | 'day1') => {
    const found = (await readEdition(ctx.db, TIDEWATER.slug, { fresh: true }))!;
    return checkPageAccess(ctx.db, {
      edition: found,
      page,
      now: ON_DAY_1,
      pageUrl: new URL(`https://tidewater.example.org/${TIDEWATER.slug}/${page === 'dashboard' ? 'dashboard' : 'day-1'}`),
      cookies: { get: (name) => (name === 'summit_registrant' ? { value: key } : undefined) },
      anonymousSession: async () => null,
    });
  };

  it('counts every registrant who opened the dashboard, with no dashboard window started', async () => {
    for (const key of keys) expect(await open(key, 'dashboard')).toMatchObject({ kind: 'open', view: 'reduced' });
    // Opened again: still once each.
    expect(await open(keys[0]!, 'dashboard')).toMatchObject({ kind: 'open', view: 'reduced' });
    await open(keys[2]!, 'day1');
    const opened = await openedPages(ctx.db, edition);
    expect(opened).toMatchObject({ dashboard: 3, day1: 1, day2: 0, day3: 0 });
    const windows = await ctx.db
      .select()
      .from(registrantVisits)
      .where(and(eq(registrantVisits.pageType, `${TIDEWATER.slug}_dashboard`)));
    expect(windows).toEqual([]);
  });
});
