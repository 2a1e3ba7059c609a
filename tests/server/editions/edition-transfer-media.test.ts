/**
 * An edition's export carries its episodes (with their audio, in the archive)
 * and its e-mail sequence, and an import round-trips them: under a new slug (new guids, its own
 * copies of the audio), again into the same edition (nothing duplicated, messages kept by key
 * with their outbox), and from an archive after the source's files are gone (another install).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createWriteStream } from 'node:fs';
import { eq } from 'drizzle-orm';
import yazl from 'yazl';
import { beforeAll, expect, it } from 'vitest';
import { parseIdentifier } from '../../../src/domain/sign-in.ts';
import { upsertAdmin, type AdminUser } from '../../../src/server/auth/accounts.ts';
import { editionMessages, mailOutbox, registrants } from '../../../src/server/db/schema.ts';
import { exportEditionArchive, readEditionArchive, removeArchiveAudio } from '../../../src/server/editions/edition-archive.ts';
import { importEditionDocument } from '../../../src/server/editions/edition-import.ts';
import { exportEditionJson, readEditionDocument } from '../../../src/server/editions/edition-transfer.ts';
import { readEdition } from '../../../src/server/editions/read-edition.ts';
import { audioRoot } from '../../../src/server/episodes/audio-store.ts';

import { listEpisodes, type Episode } from '../../../src/server/episodes/episodes.ts';
import { inspectAudio } from '../../../src/server/episodes/inspect-audio.ts';
import { listEditionMessages } from '../../../src/server/editions/edition-messages.ts';
import { describeEachDatabase, useTestDatabase } from '../../support/databases.ts';

/** Where the local folder storage keeps a stored episode file. */
const audioPath = (key: string) => path.join(audioRoot(), key);

const AUDIO_LIMIT = 50_000_000;

/** What a listener and the feed see of an episode: everything but its row id, guid and file name. */
const shown = (episode: Episode) => ({
  day: episode.day,
  position: episode.position,
  title: episode.title,
  description: episode.description,
  speaker: episode.speaker,
  contentType: episode.contentType,
  sizeBytes: episode.sizeBytes,
  durationSeconds: episode.durationSeconds,
  external: episode.externalUrl,
  transcript: episode.transcript,
  transcriptType: episode.transcriptType,
  chapters: episode.chapters,
});

const sequence = (rows: Awaited<ReturnType<typeof listEditionMessages>>) =>
  rows.map(({ key, name, category, subject, body, enabled, rule }) => ({ key, name, category, subject, body, enabled, rule }));

async function bytesOf(episode: Episode): Promise<Buffer> {
  return fs.readFile(audioPath(episode.audioKey!));
}

describeEachDatabase('edition export and import: episodes and the e-mail sequence', (database) => {
  const ctx = useTestDatabase(database, { seed: true });
  let admin: AdminUser;
  const scratch = path.join(os.tmpdir(), `summit-archive-${process.pid}-${database.name}`);

  beforeAll(async () => {
    const { id } = await upsertAdmin(ctx.db, parseIdentifier('mover@example.com')!, 'a long enough password');
    admin = { id, email: 'mover@example.com', phone: null };
    await fs.mkdir(scratch, { recursive: true });
  });

  const editionId = async (slug: string) => (await readEdition(ctx.db, slug, { fresh: true }))!.id;

  it('a JSON export imported under a new slug gives the same episodes (own guids and files) and the same e-mails', async () => {
    const text = (await exportEditionJson(ctx.db, 'august'))!;
    const document = JSON.parse(text);
    expect(document.version).toBe(2);
    expect(document.episodes).toHaveLength(3);
    expect(document.messages.length).toBeGreaterThan(3);
    document.edition.slug = 'october';
    const result = await importEditionDocument({ handle: ctx.handle, admin, text: JSON.stringify(document) });
    expect(result).toMatchObject({ ok: true, slug: 'october', created: true });
    expect((result as { message: string }).message).toContain('3 episodes');

    const source = await listEpisodes(ctx.db, await editionId('august'));
    const copy = await listEpisodes(ctx.db, await editionId('october'));
    expect(copy.map(shown)).toEqual(source.map(shown));
    // Guids are unique in the installation, and each edition owns its files.
    expect(copy.map((episode) => episode.guid).filter((guid) => source.some((other) => other.guid === guid))).toEqual([]);
    for (const [index, episode] of copy.entries()) {
      expect(episode.audioKey).not.toBe(source[index]!.audioKey);
      expect(await bytesOf(episode)).toEqual(await bytesOf(source[index]!));
      expect(await inspectAudio(audioPath(episode.audioKey!))).toMatchObject({ ok: true });
    }
    expect(sequence(await listEditionMessages(ctx.db, await editionId('october')))).toEqual(
      sequence(await listEditionMessages(ctx.db, await editionId('august'))),
    );
    // The same file imported there again: the same episodes, updated in place (no new guids for podcast apps).
    expect(await importEditionDocument({ handle: ctx.handle, admin, text: JSON.stringify(document) })).toMatchObject({
      ok: true,
      created: false,
    });
    const again = await listEpisodes(ctx.db, await editionId('october'));
    expect(again.map((episode) => [episode.id, episode.guid])).toEqual(copy.map((episode) => [episode.id, episode.guid]));
  });

  it('imported again into the same edition, it duplicates nothing and keeps each message and its outbox', async () => {
    const august = await editionId('august');
    const [registrant] = await ctx.db
      .insert(registrants)
      .values({ editionId: august, firstName: 'Ada', email: 'ada.transfer@example.com' })
      .returning();
    const [first] = await listEditionMessages(ctx.db, august);
    await ctx.db.insert(mailOutbox).values({
      to: registrant!.email,
      registrantId: registrant!.id,
      editionMessageId: first!.id,
      dedupeKey: `m${first!.id}:r${registrant!.id}`,
      status: 'sent',
    });
    const episodesBefore = await listEpisodes(ctx.db, august);
    const messagesBefore = await listEditionMessages(ctx.db, august);
    const text = (await exportEditionJson(ctx.db, 'august'))!;

    const changed = JSON.parse(text);
    changed.messages[0].subject = 'A new subject for the first message';
    changed.episodes[1].title = 'Retitled day 2';
    expect((await importEditionDocument({ handle: ctx.handle, admin, text: JSON.stringify(changed) })).ok).toBe(true);

    const episodesAfter = await listEpisodes(ctx.db, august);
    expect(episodesAfter.map((episode) => [episode.id, episode.guid, episode.audioKey])).toEqual(
      episodesBefore.map((episode) => [episode.id, episode.guid, episode.audioKey]),
    );
    expect(episodesAfter[1]!.title).toBe('Retitled day 2');
    const messagesAfter = await listEditionMessages(ctx.db, august);
    expect(messagesAfter.map((message) => message.id)).toEqual(messagesBefore.map((message) => message.id));
    expect(messagesAfter[0]!.subject).toBe('A new subject for the first message');
    expect(await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.editionMessageId, first!.id))).toHaveLength(1);

    // A message left out of the document: switched off while something was sent for it, else deleted.
    const fewer = JSON.parse(text);
    const dropped = fewer.messages.splice(0, 2).map((message: { key: string }) => message.key);
    expect((await importEditionDocument({ handle: ctx.handle, admin, text: JSON.stringify(fewer) })).ok).toBe(true);
    const left = await ctx.db.select().from(editionMessages).where(eq(editionMessages.editionId, august));
    expect(left.find((message) => message.key === dropped[0])).toMatchObject({ id: first!.id, enabled: false });
    expect(left.find((message) => message.key === dropped[1])).toBeUndefined();
    // Back as it was, for what follows.
    expect((await importEditionDocument({ handle: ctx.handle, admin, text })).ok).toBe(true);
  });

  it('a JSON document naming audio this installation does not have is refused, naming the episode', async () => {
    const document = JSON.parse((await exportEditionJson(ctx.db, 'july'))!);
    document.edition.slug = 'elsewhere';
    document.episodes[2].audioFile = 'audio/1700000000000-0123456789abcdef.mp3';
    const result = await importEditionDocument({ handle: ctx.handle, admin, text: JSON.stringify(document) });
    expect(result.ok).toBe(false);
    expect((result as { problems: string[] }).problems[0]).toMatch(
      /^episodes\[2\]\.audioFile: audio\/1700000000000-0123456789abcdef\.mp3 is not in this installation/,
    );
    expect(await readEdition(ctx.db, 'elsewhere', { fresh: true })).toBeNull();
  });

  it('an episode’s transcript travels with it, and one that is no transcript is refused', async () => {
    const document = JSON.parse((await exportEditionJson(ctx.db, 'july'))!);
    expect(document.episodes[0].transcript).toMatch(/^WEBVTT\n/);
    document.edition.slug = 'no-words';
    document.episodes[1].transcript = 'WEBVTT\n\nno timed cue at all\n';
    const result = await importEditionDocument({ handle: ctx.handle, admin, text: JSON.stringify(document) });
    expect(result.ok).toBe(false);
    expect((result as { problems: string[] }).problems.join('\n')).toContain(
      'episodes[1].transcript: The transcript must be WebVTT, SRT or plain text with words in it.',
    );
    expect(await readEdition(ctx.db, 'no-words', { fresh: true })).toBeNull();
  });

  it('the archive carries the audio: imported after the source files are gone, every episode plays', async () => {
    const archive = path.join(scratch, 'july.zip');
    await pipeline((await exportEditionArchive(ctx.db, 'july'))!, createWriteStream(archive));
    const july = await listEpisodes(ctx.db, await editionId('july'));
    const originals = await Promise.all(july.map(bytesOf));
    // As on another installation: the files are not in this audio store.
    const moved = path.join(scratch, 'moved');
    await fs.mkdir(moved, { recursive: true });
    for (const episode of july) await fs.rename(audioPath(episode.audioKey!), path.join(moved, path.basename(episode.audioKey!)));
    try {
      const read = await readEditionArchive(archive, AUDIO_LIMIT);
      expect(read.ok).toBe(true);
      if (!read.ok) return;
      const result = await importEditionDocument({ handle: ctx.handle, admin, text: read.text, archive: read.audio, asSlug: 'november' });
      expect(result).toMatchObject({ ok: true, slug: 'november', created: true });
      const imported = await listEpisodes(ctx.db, await editionId('november'));
      expect(imported.map(shown)).toEqual(july.map(shown));
      expect(await Promise.all(imported.map(bytesOf))).toEqual(originals);
      expect(sequence(await listEditionMessages(ctx.db, await editionId('november')))).toEqual(
        sequence(await listEditionMessages(ctx.db, await editionId('july'))),
      );
    } finally {
      for (const episode of july) await fs.rename(path.join(moved, path.basename(episode.audioKey!)), audioPath(episode.audioKey!));
    }
  });

  it('an archive whose audio is not audio, or that is no zip, is refused and stores nothing', async () => {
    const document = (await readEditionDocument(ctx.db, 'july'))!;
    const zip = new yazl.ZipFile();
    zip.addBuffer(Buffer.from(JSON.stringify({ ...document, edition: { ...document.edition, slug: 'bogus' } })), 'edition.json');
    // Stored as an export stores audio (deflated, this text would be refused for its compression ratio first).
    zip.addBuffer(Buffer.from('<html>not audio</html>'.repeat(50)), document.episodes![0]!.audioFile!, { compress: false });
    zip.end();
    const file = path.join(scratch, 'bogus.zip');
    await pipeline(zip.outputStream, createWriteStream(file));
    const read = await readEditionArchive(file, AUDIO_LIMIT);
    expect(read).toEqual({ ok: false, problems: [`${document.episodes![0]!.audioFile}: not MP3, M4A/AAC or Ogg/Opus audio.`] });

    const notZip = path.join(scratch, 'not.zip');
    await fs.writeFile(notZip, 'PK? no');
    expect(await readEditionArchive(notZip, AUDIO_LIMIT)).toEqual({
      ok: false,
      problems: ['The file is not an edition archive (.zip from “Export with audio”).'],
    });
    const ok = await readEditionArchive(path.join(scratch, 'july.zip'), 10);
    expect(ok.ok).toBe(false);
    if (ok.ok) await removeArchiveAudio(ok.audio);
  });
});
