/**
 * The lines the process's loggers (src/server/log.ts: its own and the request log's) write, caught instead of going to stdout:
 * each is the JSON text pino would write, parsed. The level is set for the test (vitest.config.ts
 * runs with LOG_LEVEL=silent) and put back afterwards.
 */
import pino from 'pino';
import { afterAll, beforeAll } from 'vitest';
import { log, requestLog } from '../../src/server/log.ts';

export interface LogLine {
  level: string;
  msg: string;
  [field: string]: unknown;
}

export function useLogLines(level: pino.LevelWithSilent = 'info'): { lines: LogLine[]; raw: string[] } {
  const caught = { lines: [] as LogLine[], raw: [] as string[] };
  // The process's logger and the request log's (both write the lines an operator reads).
  const loggers = [log, requestLog].map((logger) => ({ logger, fields: logger as unknown as Record<symbol, unknown> }));
  const before = new Map<pino.Logger, { stream: unknown; level: string }>();
  beforeAll(() => {
    for (const { logger, fields } of loggers) {
      before.set(logger, { stream: fields[pino.symbols.streamSym], level: logger.level });
      fields[pino.symbols.streamSym] = {
        write(text: string) {
          caught.raw.push(text);
          caught.lines.push(JSON.parse(text) as LogLine);
        },
      };
      logger.level = level;
    }
  });
  afterAll(() => {
    for (const { logger, fields } of loggers) {
      fields[pino.symbols.streamSym] = before.get(logger)!.stream;
      logger.level = before.get(logger)!.level;
    }
  });
  return caught;
}
