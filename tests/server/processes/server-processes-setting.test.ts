import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { parseEnv } from '../../../src/server/env.ts';

/** SERVER_PROCESSES (decision 0046): how many app processes share the port. */
describe('SERVER_PROCESSES', () => {
  const postgres = { DATABASE_URL: 'postgres://summit@127.0.0.1:5432/summit' };

  it('is one process when unset, on either database', () => {
    expect(parseEnv({}).serverProcesses).toBe(1);
    expect(parseEnv(postgres).serverProcesses).toBe(1);
  });

  it('takes a number on Postgres', () => {
    expect(parseEnv({ ...postgres, SERVER_PROCESSES: '3' }).serverProcesses).toBe(3);
  });

  it('is one per core for auto on Postgres, and one on the embedded database', () => {
    expect(parseEnv({ ...postgres, SERVER_PROCESSES: 'auto' }).serverProcesses).toBe(os.availableParallelism());
    expect(parseEnv({ SERVER_PROCESSES: 'auto' }).serverProcesses).toBe(1);
  });

  it('refuses more than one process on the embedded database, saying why', () => {
    expect(() => parseEnv({ SERVER_PROCESSES: '2' })).toThrow(
      'SERVER_PROCESSES: more than one process needs DATABASE_URL (the embedded database in DATA_DIR serves one process)',
    );
  });

  it('refuses what is not a count', () => {
    for (const value of ['0', '-1', '1.5', 'many'])
      expect(() => parseEnv({ ...postgres, SERVER_PROCESSES: value })).toThrow(/SERVER_PROCESSES/);
  });
});
