/**
 * `npm run move-media -- --to-s3` (docs/decisions/0061): every stored file of DATA_DIR/uploads
 * copied into the configured bucket (S3_BUCKET and its settings) under the same key. Rows name
 * files by key only, never by place, so once the site restarts with S3_BUCKET it finds each file
 * in the bucket and no row changes. The local files stay until the host removes them.
 */
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { S3Settings } from '../uploads/s3-storage.ts';
import { s3Storage } from '../uploads/s3-storage.ts';
import { isStoredFileKey } from '../uploads/stored-files.ts';

async function storedKeys(root: string): Promise<string[]> {
  const entries = await fsp.readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .filter(isStoredFileKey)
    .sort();
}

export async function moveMediaToBucket({
  uploadsDir,
  bucket,
}: {
  uploadsDir: string;
  bucket: S3Settings;
}): Promise<{ copied: number; present: number }> {
  const storage = s3Storage(bucket);
  let copied = 0;
  let present = 0;
  for (const key of await storedKeys(uploadsDir)) {
    if (await storage.exists(key)) {
      present++;
      continue;
    }
    // putFile moves the file it is given: a copy goes, the original stays.
    const copy = path.join(uploadsDir, `.moving-${process.pid}-${copied}`);
    await fsp.copyFile(path.join(uploadsDir, key), copy);
    try {
      await storage.putFile(key, copy);
    } finally {
      await fsp.rm(copy, { force: true });
    }
    copied++;
  }
  return { copied, present };
}
