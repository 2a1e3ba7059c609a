/**
 * docs/decisions/README.md stays the index of the records: every record is listed there, nothing
 * is listed that is not a record, and every number below the newest that has no record is named
 * under "Numbers without a record", so a gap in the numbering is never a question.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const FOLDER = path.resolve(import.meta.dirname, '../../docs/decisions');

/** What the index does not account for, one line each. */
export function indexProblems(index: string, records: string[]): string[] {
  const [, withoutRecord = ''] = index.split(/^## Numbers without a record$/m);
  const skippedPart = withoutRecord.split(/^## /m)[0] ?? '';
  const skipped = new Set(skippedPart.match(/\b\d{4}\b/g) ?? []);
  const linked = new Set([...index.matchAll(/\]\((\d{4}-[^)]+\.md)\)/g)].map((match) => match[1]!));
  const numbers = new Set(records.map((record) => record.slice(0, 4)));
  const newest = Math.max(...[...numbers].map(Number));
  const problems: string[] = [];
  for (const record of records) if (!linked.has(record)) problems.push(`not in the index: ${record}`);
  for (const target of linked) if (!records.includes(target)) problems.push(`linked but not a record: ${target}`);
  for (let number = 1; number < newest; number++) {
    const padded = String(number).padStart(4, '0');
    if (!numbers.has(padded) && !skipped.has(padded)) problems.push(`no record and not named as such: ${padded}`);
    if (numbers.has(padded) && skipped.has(padded)) problems.push(`named as without a record but has one: ${padded}`);
  }
  return problems;
}

describe('the index of the decision records', () => {
  it('lists every record and names every number without one', () => {
    const records = fs.readdirSync(FOLDER).filter((name) => /^\d{4}-.+\.md$/.test(name));
    expect(indexProblems(fs.readFileSync(path.join(FOLDER, 'README.md'), 'utf8'), records)).toEqual([]);
  });

  it('is caught out by a record left out, a link to nothing and an unexplained gap', () => {
    const index = [
      '## Numbers without a record',
      '',
      '- 0002: never written.',
      '',
      '## Index',
      '',
      '- [0001](0001-a.md)',
      '- [0005](0005-e.md)',
    ].join('\n');
    expect(indexProblems(index, ['0001-a.md', '0004-d.md'])).toEqual([
      'not in the index: 0004-d.md',
      'linked but not a record: 0005-e.md',
      'no record and not named as such: 0003',
    ]);
  });
});
