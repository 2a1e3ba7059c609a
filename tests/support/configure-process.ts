/**
 * The unit tests' entry (vitest.config.ts setupFiles): like src/server/boot.ts, it parses the
 * environment once and configures the process's pieces with it (docs/decisions/0023), so server
 * modules called directly behave as in the running server. vitest.config.ts sets DATA_DIR and
 * LOG_LEVEL; a test that needs another setting passes it, or calls the piece's configure function.
 */
import { parseEnv } from '../../src/server/env.ts';
import { configureProcess } from '../../src/server/process-config.ts';

configureProcess(parseEnv(process.env));
