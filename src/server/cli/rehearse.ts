/**
 * npm run rehearse -- --edition SLUG [--registrant KIND[:Zone]]... [--json] [--check-links]
 * Rehearses the edition's whole timeline on a simulated clock (decision 0077) and prints the
 * report: contradictions first. It reads the site's database and changes nothing; exit 0 when
 * there is no contradiction, 1 when there is, 2 on bad input. While the site runs on the embedded
 * database (one process per folder) the admin's "Rehearse the summit" does it instead.
 */
import { parseArgs } from 'node:util';
import { siteEnv } from './find-site.ts';
import { configureProcess } from '../process-config.ts';
import { reportText } from '../rehearsal/report-text.ts';
import { rehearseEdition } from '../rehearsal/rehearse.ts';
import { openUnlessRunning } from './open-unless-running.ts';
import { runCommand } from './run-command.ts';

const USAGE = 'Usage: npm run rehearse -- --edition SLUG [--registrant KIND[:Zone/Name]]... [--json] [--check-links]';

async function main(): Promise<number> {
  let values: { edition?: string; registrant?: string[]; json?: boolean; 'check-links'?: boolean };
  try {
    ({ values } = parseArgs({
      options: {
        edition: { type: 'string' },
        registrant: { type: 'string', multiple: true },
        json: { type: 'boolean' },
        'check-links': { type: 'boolean' },
      },
    }));
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    return 2;
  }
  if (!values.edition) {
    console.error(`Name the edition to rehearse.\n${USAGE}`);
    return 2;
  }
  const config = siteEnv();
  configureProcess(config);
  const handle = await openUnlessRunning(config);
  if (!handle) {
    console.error(
      'The site is running on this data folder: rehearse from the admin (the edition’s “Rehearse the summit”), or stop the site first.',
    );
    return 2;
  }
  try {
    const outcome = await rehearseEdition(
      handle.db,
      { slug: values.edition, siteUrl: config.siteUrl },
      {
        cast: values.registrant,
        checkLinks: values['check-links'],
      },
    );
    if (!outcome.ok) {
      console.error(outcome.message);
      return 2;
    }
    console.log(values.json ? JSON.stringify(outcome.report, null, 2) : reportText(outcome.report));
    return outcome.report.contradictions.length ? 1 : 0;
  } finally {
    await handle.close();
  }
}

runCommand(main);
