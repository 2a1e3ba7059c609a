import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { readStoredJson, storedJsonOf } from '../../src/domain/stored-json.ts';

const unversioned = { schema: z.object({ minutes: z.number().int() }) };
/** A shape that changed once: version 1 added `unit`, which version 0 meant as minutes. */
const versioned = {
  schema: z.object({ amount: z.number().int(), unit: z.enum(['minutes', 'hours']) }),
  steps: [(doc: Record<string, unknown>) => ({ amount: doc.minutes, version: 1, unit: 'minutes' })],
};

describe('a stored JSON document', () => {
  it('is what its schema reads, unknown keys left out, or the schema’s problems one line each', () => {
    expect(readStoredJson({ minutes: 5, stray: true }, unversioned)).toEqual({ ok: true, value: { minutes: 5 } });
    expect(readStoredJson({ minutes: 'five' }, unversioned)).toEqual({ ok: false, problems: [expect.stringMatching(/^minutes: /)] });
    expect(readStoredJson(null, unversioned)).toEqual({ ok: false, problems: [expect.stringMatching(/^\(document\): /)] });
  });

  it('is written as it is while its shape has no version, and with the current version once it has', () => {
    expect(storedJsonOf({ minutes: 5 }, unversioned)).toEqual({ minutes: 5 });
    expect(storedJsonOf({ amount: 5, unit: 'hours' as const }, versioned)).toEqual({ amount: 5, unit: 'hours', version: 1 });
  });

  it('is brought to the current version one step at a time; a current or newer one is read as current', () => {
    expect(readStoredJson({ minutes: 90 }, versioned)).toEqual({ ok: true, value: { amount: 90, unit: 'minutes' } });
    expect(readStoredJson({ amount: 2, unit: 'hours', version: 1 }, versioned)).toEqual({ ok: true, value: { amount: 2, unit: 'hours' } });
    expect(readStoredJson({ amount: 2, unit: 'hours', version: 2, more: 1 }, versioned)).toEqual({
      ok: true,
      value: { amount: 2, unit: 'hours' },
    });
  });
});
