/**
 * The request log's lines are made by hand (src/server/log.ts writeRequestLine): each must be the
 * very line pino writes for the same fields, key for key and in the same order, so whatever reads
 * the log (an operator's tools, the tests) cannot tell them apart.
 */
import { describe, expect, it } from 'vitest';
import { requestLog, writeRequestLine, type RequestLineFields } from '../../src/server/log.ts';
import { useLogLines } from '../support/log-lines.ts';

const withoutTime = (line: string) => line.replace(/"time":"[^"]+"/, '"time":"T"');

describe('a request line made by hand', () => {
  const log = useLogLines('info');

  const cases: [RequestLineFields, 'info' | 'warn' | 'error', string][] = [
    [{ method: 'GET', path: '/july/day-1', status: 200, cache: undefined, ms: 0 }, 'info', 'request'],
    [{ method: 'GET', path: '/', status: 200, cache: 'HIT', ms: 3 }, 'info', 'request'],
    [{ method: 'POST', path: '/a "quoted" \\ path\u2028', status: 500, cache: undefined, ms: 12 }, 'error', 'request failed'],
    [{ method: 'GET', path: '/no-such-page', status: 404, cache: undefined, ms: 1 }, 'warn', 'not found'],
  ];

  it.each(cases)('is the line pino writes for %o', (fields, level, msg) => {
    log.raw.length = 0;
    writeRequestLine(level, fields, msg);
    const { method, path, status, cache, ms } = fields;
    requestLog[level]({ req: { method, path }, res: { status, ...(cache === undefined ? {} : { cache }) }, ms }, msg);
    expect(log.raw).toHaveLength(2);
    expect(withoutTime(log.raw[0]!)).toBe(withoutTime(log.raw[1]!));
  });

  it('is not written below the configured level', () => {
    log.raw.length = 0;
    const level = requestLog.level;
    requestLog.level = 'warn';
    try {
      writeRequestLine('info', { method: 'GET', path: '/', status: 200, cache: undefined, ms: 0 }, 'request');
    } finally {
      requestLog.level = level;
    }
    expect(log.raw).toEqual([]);
  });
});
