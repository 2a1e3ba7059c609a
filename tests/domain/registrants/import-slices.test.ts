import { describe, expect, it } from 'vitest';
import { IMPORT_SLICE_ROWS_BOUNDS, nextSliceRows } from '../../../src/domain/registrants/import-limits.ts';

describe('an import slice’s rows', () => {
  it('scale to hold the database for the target time, at most doubling, within the bounds', () => {
    expect(nextSliceRows(250, 20)).toBe(250);
    expect(nextSliceRows(250, 100)).toBe(50);
    expect(nextSliceRows(250, 5)).toBe(500);
    expect(nextSliceRows(800, 1)).toBe(IMPORT_SLICE_ROWS_BOUNDS.max);
    expect(nextSliceRows(100, 10_000)).toBe(IMPORT_SLICE_ROWS_BOUNDS.min);
  });
});
