/**
 * Uploaded files in an S3-compatible bucket (S3_BUCKET and the other S3_* settings; decision
 * 0040), through the official AWS SDK: images put whole (they are small and judged in memory),
 * audio streamed from the disk as a multipart upload (@aws-sdk/lib-storage: at most
 * PART_BYTES x PARTS_AT_ONCE in memory, whatever the file's size), and fetched by clients from a
 * presigned URL that lives S3_URL_LIFETIME_SECONDS, so audio bytes never pass through Node.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { ReadableStream } from 'node:stream/web';
import type { S3Client } from '@aws-sdk/client-s3';
import { checkedKey, contentTypeOfKey, isStoredFileKey, type Storage } from './stored-files.ts';

export interface S3Settings {
  /** The S3 API's address (MinIO, R2, …); undefined: AWS's own for the region. Clients fetch presigned URLs from it. */
  endpoint: string | undefined;
  bucket: string;
  region: string;
  /** Both or neither: without them the SDK's own chain decides (an instance role, ~/.aws). */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /** bucket-in-path addresses (http://host/bucket/key), which most self-hosted servers need. */
  forcePathStyle: boolean;
  /** How long a presigned URL works, in seconds. */
  urlLifetimeSeconds: number;
}

const PART_BYTES = 8 * 1024 * 1024;
const PARTS_AT_ONCE = 2;

function isMissing(error: unknown): boolean {
  const failure = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return failure.name === 'NoSuchKey' || failure.name === 'NotFound' || failure.$metadata?.httpStatusCode === 404;
}

/**
 * The SDK is loaded when the bucket is first used: a process on the local folder never loads
 * it (its modules take memory, and every process pays for what it loads: decision 0036).
 */
const loadSdk = async () => {
  const [client, storage, presigner] = await Promise.all([
    import('@aws-sdk/client-s3'),
    import('@aws-sdk/lib-storage'),
    import('@aws-sdk/s3-request-presigner'),
  ]);
  return { ...client, ...storage, ...presigner };
};
let sdk: ReturnType<typeof loadSdk> | undefined;

function asNodeStream(body: unknown): Readable {
  return body instanceof Readable ? body : Readable.fromWeb(body as ReadableStream);
}

export async function s3Client(settings: S3Settings): Promise<S3Client> {
  const { endpoint, region, accessKeyId, secretAccessKey, forcePathStyle } = settings;
  sdk ??= loadSdk();
  const { S3Client } = await sdk;
  return new S3Client({
    region,
    endpoint,
    forcePathStyle,
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    // Checksums only where the API requires them: the SDK's default (CRC32 trailers on
    // aws-chunked bodies) is more than many S3-compatible servers understand.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

export function s3Storage(settings: S3Settings): Storage {
  let ready: Promise<{ client: S3Client; sdk: Awaited<ReturnType<typeof loadSdk>> }> | undefined;
  const connect = () => {
    ready ??= (async () => {
      const client = await s3Client(settings);
      return { client, sdk: await sdk! };
    })();
    return ready;
  };
  const Bucket = settings.bucket;
  const object = (key: string) => ({ Bucket, Key: checkedKey(key) });
  const typed = (key: string) => ({ ...object(key), ContentType: contentTypeOfKey(key) ?? 'application/octet-stream' });
  const fetchObject = async (key: string) => {
    if (!isStoredFileKey(key)) return null;
    const { client, sdk } = await connect();
    try {
      return await client.send(new sdk.GetObjectCommand(object(key)));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  };
  return {
    name: `object storage (bucket ${Bucket})`,
    folder: null,
    async put(key, data) {
      const { client, sdk } = await connect();
      await client.send(new sdk.PutObjectCommand({ ...typed(key), Body: data }));
    },
    async putFile(key, file) {
      const { client, sdk } = await connect();
      const upload = new sdk.Upload({
        client,
        params: { ...typed(key), Body: fs.createReadStream(file) },
        partSize: PART_BYTES,
        queueSize: PARTS_AT_ONCE,
        leavePartsOnError: false,
      });
      await upload.done();
      await fsp.rm(file, { force: true });
    },
    async get(key) {
      const answer = await fetchObject(key);
      if (!answer?.Body) return null;
      const data = Buffer.from(await answer.Body.transformToByteArray());
      return { data, size: data.length };
    },
    async open(key) {
      const answer = await fetchObject(key);
      return answer?.Body ? asNodeStream(answer.Body) : null;
    },
    async exists(key) {
      if (!isStoredFileKey(key)) return false;
      const { client, sdk } = await connect();
      try {
        await client.send(new sdk.HeadObjectCommand(object(key)));
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
    async copy(from, to) {
      const { client, sdk } = await connect();
      await client.send(new sdk.CopyObjectCommand({ ...object(to), CopySource: `${Bucket}/${checkedKey(from)}` }));
    },
    async delete(key) {
      const { client, sdk } = await connect();
      await client.send(new sdk.DeleteObjectCommand(object(key)));
    },
    async downloadUrl(key) {
      const { client, sdk } = await connect();
      const command = new sdk.GetObjectCommand({ ...object(key), ResponseContentType: contentTypeOfKey(key) ?? undefined });
      return sdk.getSignedUrl(client, command, { expiresIn: settings.urlLifetimeSeconds });
    },
  };
}
