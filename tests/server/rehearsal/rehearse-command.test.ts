/**
 * `npm run rehearse` (decision 0077) on a data folder holding the demo editions and an edition made
 * from scratch (tests/support/tidewater-edition.ts), as a host runs it: the report as text and as
 * JSON, the exit code saying whether anything contradicts, and bad input answered by a message.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { RehearsalReport } from '../../../src/domain/rehearsal/report.ts';
import { openDatabase } from '../../../src/server/db/client.ts';
import { seedDemoContent } from '../../../src/server/demo-content/seed.ts';
import { insertTidewater, TIDEWATER } from '../../support/tidewater-edition.ts';

const run = promisify(execFile);
let root: string;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'summit-rehearse-'));
  const handle = await openDatabase({ driver: 'pglite', dataDir: path.join(root, 'pglite') });
  try {
    await handle.migrate();
    await seedDemoContent(handle.db);
    await insertTidewater(handle);
  } finally {
    await handle.close();
  }
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

async function rehearse(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [path.resolve('src/server/cli/rehearse.ts'), ...args], {
      env: { ...process.env, DATA_DIR: root, LOG_LEVEL: 'silent', SITE_URL: 'https://summit.example.org' },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

it('prints the report of an edition made from scratch: no contradiction, then each registrant by day', async () => {
  const { code, stdout } = await rehearse(['--edition', TIDEWATER.slug]);
  expect(code).toBe(0);
  expect(stdout).toContain('Rehearsal of Tidewater Makers Summit 2026 (tidewater-2026, Europe/Berlin, registrants mode, EUR)');
  expect(stdout).toContain('No contradiction.');
  expect(stdout).toContain('Imposed by the product description (not contradictions):');
  expect(stdout).toMatch(/Registers on day 2 \[registers-day-2\][\s\S]*Day 2\n/);
  expect(stdout).toContain('E-mail “Last chance” (18 hours after day 3 opens): “Last chance: 6 hours left”; quotes €129.00');
});

it('answers --json with the whole report, for the registrants the host names', async () => {
  const { code, stdout } = await rehearse([
    '--edition',
    'september',
    '--json',
    '--registrant',
    'free',
    '--registrant',
    'pass-aap:America/New_York',
  ]);
  const report = JSON.parse(stdout) as RehearsalReport;
  expect(report.registrants.map((registrant) => [registrant.key, registrant.timeZone])).toEqual([
    ['free', 'Australia/Sydney'],
    ['pass-aap', 'America/New_York'],
  ]);
  expect(report.registrants[1]!.timeline.some((entry) => entry.kind === 'mail' && entry.skipped === null)).toBe(true);
  // A signed-in reader in New York reads the countdown in their own zone, as the pages write it: nothing to flag.
  expect(report.contradictions).toEqual([]);
  const looks = report.registrants[1]!.timeline.filter((entry) => entry.kind === 'pages');
  expect(looks.some((entry) => entry.pages.some((page) => /Open until .*GMT-4|Open until .*GMT-5/.test(page.shows)))).toBe(true);
  expect(code).toBe(0);
});

it('answers bad input with a message and exit code 2', async () => {
  expect(await rehearse(['--edition', 'nope'])).toMatchObject({
    code: 2,
    stdout: '',
    stderr: expect.stringContaining('There is no edition “nope”'),
  });
  expect(await rehearse(['--edition', 'july', '--registrant', 'vip'])).toMatchObject({
    code: 2,
    stderr: expect.stringContaining('There is no registrant kind “vip”'),
  });
  expect(await rehearse([])).toMatchObject({ code: 2, stderr: expect.stringContaining('Usage: npm run rehearse') });
});
