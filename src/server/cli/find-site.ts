/**
 * Where a command's data is: DATA_DIR when the host sets it; otherwise the data folder of the site
 * running from this project (and the address it serves); otherwise ./data, said plainly, so a
 * command never quietly makes a second, empty database beside the real one (decision 0080).
 * Notices go to stderr: a command's stdout is for what scripts read (token:create's token).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runningSites } from '../processes/running-sites.ts';
import { env, type Env } from '../env.ts';

const PROJECT_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const DEFAULT_DATA_DIR = './data';

/** Sets DATA_DIR (and SITE_URL) for the rest of the command, or throws with what the host must set. */
export function findSite(environment: NodeJS.ProcessEnv = process.env, root = PROJECT_ROOT): void {
  if (environment.DATA_DIR) return;
  const sites = runningSites(root);
  if (sites.length > 1) {
    const listed = sites.map((site) => `  DATA_DIR=${site.dataDir}   (serving ${site.url})`).join('\n');
    throw new Error(`${sites.length} sites are running from this folder:\n${listed}\nSet DATA_DIR to the one you mean.`);
  }
  const [site] = sites;
  if (site) {
    if (site.database === 'postgres' && !environment.DATABASE_URL)
      throw new Error(`The site running from this folder (${site.url}) keeps its data in Postgres: set DATABASE_URL as the site has it.`);
    environment.DATA_DIR = site.dataDir;
    environment.SITE_URL ??= site.url;
    console.error(`Using the data of the site running at ${site.url} (DATA_DIR=${site.dataDir}).`);
    return;
  }
  const folder = path.resolve(DEFAULT_DATA_DIR);
  console.error(
    fs.existsSync(folder)
      ? `No site is running from this folder: using the data folder ${folder} (set DATA_DIR for another).`
      : `No site is running from this folder, and ${folder} does not exist yet: it will be created (set DATA_DIR to use your site's data folder).`,
  );
}

/** The environment of a command that works on a site's data: found as above, then parsed. */
export function siteEnv(): Env {
  findSite();
  return env();
}
