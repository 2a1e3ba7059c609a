/** A new edition's form starts on the server's time zone, else UTC; never the demo's (Australia/Sydney). */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);

/** serverTimeZone() in a process started with TZ set as a host's machine would have it. */
async function zoneWith(tz: string): Promise<string> {
  const script = "import { serverTimeZone } from './src/server/editions/server-time-zone.ts'; console.log(serverTimeZone());";
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], { env: { ...process.env, TZ: tz } });
  return stdout.trim();
}

describe('the time zone a new edition starts on', () => {
  it('is the server’s own zone', async () => {
    expect(await zoneWith('Europe/Berlin')).toBe('Europe/Berlin');
    expect(await zoneWith('America/New_York')).toBe('America/New_York');
  });

  it('is UTC when the server’s zone is not one the form lists', async () => {
    expect(await zoneWith('Nowhere/Else')).toBe('UTC');
    expect(await zoneWith('UTC')).toBe('UTC');
  });
});
