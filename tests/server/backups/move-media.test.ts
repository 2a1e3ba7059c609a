/**
 * `npm run move-media -- --to-s3` (docs/decisions/0061) against a real S3-compatible server
 * (s3rver through the AWS SDK): every stored file of the uploads folder lands in the bucket
 * under its own key, byte for byte; anything that is not a stored file is left out; a second run
 * copies nothing again; the local files stay.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { moveMediaToBucket } from '../../../src/server/backups/move-media.ts';
import { s3Client } from '../../../src/server/uploads/s3-storage.ts';
import { startS3Server, type S3Server } from '../../support/s3-server.ts';

let s3: S3Server;
const uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'move-media-'));
const files: Record<string, Buffer> = {
  'content/1732700000000-0123456789abcdef.jpg': Buffer.from('a speaker portrait'),
  'brands/logo-1.png': Buffer.from('a logo'),
  'audio/1732700000000-fedcba9876543210.mp3': Buffer.from('an episode'),
};

beforeAll(async () => {
  s3 = await startS3Server('move-media');
  for (const [key, bytes] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(uploadsDir, key)), { recursive: true });
    fs.writeFileSync(path.join(uploadsDir, key), bytes);
  }
  // Not stored files: a half-written import and a note; neither goes to the bucket.
  fs.mkdirSync(path.join(uploadsDir, 'imports'), { recursive: true });
  fs.writeFileSync(path.join(uploadsDir, 'imports', 'upload-123.zip.partial'), 'half');
  fs.writeFileSync(path.join(uploadsDir, 'README.txt'), 'notes');
});
afterAll(async () => {
  await s3?.stop();
  fs.rmSync(uploadsDir, { recursive: true, force: true });
});

it('copies every stored file under its key, byte for byte, once, and keeps the local files', async () => {
  expect(await moveMediaToBucket({ uploadsDir, bucket: s3.settings })).toEqual({ copied: 3, present: 0 });
  expect(await s3.keys()).toEqual(Object.keys(files).sort());
  const client = await s3Client(s3.settings);
  for (const [key, bytes] of Object.entries(files)) {
    const object = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }));
    expect(Buffer.from(await object.Body!.transformToByteArray()), key).toEqual(bytes);
    expect(fs.existsSync(path.join(uploadsDir, key)), key).toBe(true);
  }
  expect(await moveMediaToBucket({ uploadsDir, bucket: s3.settings })).toEqual({ copied: 0, present: 3 });
  expect(fs.readdirSync(uploadsDir).filter((name) => name.startsWith('.moving-'))).toEqual([]);
});
