/**
 * An edition archive with the audio kept in a bucket (a real S3-compatible
 * server, s3rver on loopback): the export streams each file from the bucket, the import stores
 * each file anew in the bucket under its own key, and a refused import leaves nothing there;
 * deleting an edition removes its episodes' files from the bucket (decision 0052).
 */
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { parseIdentifier } from '../../../src/domain/sign-in.ts';
import { upsertAdmin } from '../../../src/server/auth/accounts.ts';
import { exportEditionArchive, readEditionArchive, removeArchiveAudio } from '../../../src/server/editions/edition-archive.ts';
import { deleteEdition } from '../../../src/server/editions/edition-commands.ts';
import { importEditionDocument } from '../../../src/server/editions/edition-import.ts';
import { readEdition } from '../../../src/server/editions/read-edition.ts';
import { openAudio } from '../../../src/server/episodes/audio-store.ts';
import { listEpisodes, type Episode } from '../../../src/server/episodes/episodes.ts';
import { configureUploads } from '../../../src/server/uploads/upload-storage.ts';
import { describeEachDatabase, useTestDatabase } from '../../support/databases.ts';
import { startS3Server, type S3Server } from '../../support/s3-server.ts';

let s3: S3Server;
const scratch = path.join(os.tmpdir(), `summit-archive-s3-${process.pid}`);

// Before the database is seeded: the demo episodes go to the bucket, as on a server configured so.
beforeAll(async () => {
  s3 = await startS3Server();
  await fs.mkdir(scratch, { recursive: true });
  configureUploads(scratch, { objectStorage: s3.settings });
});

afterAll(async () => {
  configureUploads(path.join(os.tmpdir(), 'summit-vitest-data'));
  await s3.stop();
  await fs.rm(scratch, { recursive: true, force: true });
});

async function bytesOf(episode: Episode): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of (await openAudio(episode.audioKey!))!) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describeEachDatabase('edition archives with the audio in a bucket', (database) => {
  const ctx = useTestDatabase(database, { seed: true });

  it('exports the audio from the bucket and imports it into the bucket under new keys', async () => {
    const { id } = await upsertAdmin(ctx.db, parseIdentifier('bucket.mover@example.com')!, 'a long enough password');
    const admin = { id, email: 'bucket.mover@example.com', phone: null };
    const july = await listEpisodes(ctx.db, (await readEdition(ctx.db, 'july', { fresh: true }))!.id);
    const before = await s3.keys();
    expect(before).toEqual(expect.arrayContaining(july.map((episode) => episode.audioKey)));

    const archive = path.join(scratch, `july-${database.name}.zip`);
    await pipeline((await exportEditionArchive(ctx.db, 'july'))!, createWriteStream(archive));
    const read = await readEditionArchive(archive, 50_000_000);
    if (!read.ok) throw new Error(read.problems.join('; '));
    const result = await importEditionDocument({
      handle: ctx.handle,
      admin,
      text: read.text,
      archive: read.audio,
      asSlug: `winter-${database.name}`,
    });
    expect(result).toMatchObject({ ok: true, created: true });

    const imported = await listEpisodes(ctx.db, (await readEdition(ctx.db, `winter-${database.name}`, { fresh: true }))!.id);
    expect(imported).toHaveLength(july.length);
    const newKeys = imported.map((episode) => episode.audioKey!);
    expect(newKeys.some((key) => before.includes(key))).toBe(false);
    expect(await s3.keys()).toEqual(expect.arrayContaining(newKeys));
    expect(await Promise.all(imported.map(bytesOf))).toEqual(await Promise.all(july.map(bytesOf)));
    // Nothing stays on this process's disk: the files went on to the bucket.
    expect((await fs.readdir(path.join(scratch, 'uploads', 'audio'))).filter((name) => !name.startsWith('incoming-'))).toEqual([]);
  });

  it('a refused archive leaves nothing in the bucket', async () => {
    const archive = path.join(scratch, `july-${database.name}.zip`);
    const before = await s3.keys();
    const read = await readEditionArchive(archive, 10);
    expect(read.ok).toBe(false);
    if (read.ok) await removeArchiveAudio(read.audio);
    expect(await s3.keys()).toEqual(before);
  });

  it('deleting an edition removes its episodes’ files from the bucket, and leaves the other editions’ files', async () => {
    const { id } = await upsertAdmin(ctx.db, parseIdentifier('bucket.deleter@example.com')!, 'a long enough password');
    const admin = { id, email: 'bucket.deleter@example.com', phone: null };
    const archive = path.join(scratch, `july-${database.name}.zip`);
    const read = await readEditionArchive(archive, 50_000_000);
    if (!read.ok) throw new Error(read.problems.join('; '));
    const slug = `gone-${database.name}`;
    expect(await importEditionDocument({ handle: ctx.handle, admin, text: read.text, archive: read.audio, asSlug: slug })).toMatchObject({
      ok: true,
    });
    const doomed = (await listEpisodes(ctx.db, (await readEdition(ctx.db, slug, { fresh: true }))!.id)).map((episode) => episode.audioKey!);
    expect(await s3.keys()).toEqual(expect.arrayContaining(doomed));

    expect(await deleteEdition({ handle: ctx.handle, admin, slug, confirmation: slug })).toMatchObject({ ok: true });
    const left = await s3.keys();
    expect(left.filter((key) => doomed.includes(key))).toEqual([]);
    const july = await listEpisodes(ctx.db, (await readEdition(ctx.db, 'july', { fresh: true }))!.id);
    expect(left).toEqual(expect.arrayContaining(july.map((episode) => episode.audioKey)));
  });
});
