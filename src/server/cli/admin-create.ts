/**
 * npm run admin:create -- --email you@example.com   (or --phone +61400000000)
 * Creates an admin account, or sets a new password for an existing one. The password comes
 * from ADMIN_PASSWORD (for scripts and CI) or is asked for without echoing it. While the site
 * runs on the embedded database, which one process opens, the running site does it
 * (src/server/admin-socket/admin-socket.ts) and names the address it serves.
 */
import { parseArgs } from 'node:util';
import readline from 'node:readline';
import { parseIdentifier } from '../../domain/sign-in.ts';
import { upsertAdmin } from '../auth/accounts.ts';
import { openUnlessRunning } from './open-unless-running.ts';
import { askRunningSite, type AdminAnswer } from '../admin-socket/admin-socket.ts';
import { siteEnv } from './find-site.ts';
import { configureProcess } from '../process-config.ts';
import { runCommand } from './run-command.ts';

function askHidden(question: string): Promise<string> {
  return new Promise((resolve) => {
    const rl = readline.createInterface({ input: process.stdin, output: process.stdout, terminal: true });
    const output = rl as unknown as { _writeToOutput: (text: string) => void; output: NodeJS.WriteStream };
    output._writeToOutput = (text: string) => {
      if (text.includes(question)) output.output.write(text);
    };
    rl.question(question, (answer) => {
      rl.close();
      process.stdout.write('\n');
      resolve(answer);
    });
  });
}

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { email: { type: 'string' }, phone: { type: 'string' } } });
  const identifier = parseIdentifier(values.email ?? values.phone ?? '');
  if (!identifier) {
    console.error('Usage: npm run admin:create -- --email you@example.com   (or --phone +61400000000)');
    return 2;
  }
  let password = process.env.ADMIN_PASSWORD ?? '';
  if (!password) {
    if (!process.stdin.isTTY) {
      console.error('Set ADMIN_PASSWORD, or run this in a terminal to be asked for the password.');
      return 2;
    }
    password = await askHidden('Password (at least 12 characters): ');
    if ((await askHidden('Repeat the password: ')) !== password) {
      console.error('The passwords do not match.');
      return 2;
    }
  }
  const config = siteEnv();
  configureProcess(config);
  const handle = await openUnlessRunning(config);
  // The site is running on this embedded database: it does it itself.
  if (!handle) return reportAnswer(await askRunningSite(config.dataDir, { identifier: identifier.value, password }));
  try {
    await handle.migrate();
    const { created } = await upsertAdmin(handle.db, identifier, password);
    return reportAnswer({ ok: true, created, identifier: identifier.value, signInUrl: `${config.siteUrl}/admin` });
  } finally {
    await handle.close();
  }
}

function reportAnswer(answer: AdminAnswer): number {
  if (!answer.ok) {
    console.error(answer.message);
    return 1;
  }
  console.log(`${answer.created ? 'Created' : 'Updated the password of'} the admin ${answer.identifier}. Sign in at ${answer.signInUrl}`);
  return 0;
}

runCommand(main);
