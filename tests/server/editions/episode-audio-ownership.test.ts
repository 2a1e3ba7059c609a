/**
 * Each episode owns its audio file, and a file goes once no episode names it (decision 0052),
 * on the local folder storage (the bucket: edition-archive-storage.test.ts):
 * - an archive whose two episodes name the same file gives each its own stored copy, so
 *   deleting one episode (the admin's episode form) leaves the other's file, and "Export with
 *   audio" still carries it; before the fix both got one key and the deletion removed it;
 * - deleting an edition removes its episodes' files once the deletion commits, but not a file
 *   an episode of another edition still names; before the fix every file stayed on the disk.
 */
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';
import yazl from 'yazl';
import { beforeAll, expect, it } from 'vitest';
import { parseIdentifier } from '../../../src/domain/sign-in.ts';
import { upsertAdmin, type AdminUser } from '../../../src/server/auth/accounts.ts';
import { ADMIN_COOKIE, startSession } from '../../../src/server/auth/sessions.ts';
import { episodes } from '../../../src/server/db/schema.ts';
import { DELETE_CONFIRMATION } from '../../../src/domain/podcast/episode-form.ts';
import { deleteEdition } from '../../../src/server/editions/edition-commands.ts';
import { exportEditionArchive, readEditionArchive } from '../../../src/server/editions/edition-archive.ts';
import { importEditionDocument } from '../../../src/server/editions/edition-import.ts';
import { readEditionDocument } from '../../../src/server/editions/edition-transfer.ts';
import { readEdition } from '../../../src/server/editions/read-edition.ts';
import { episodeRoutes } from '../../../src/server/episodes/admin-episode-routes.ts';
import { audioExists, openAudio } from '../../../src/server/episodes/audio-store.ts';
import { listEpisodes } from '../../../src/server/episodes/episodes.ts';
import { describeEachDatabase, useProcessDatabase } from '../../support/databases.ts';
import { useLoopbackServer } from '../../support/loopback-server.ts';

const AUDIO_LIMIT = 50_000_000;

async function bytesOf(key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of (await openAudio(key))!) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The names of the files an archive carries besides its document. */
async function archivedFiles(file: string): Promise<string[]> {
  const zip = await yauzl.openPromise(file, { lazyEntries: true, autoClose: false });
  const names: string[] = [];
  try {
    for await (const entry of zip.eachEntry()) if (entry.fileName !== 'edition.json') names.push(entry.fileName);
  } finally {
    zip.close();
  }
  return names.sort();
}

describeEachDatabase('each episode owns its audio file', (database) => {
  const ctx = useProcessDatabase(database);
  const server = useLoopbackServer((req, res) =>
    episodeRoutes((_req, next) => next.writeHead(404).end(), { limit: AUDIO_LIMIT, audioHost: 'audio.example.com' })(req, res),
  );
  const scratch = path.join(os.tmpdir(), `summit-audio-owners-${process.pid}-${database.name}`);
  let admin: AdminUser;
  let cookie: string;

  beforeAll(async () => {
    const { id } = await upsertAdmin(ctx.db, parseIdentifier('owner@example.com')!, 'a long enough password');
    admin = { id, email: 'owner@example.com', phone: null };
    cookie = `${ADMIN_COOKIE}=${await startSession(ctx.db, id)}`;
    await fs.mkdir(scratch, { recursive: true });
  });

  const episodesOf = async (slug: string) => listEpisodes(ctx.db, (await readEdition(ctx.db, slug, { fresh: true }))!.id);

  /** July's document with its second episode naming the first one's file, in an archive carrying that file once. */
  async function archiveNamingOneFileTwice(): Promise<string> {
    const document = (await readEditionDocument(ctx.db, 'july'))!;
    const shared = document.episodes![0]!.audioFile!;
    document.episodes![1]!.audioFile = shared;
    const zip = new yazl.ZipFile();
    const file = path.join(scratch, 'twins.zip');
    const written = pipeline(zip.outputStream, createWriteStream(file));
    zip.addBuffer(Buffer.from(JSON.stringify(document)), 'edition.json');
    zip.addBuffer(await bytesOf(shared), shared, { compress: false });
    zip.end();
    await written;
    return file;
  }

  /** Deletes an episode through the admin's episode form, as the episodes screen posts it. */
  async function deleteEpisodeAsAdmin(slug: string, id: number): Promise<void> {
    const form = new FormData();
    form.set('action', 'delete');
    form.set('id', String(id));
    form.set('confirm', DELETE_CONFIRMATION);
    const answer = await fetch(`${server.url}/admin/editions/${slug}/episodes`, {
      method: 'POST',
      body: form,
      headers: { cookie, origin: server.url },
      redirect: 'manual',
    });
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toContain('outcome=deleted');
  }

  it('two episodes of an archive naming one file get a file each: deleting one keeps the other’s, and its export carries it', async () => {
    const read = await readEditionArchive(await archiveNamingOneFileTwice(), AUDIO_LIMIT);
    if (!read.ok) throw new Error(read.problems.join('; '));
    const imported = await importEditionDocument({ handle: ctx.handle, admin, text: read.text, archive: read.audio, asSlug: 'twins' });
    expect(imported).toMatchObject({ ok: true, created: true });

    const [first, second] = await episodesOf('twins');
    expect(first!.audioKey).not.toBe(second!.audioKey);
    expect(await bytesOf(second!.audioKey!)).toEqual(await bytesOf(first!.audioKey!));

    await deleteEpisodeAsAdmin('twins', first!.id);
    expect(await audioExists(first!.audioKey!)).toBe(false);
    expect(await audioExists(second!.audioKey!)).toBe(true);

    const exported = path.join(scratch, 'twins-export.zip');
    await pipeline((await exportEditionArchive(ctx.db, 'twins'))!, createWriteStream(exported));
    const remaining = await episodesOf('twins');
    expect(await archivedFiles(exported)).toEqual(remaining.flatMap((episode) => (episode.audioKey ? [episode.audioKey] : [])).sort());
    expect(await archivedFiles(exported)).toContain(second!.audioKey);
  });

  it('deleting an edition removes its episodes’ files after the commit, but not a file another edition’s episode names', async () => {
    const document = (await readEditionDocument(ctx.db, 'july'))!;
    const copied = await importEditionDocument({
      handle: ctx.handle,
      admin,
      text: JSON.stringify({ ...document, edition: { ...document.edition, slug: 'short-lived' } }),
    });
    expect(copied).toMatchObject({ ok: true, created: true });
    const doomed = await episodesOf('short-lived');
    const keys = doomed.map((episode) => episode.audioKey!);
    expect(keys).toHaveLength(3);
    for (const key of keys) expect(await audioExists(key)).toBe(true);
    // An installation from before each episode had its own file: an August episode names one of them.
    const august = (await readEdition(ctx.db, 'august', { fresh: true }))!;
    const { id: _id, guid: _guid, editionId: _edition, createdAt: _created, updatedAt: _updated, ...sharing } = doomed[2]!;
    await ctx.db.insert(episodes).values({ ...sharing, editionId: august.id });

    const refused = await deleteEdition({ handle: ctx.handle, admin, slug: 'short-lived', confirmation: 'wrong' });
    expect(refused.ok).toBe(false);
    for (const key of keys) expect(await audioExists(key)).toBe(true);

    expect(await deleteEdition({ handle: ctx.handle, admin, slug: 'short-lived', confirmation: 'short-lived' })).toMatchObject({
      ok: true,
    });
    expect(await audioExists(keys[0]!)).toBe(false);
    expect(await audioExists(keys[1]!)).toBe(false);
    expect(await audioExists(keys[2]!)).toBe(true);
    // July's own files are untouched.
    for (const episode of await episodesOf('july')) expect(await audioExists(episode.audioKey!)).toBe(true);
  });

  it('an action the episodes form does not post adds nothing and says so (it used to add an episode)', async () => {
    const before = await episodesOf('july');
    const form = new FormData();
    form.set('action', 'import-everything');
    form.set('day', '1');
    form.set('title', 'Stray');
    form.set('externalUrl', 'https://cdn.example.org/stray.mp3');
    const answer = await fetch(`${server.url}/admin/editions/july/episodes`, {
      method: 'POST',
      body: form,
      headers: { cookie, origin: server.url },
      redirect: 'manual',
    });
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toContain('outcome=unknown-action');
    expect(await episodesOf('july')).toEqual(before);
  });
});
