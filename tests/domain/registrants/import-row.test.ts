import { expect, it } from 'vitest';
import { readImportHeader, readImportRow } from '../../../src/domain/registrants/import-row.ts';

const NOW = new Date('2026-11-27T12:00:00Z');

it('finds the columns by name in any case, after a byte order mark, ignoring others', () => {
  expect(readImportHeader(['\uFEFFE-Mail', 'NAME', 'notes', 'Registered At'])).toEqual({
    ok: false,
    message: expect.stringContaining('email is missing') as string,
  });
  expect(readImportHeader(['\uFEFFEmail', 'NAME', 'notes', 'Registered At'])).toEqual({
    ok: true,
    header: { email: 0, name: 1, registered_at: 3 },
  });
});

it('reads a row, or says why it is refused', () => {
  const header = { email: 0, name: 1, consent: 2, pass: 3, registered_at: 4 };
  const read = (cells: string[]) => readImportRow(cells, { header, now: NOW });
  expect(read([' Ann@Example.com ', '  Ann\nLee ', 'TRUE', 'AAP', '2026-01-02'])).toEqual({
    ok: true,
    row: {
      email: 'ann@example.com',
      name: 'Ann Lee',
      edition: null,
      consent: true,
      pass: 'aap',
      registeredAt: new Date('2026-01-02T00:00:00Z'),
    },
  });
  expect(read(['a@example.com', 'A', '0', '', '2026-01-02T10:00:00+02:00'])).toMatchObject({
    ok: true,
    row: { consent: false, pass: null, registeredAt: new Date('2026-01-02T08:00:00Z') },
  });
  expect(read(['a@example.com', "'@Ann", '', '', ''])).toMatchObject({ ok: true, row: { name: '@Ann', consent: null } });
  for (const [cells, reason] of [
    [['a@example.com', '+1', '', '', ''], 'formula'],
    [['a@example.com', '-1', '', '', ''], 'formula'],
    [['@a@example.com', 'A', '', '', ''], 'formula'],
    [['a@example.com', 'A', '', '', '01/02/2026'], 'not an ISO date'],
    [['a@example.com', 'A', '', '', '2026-02-30'], 'not a date'],
    [['a@example.com', '', '', '', ''], 'No name.'],
    [['', 'A', '', '', ''], 'No e-mail address.'],
  ] as const) {
    expect(read([...cells])).toEqual({ ok: false, reason: expect.stringContaining(reason) as string });
  }
});

it('trims a cell before judging it, so a formula behind white space is refused, not stored', () => {
  const header = { email: 0, name: 1, edition: 2 };
  const read = (cells: string[]) => readImportRow(cells, { header, now: NOW });
  for (const cells of [
    ['a@example.com', ' =1+1', ''],
    ['a@example.com', '\u00a0=1+1', ''],
    ['a@example.com', '\u0000=1+1', ''],
    ['a@example.com', '  @SUM(A1)', ''],
    [' =a@example.com', 'A', ''],
    ['a@example.com', 'A', ' +x'],
  ]) {
    expect(read(cells), JSON.stringify(cells)).toEqual({ ok: false, reason: expect.stringContaining('formula') as string });
  }
  // Behind the protecting quote, the text is kept as the text it protects.
  expect(read(['a@example.com', " '=1+1 ", ''])).toMatchObject({ ok: true, row: { name: '=1+1' } });
});

it('refuses an address with a NUL in it instead of importing the address without it', () => {
  const read = (cells: string[]) => readImportRow(cells, { header: { email: 0, name: 1 }, now: NOW });
  for (const email of ['a\u0000b@example.com', 'ab@example.com\u0000', 'a\u0001b@example.com']) {
    expect(read([email, 'A']), JSON.stringify(email)).toEqual({
      ok: false,
      reason: 'An e-mail address cannot contain control characters such as NUL.',
    });
  }
  // A NUL elsewhere is still dropped, as the rest of the site's text input does.
  expect(read(['ab@example.com', 'A\u0000n'])).toMatchObject({ ok: true, row: { email: 'ab@example.com', name: 'An' } });
});
