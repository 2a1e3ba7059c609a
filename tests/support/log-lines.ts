/**
 * The lines the process's logger (src/server/log.ts) writes, caught instead of going to stdout:
 * each is the JSON text pino would write, parsed. The level is set for the test (vitest.config.ts
 * runs with LOG_LEVEL=silent) and put back afterwards.
 */
import pino from 'pino';
import { afterAll, beforeAll } from 'vitest';
import { log } from '../../src/server/log.ts';

export interface LogLine {
  level: string;
  msg: string;
  [field: string]: unknown;
}

export function useLogLines(level: pino.LevelWithSilent = 'info'): { lines: LogLine[]; raw: string[] } {
  const caught = { lines: [] as LogLine[], raw: [] as string[] };
  const logger = log as unknown as Record<symbol, unknown>;
  let stream: unknown;
  let previousLevel: string;
  beforeAll(() => {
    stream = logger[pino.symbols.streamSym];
    previousLevel = log.level;
    logger[pino.symbols.streamSym] = {
      write(text: string) {
        caught.raw.push(text);
        caught.lines.push(JSON.parse(text) as LogLine);
      },
    };
    log.level = level;
  });
  afterAll(() => {
    logger[pino.symbols.streamSym] = stream;
    log.level = previousLevel;
  });
  return caught;
}
