/** The deliverability figures (docs/decisions/0089): rates, the published limits and their warnings. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DELIVERY_THRESHOLDS,
  deliverabilityOf,
  formatRate,
  MAIL_FEEDBACK_KINDS,
  outweighs,
  type DeliveryCounts,
} from '../../../src/domain/mail/deliverability.ts';

const counts = (overrides: Partial<DeliveryCounts>): DeliveryCounts => ({
  accepted: 0,
  hardBounced: 0,
  softBounced: 0,
  complained: 0,
  suppressed: 0,
  ...overrides,
});

describe('deliverability', () => {
  it('reads 10,000 copies with 2% hard bounces and 0.1% complaints: no warning', () => {
    // 9,800 accepted; 150 refused at the SMTP conversation and 50 reported bounced later.
    const figures = deliverabilityOf(counts({ accepted: 9850, hardBounced: 200, complained: 10 }), 150);
    expect(figures.attempted).toBe(10_000);
    expect(formatRate(figures.bounceRate)).toBe('2.0%');
    expect(formatRate(figures.complaintRate)).toBe('0.10%');
    expect(figures.warnings).toEqual([]);
    expect(figures.early).toBe(false);
  });

  it('warns above each published limit, naming it', () => {
    const figures = deliverabilityOf(counts({ accepted: 1000, hardBounced: 80, complained: 4 }), 50);
    expect(figures.warnings).toEqual([
      expect.stringMatching(/^Bounce rate 7\.6%, above 5\.0%: Amazon SES reviews a sender at a 5% bounce rate/),
      expect.stringMatching(/^Complaint rate 0\.40%, above 0\.30%: Gmail and Yahoo/),
    ]);
  });

  it('has no rate before anything was sent, and says a few copies are early', () => {
    expect(deliverabilityOf(counts({ suppressed: 3 }), 0)).toMatchObject({ bounceRate: null, complaintRate: null, warnings: [] });
    expect(deliverabilityOf(counts({ accepted: 20 }), 0).early).toBe(true);
  });

  it('keeps rates between 0 and 1 and warns exactly when a rate passes its limit, for any counts', () => {
    fc.assert(
      fc.property(fc.nat(50_000), fc.nat(2000), fc.nat(2000), fc.nat(2000), (accepted, refused, reportedLater, complained) => {
        const laterBounces = Math.min(reportedLater, accepted);
        const complaints = Math.min(complained, accepted);
        const figures = deliverabilityOf(counts({ accepted, hardBounced: refused + laterBounces, complained: complaints }), refused);
        for (const rate of [figures.bounceRate, figures.complaintRate]) if (rate !== null) expect(rate).toBeGreaterThanOrEqual(0);
        if (figures.bounceRate !== null) expect(figures.bounceRate).toBeLessThanOrEqual(1);
        if (figures.complaintRate !== null) expect(figures.complaintRate).toBeLessThanOrEqual(1);
        const above = [
          figures.bounceRate !== null && figures.bounceRate > DELIVERY_THRESHOLDS.bounceRate.limit,
          figures.complaintRate !== null && figures.complaintRate > DELIVERY_THRESHOLDS.complaintRate.limit,
        ].filter(Boolean).length;
        expect(figures.warnings).toHaveLength(above);
      }),
    );
  });

  it('keeps the worst a receiver said of a copy: a complaint outweighs a hard bounce, which outweighs a soft one', () => {
    expect(outweighs('soft-bounce', null)).toBe(true);
    expect(outweighs('hard-bounce', 'soft-bounce')).toBe(true);
    expect(outweighs('complaint', 'hard-bounce')).toBe(true);
    expect(outweighs('soft-bounce', 'hard-bounce')).toBe(false);
    for (const kind of MAIL_FEEDBACK_KINDS) expect(outweighs(kind, kind)).toBe(false);
  });
});
