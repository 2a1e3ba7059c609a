/**
 * A real S3-compatible server for the tests: s3rver (npm) on a free loopback port, its files in a
 * temporary folder, one bucket made at start. The app talks to it through the AWS SDK exactly as
 * it would to a bucket elsewhere; nothing is mocked.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { s3Client, type S3Settings } from '../../src/server/uploads/s3-storage.ts';

export interface S3Server {
  /** http://127.0.0.1:{port} */
  endpoint: string;
  bucket: string;
  /** The settings the app is configured with (S3Settings), and the same as environment variables. */
  settings: S3Settings;
  env: Record<string, string>;
  /** The keys of the objects in the bucket (ListObjectsV2). */
  keys(): Promise<string[]>;
  stop(): Promise<void>;
}

/** s3rver's fixed credentials: it checks every signature against them. */
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export async function startS3Server(bucket = 'summit-media'): Promise<S3Server> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'summit-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const address = await server.run();
  const endpoint = `http://127.0.0.1:${address.port}`;
  const settings: S3Settings = { endpoint, bucket, region: 'us-east-1', ...CREDENTIALS, forcePathStyle: true, urlLifetimeSeconds: 300 };
  return {
    endpoint,
    bucket,
    settings,
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    async keys() {
      const listed = await (await s3Client(settings)).send(new ListObjectsV2Command({ Bucket: bucket }));
      return (listed.Contents ?? []).map((object) => object.Key!).sort();
    },
    async stop() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
