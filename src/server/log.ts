/** Structured logging: one JSON object per line on stdout, level from LOG_LEVEL. */
import pino from 'pino';
import { env } from './env.ts';

export const log = pino({
  level: env().LOG_LEVEL,
  base: undefined,
  timestamp: pino.stdTimeFunctions.isoTime,
  formatters: { level: (label) => ({ level: label }) },
});
