/**
 * npm run move-media -- --to-s3
 * Copies the local media (DATA_DIR/uploads) into the bucket S3_BUCKET names, with its S3_* settings
 * (src/server/backups/move-media.ts). Then restart the site with the same S3_* settings.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { moveMediaToBucket } from '../backups/move-media.ts';
import { siteEnv } from './find-site.ts';
import { runCommand } from './run-command.ts';

const USAGE = 'Usage: S3_BUCKET=… npm run move-media -- --to-s3';

async function main(): Promise<number> {
  let toS3: boolean;
  try {
    toS3 = parseArgs({ options: { 'to-s3': { type: 'boolean' } } }).values['to-s3'] === true;
  } catch {
    toS3 = false;
  }
  if (!toS3) {
    console.error(USAGE);
    return 2;
  }
  const config = siteEnv();
  if (!config.objectStorage) {
    console.error('Set S3_BUCKET (and S3_ENDPOINT, S3_REGION and the credentials as the site will use them) first. Nothing was copied.');
    return 2;
  }
  const uploadsDir = path.join(config.dataDir, 'uploads');
  const { copied, present } = await moveMediaToBucket({ uploadsDir, bucket: config.objectStorage });
  console.log(`Copied ${copied} files from ${uploadsDir} into the bucket ${config.objectStorage.bucket} (${present} were there already).`);
  console.log('Restart the site with these S3_* settings; the rows name files by key, so nothing else changes. The local files are kept.');
  return 0;
}

runCommand(main);
