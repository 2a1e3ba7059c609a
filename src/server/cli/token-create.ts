/**
 * npm run token:create -- --name NAME --scope read|write [--edition SLUG]
 * Makes an API token (docs/API.md) and prints it on its last line, for scripts:
 * `TOKEN=$(npm run -s token:create -- --name ci --scope read | tail -n 1)`. While the site runs on
 * the embedded database, the running site makes it (src/server/admin-socket/admin-socket.ts).
 */
import { parseArgs } from 'node:util';
import { createTokenFromCommand } from '../api/token-command.ts';
import { askRunningSite, type TokenAnswer } from '../admin-socket/admin-socket.ts';
import { openUnlessRunning } from './open-unless-running.ts';
import { siteEnv } from './find-site.ts';
import { configureProcess } from '../process-config.ts';
import { runCommand } from './run-command.ts';

const USAGE = 'Usage: npm run token:create -- --name NAME --scope read|write [--edition SLUG]';

async function main(): Promise<number> {
  let values: { name?: string | undefined; scope?: string | undefined; edition?: string | undefined };
  try {
    ({ values } = parseArgs({ options: { name: { type: 'string' }, scope: { type: 'string' }, edition: { type: 'string' } } }));
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    return 2;
  }
  const raw = { name: values.name ?? '', scope: values.scope ?? '', edition: values.edition ?? '' };
  if (!raw.name || !raw.scope) {
    console.error(USAGE);
    return 2;
  }
  const config = siteEnv();
  configureProcess(config);
  const handle = await openUnlessRunning(config);
  // The site is running on this embedded database: it does it itself.
  if (!handle) return report(await askRunningSite(config.dataDir, { kind: 'token', ...raw }));
  try {
    await handle.migrate();
    return report(await createTokenFromCommand(handle.db, raw));
  } finally {
    await handle.close();
  }
}

function report(answer: TokenAnswer): number {
  if (!answer.ok) {
    console.error(answer.message);
    return 1;
  }
  console.log('API token made. It is shown this once; keep it like a password:');
  console.log(answer.token);
  return 0;
}

runCommand(main);
