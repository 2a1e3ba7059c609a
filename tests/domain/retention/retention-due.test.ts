import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addMonthsIn,
  nextRemoval,
  retentionDue,
  retentionDueAt,
  type KeptRegistrant,
  type RetentionEdition,
} from '../../../src/domain/retention/retention-due.ts';
import { retentionModes } from '../../../src/domain/edition-settings/schema.ts';

const EDITION_ID = 1;
const DAY = 86_400_000;

const editionArb = fc.record({
  id: fc.constant(EDITION_ID),
  summitEndDate: fc
    .date({ min: new Date('2020-01-01'), max: new Date('2030-12-31'), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10)),
  timezone: fc.constantFrom('UTC', 'Australia/Sydney', 'America/Los_Angeles', 'Europe/Berlin'),
  retention: fc.record({
    mode: fc.constantFrom(...retentionModes),
    monthsAfterEnd: fc.integer({ min: 1, max: 120 }),
    accountingMonths: fc.integer({ min: 1, max: 360 }),
  }),
}) satisfies fc.Arbitrary<RetentionEdition>;

const registrantsArb = fc.uniqueArray(
  fc.record({
    id: fc.integer({ min: 1, max: 10_000 }),
    editionId: fc.constantFrom(EDITION_ID, 2, 3),
    anonymised: fc.boolean(),
    purchases: fc.array(
      fc.record({
        id: fc.integer({ min: 1, max: 1_000_000 }),
        createdAt: fc.date({ min: new Date('2019-01-01'), max: new Date('2031-01-01'), noInvalidDate: true }),
        holdsBuyer: fc.boolean(),
      }),
      { maxLength: 3 },
    ),
  }),
  { selector: (registrant) => registrant.id, maxLength: 20 },
) satisfies fc.Arbitrary<KeptRegistrant[]>;

const edition = (retention: Partial<RetentionEdition['retention']> = {}): RetentionEdition => ({
  id: EDITION_ID,
  summitEndDate: '2025-07-17',
  timezone: 'Australia/Sydney',
  retention: { mode: 'anonymise', monthsAfterEnd: 1, accountingMonths: 120, ...retention },
});

describe('retention due', () => {
  it('is due one month after the end of the summit’s last day, in its time zone', () => {
    // July 17 ends at July 18 00:00 in Sydney (+10:00), so one month after is August 18 00:00 there.
    expect(retentionDueAt(edition())?.toISOString()).toBe('2025-08-17T14:00:00.000Z');
    expect(retentionDueAt(edition({ mode: 'off' }))).toBeNull();
  });

  it('counts a month from the 31st to the month’s last day', () => {
    expect(addMonthsIn(Date.parse('2025-01-31T00:00:00Z'), 1, 'UTC').toISOString()).toBe('2025-02-28T00:00:00.000Z');
  });

  it('has nothing due while off or before the summit’s end plus the months', () => {
    fc.assert(
      fc.property(editionArb, registrantsArb, fc.integer({ min: 1, max: 4000 * DAY }), (edition, registrants, before) => {
        const dueAt = retentionDueAt(edition);
        const now = dueAt ? new Date(dueAt.getTime() - before) : new Date('2040-01-01');
        expect(retentionDue(edition, registrants, now)).toEqual({ erase: [], anonymise: [], stripBuyer: [] });
      }),
    );
  });

  it('never touches another edition, never erases a buyer, and acts on every kept registrant once due', () => {
    fc.assert(
      fc.property(editionArb, registrantsArb, fc.integer({ min: 0, max: 12_000 * DAY }), (edition, registrants, after) => {
        const dueAt = retentionDueAt(edition);
        fc.pre(dueAt !== null);
        const now = new Date(dueAt!.getTime() + after);
        const due = retentionDue(edition, registrants, now);
        const byId = new Map(registrants.map((registrant) => [registrant.id, registrant]));
        const ownPurchases = new Set(
          registrants
            .filter((registrant) => registrant.editionId === EDITION_ID)
            .flatMap((registrant) => registrant.purchases.map((p) => p.id)),
        );
        for (const id of [...due.erase, ...due.anonymise]) expect(byId.get(id)?.editionId).toBe(EDITION_ID);
        for (const id of due.stripBuyer) expect(ownPurchases.has(id)).toBe(true);
        for (const id of due.erase) expect(byId.get(id)?.purchases).toEqual([]);
        if (edition.retention.mode === 'anonymise') expect(due.erase).toEqual([]);
        const kept = registrants.filter((registrant) => registrant.editionId === EDITION_ID && !registrant.anonymised).map((r) => r.id);
        expect([...due.erase, ...due.anonymise].sort()).toEqual(kept.sort());
      }),
    );
  });

  it('removes a buyer’s name and e-mail only once the purchase’s legal period is over', () => {
    const buyer: KeptRegistrant = {
      id: 7,
      editionId: EDITION_ID,
      anonymised: true,
      purchases: [{ id: 70, createdAt: new Date('2025-07-10T00:00:00Z'), holdsBuyer: true }],
    };
    const yearly = edition({ accountingMonths: 12 });
    expect(retentionDue(yearly, [buyer], new Date('2026-07-09T00:00:00Z')).stripBuyer).toEqual([]);
    expect(retentionDue(yearly, [buyer], new Date('2026-07-10T00:00:00Z')).stripBuyer).toEqual([70]);
    expect(nextRemoval(yearly, [buyer])).toEqual({ kind: 'buyers', at: new Date('2026-07-10T00:00:00.000Z'), count: 1 });
  });

  it('tells the admin what goes next and when', () => {
    const people: KeptRegistrant[] = [
      { id: 1, editionId: EDITION_ID, anonymised: false, purchases: [] },
      { id: 2, editionId: 2, anonymised: false, purchases: [] },
    ];
    expect(nextRemoval(edition({ mode: 'off' }), people)).toEqual({ kind: 'off' });
    expect(nextRemoval(edition({ mode: 'erase' }), people)).toEqual({
      kind: 'registrants',
      at: new Date('2025-08-17T14:00:00.000Z'),
      count: 1,
      mode: 'erase',
    });
    expect(nextRemoval(edition(), [])).toEqual({ kind: 'nothing' });
  });
});
