/**
 * The demo seed's episodes: three short spoken files made once with espeak-ng and lame/opusenc
 * (src/content/audio, a few KB each, committed), so a new install has a working private feed.
 * They go through the same inspection as an upload, so their duration and size are read from
 * the files. The evergreen demo editions (july, august) get one episode per day; september keeps
 * its visual-only player so the demo shows both kinds of day page.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { EditionDay } from '../../domain/edition.ts';
import type { Database } from '../db/client.ts';
import { episodes } from '../db/schema.ts';
import { keepAudio, temporaryAudioPath } from './audio-store.ts';
import { inspectAudio } from './inspect-audio.ts';
import { log } from '../log.ts';

/** Resolved from the working directory, like DATA_DIR: the app runs from the project folder. */
const DEMO_AUDIO_DIR = path.resolve('src/content/audio');
const DEMO_FILES = ['day1.mp3', 'day2.mp3', 'day3.opus'] as const;

const EDITIONS_WITH_EPISODES = new Set(['july', 'august']);

export async function insertDemoEpisodes(tx: Database, edition: { id: number; slug: string }, days: readonly EditionDay[]): Promise<void> {
  if (!EDITIONS_WITH_EPISODES.has(edition.slug)) return;
  // Started from another folder than the project's: the demo audio is not there. The demo then
  // has no episodes (the admin can add them) rather than a first start that fails.
  if (!(await fs.stat(DEMO_AUDIO_DIR).catch(() => null))?.isDirectory()) {
    log.warn(
      { folder: DEMO_AUDIO_DIR },
      'demo audio not found (start the server from the project folder); the demo editions get no episodes',
    );
    return;
  }
  const editionId = edition.id;
  for (const day of days) {
    const file = DEMO_FILES[day.day - 1];
    if (!file) continue;
    const temporary = await temporaryAudioPath();
    await fs.copyFile(path.join(DEMO_AUDIO_DIR, file), temporary);
    const inspected = await inspectAudio(temporary);
    if (!inspected.ok) throw new Error(`Demo audio ${file}: ${inspected.error}`);
    const audioKey = await keepAudio(temporary, inspected.format.extension);
    await tx.insert(episodes).values({
      editionId,
      day: day.day,
      position: 0,
      // Not the day's full episode (that stays the edition day's player): a short introduction to it.
      title: `${day.episodeTitle} (spoken introduction)`,
      description: `A short spoken introduction to the day. ${day.episodeDescription}`.trim(),
      speaker: '',
      audioKey,
      contentType: inspected.format.contentType,
      sizeBytes: inspected.sizeBytes,
      durationSeconds: inspected.durationSeconds,
      bitrate: inspected.bitrate,
    });
  }
}
