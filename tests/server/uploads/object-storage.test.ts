import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keepAudio, removeAudio, temporaryAudioPath, copyAudio, audioExists, openAudio } from '../../../src/server/episodes/audio-store.ts';
import { resizeMedia } from '../../../src/server/media/resize.ts';
import { serveUpload } from '../../../src/server/uploads/serve-upload.ts';
import { s3Storage } from '../../../src/server/uploads/s3-storage.ts';
import { configureUploads, getStorage, localFolderStorage, type Storage } from '../../../src/server/uploads/upload-storage.ts';
import { startS3Server, type S3Server } from '../../support/s3-server.ts';

/**
 * The one storage interface, held to the same expectations on both implementations: the local
 * folder, and a real S3-compatible server (s3rver on loopback) through the AWS SDK (decision 0040).
 */
let s3: S3Server;
const folders: string[] = [];

beforeAll(async () => {
  s3 = await startS3Server();
});

afterAll(async () => {
  configureUploads(path.join(os.tmpdir(), 'summit-vitest-data'));
  await s3.stop();
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

function tempFolder(): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'summit-storage-'));
  folders.push(folder);
  return folder;
}

const implementations: [string, () => Storage][] = [
  ['the local folder', () => localFolderStorage(tempFolder())],
  ['an S3 bucket', () => s3Storage(s3.settings)],
];

const streamBytes = async (stream: NodeJS.ReadableStream) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

describe.each(implementations)('storage in %s', (_name, make) => {
  it('puts, gets, copies and deletes; a missing file is null, never an error', async () => {
    const storage = make();
    const data = randomBytes(3000);
    await storage.put('content/1-abc.png', data);
    expect((await storage.get('content/1-abc.png'))?.data.equals(data)).toBe(true);
    expect(await storage.exists('content/1-abc.png')).toBe(true);
    await storage.copy('content/1-abc.png', 'content/2-abc.png');
    expect((await streamBytes((await storage.open('content/2-abc.png'))!)).equals(data)).toBe(true);
    await storage.delete('content/1-abc.png');
    await storage.delete('content/1-abc.png');
    expect(await storage.get('content/1-abc.png')).toBeNull();
    expect(await storage.open('content/1-abc.png')).toBeNull();
    expect(await storage.exists('content/1-abc.png')).toBe(false);
  });

  it('refuses keys that are not ours before touching anything', async () => {
    const storage = make();
    await expect(storage.put('../escape.png', Buffer.from('x'))).rejects.toThrow(/Invalid storage key/);
    await expect(storage.put('content/x.html', Buffer.from('x'))).rejects.toThrow(/Invalid storage key/);
    expect(await storage.get('../../etc/passwd')).toBeNull();
  });

  it('moves a large file from the disk into the storage, streamed (multipart on a bucket), and removes it from the disk', async () => {
    const storage = make();
    const file = path.join(tempFolder(), 'incoming.part');
    // 20 MB: three parts of 8 MB in a bucket.
    const data = randomBytes(20 * 1024 * 1024);
    fs.writeFileSync(file, data);
    const key = `audio/${Date.now()}-${randomBytes(8).toString('hex')}.mp3`;
    await storage.putFile(key, file);
    expect(fs.existsSync(file)).toBe(false);
    expect((await streamBytes((await storage.open(key))!)).equals(data)).toBe(true);
    await storage.delete(key);
  });
});

describe('a bucket serves its files by presigned URL', () => {
  it('answers a byte range from the presigned URL with the audio type, and refuses it once expired', async () => {
    const storage = s3Storage(s3.settings);
    const key = `audio/${Date.now()}-${randomBytes(8).toString('hex')}.mp3`;
    const data = randomBytes(5000);
    await storage.put(key, data);
    const url = (await storage.downloadUrl(key))!;
    expect(url).toContain(`${s3.endpoint}/${s3.bucket}/${key}?`);
    expect(url).toContain('X-Amz-Expires=300');
    const part = await fetch(url, { headers: { range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-type')).toBe('audio/mpeg');
    expect(Buffer.from(await part.arrayBuffer()).equals(data.subarray(100, 200))).toBe(true);
    // Once its lifetime is over, the bucket refuses it (s3rver checks the expiry of V4 URLs; it
    // does not check their signatures, which a real bucket does).
    const shortLived = (await s3Storage({ ...s3.settings, urlLifetimeSeconds: 1 }).downloadUrl(key))!;
    expect((await fetch(shortLived, { headers: { range: 'bytes=0-9' } })).status).toBe(206);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect((await fetch(shortLived)).status).toBe(403);
  });
});

describe('uploads and episode audio configured on a bucket', () => {
  beforeAll(() => configureUploads(tempFolder(), { objectStorage: s3.settings }));

  it('keeps an episode file in the bucket, nothing on the disk, and copies and removes it there', async () => {
    const temporary = await temporaryAudioPath();
    fs.copyFileSync('src/content/audio/day1.mp3', temporary);
    const key = await keepAudio(temporary, 'mp3');
    expect(fs.existsSync(temporary)).toBe(false);
    expect(await s3.keys()).toContain(key);
    expect(await audioExists(key)).toBe(true);
    const copy = (await copyAudio(key))!;
    expect((await streamBytes((await openAudio(copy))!)).equals(fs.readFileSync('src/content/audio/day1.mp3'))).toBe(true);
    await removeAudio(key);
    await removeAudio(copy);
    expect(await s3.keys()).not.toContain(key);
    expect(await audioExists(copy)).toBe(false);
  });

  it('serves and resizes an uploaded image from the bucket, and points at MEDIA_PUBLIC_URL when a CDN serves them', async () => {
    const png = await sharp({ create: { width: 800, height: 400, channels: 3, background: '#8b5cf6' } })
      .png()
      .toBuffer();
    await getStorage().put('content/99-feedface.png', png);
    const served = await serveUpload('content/99-feedface.png');
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);
    const resized = await resizeMedia('320', '/uploads/content/99-feedface.png');
    expect(resized.ok && (await sharp(resized.body).metadata()).width).toBe(320);
    expect((await serveUpload('content/98-missing.png')).status).toBe(404);

    configureUploads(tempFolder(), { objectStorage: s3.settings, mediaPublicUrl: 'https://media.example.com/summit/' });
    const redirected = await serveUpload('content/99-feedface.png');
    expect(redirected.status).toBe(301);
    expect(redirected.headers.get('location')).toBe('https://media.example.com/summit/content/99-feedface.png');
    expect((await serveUpload('../secret.png')).status).toBe(404);
  });
});
