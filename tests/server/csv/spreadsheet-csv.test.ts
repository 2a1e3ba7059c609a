import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { protectCell, spreadsheetCsv, unprotectCell } from '../../../src/server/csv/spreadsheet-csv.ts';

describe('the CSV cell policy', () => {
  it('quotes a formula start at the start of a cell, in ASCII and full-width forms', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r', '\uFF1D', '\uFF0B', '\uFF0D', '\uFF20'])
      expect(protectCell(`${start}1`)).toBe(`'${start}1`);
    expect(protectCell('Ada')).toBe('Ada');
    expect(protectCell("It's")).toBe("It's");
    expect(protectCell('')).toBe('');
  });

  it('quotes a formula start after a separator a spreadsheet may split on', () => {
    expect(protectCell(';=1+1')).toBe(";'=1+1");
    expect(protectCell('Ada;=1+1')).toBe("Ada;'=1+1");
    expect(protectCell('a,-b|@c')).toBe("a,'-b|'@c");
    expect(protectCell('\t=1')).toBe("'\t'=1");
    // A space before the formula start makes it text in every spreadsheet: left as it is.
    expect(protectCell('Tips; - growth')).toBe('Tips; - growth');
  });

  it('gives back the original text when a protected cell is read again', () => {
    for (const value of ['=SUM(A1)', "'=x", "''=x", "It's", '-x', 'Plain', ';=1+1', "a;'=1", '\t=1', '', 'Quote "and, comma"']) {
      expect(unprotectCell(protectCell(value))).toBe(value);
    }
  });

  it('writes a file that starts with the UTF-8 byte order mark, with every cell protected', () => {
    const csv = spreadsheetCsv(['name', 'note'] as const, [{ name: ';=1+1', note: 'Ünïcode, "quoted"' }]);
    expect(csv.startsWith('\uFEFFname,note\n')).toBe(true);
    expect(parse(csv, { bom: true, columns: true })).toEqual([{ name: ";'=1+1", note: 'Ünïcode, "quoted"' }]);
  });
});
