/**
 * The demo seed's episodes (src/content/episodes.ts): three short spoken files, committed, so a
 * new install has a working private feed and day pages that play. They go through the same
 * inspection as an upload, so their duration and size are read from the files, state the length
 * of the session each stands in for (shown instead), and carry the transcripts of what they say
 * (src/content/transcripts), judged like an uploaded one.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { DEMO_EPISODES, demoTranscriptFile, EDITIONS_WITH_DEMO_EPISODES, type DemoEpisode } from '../../content/episodes.ts';
import { parseStatedLength } from '../../domain/podcast/episode-length.ts';
import { judgeTranscript, TRANSCRIPT_FORMATS } from '../../domain/podcast/transcripts.ts';
import type { Database } from '../db/client.ts';
import { episodes } from '../db/schema.ts';
import { keepAudio, temporaryAudioPath } from './audio-store.ts';
import { inspectAudio } from './inspect-audio.ts';
import { log } from '../log.ts';

/** Resolved from the working directory, like DATA_DIR: the app runs from the project folder. */
const DEMO_AUDIO_DIR = path.resolve('src/content/audio');
const DEMO_TRANSCRIPTS_DIR = path.resolve('src/content/transcripts');

/** The episode's transcript (what its audio says), judged like an upload. */
async function demoTranscript(episode: DemoEpisode): Promise<{ transcript: string; transcriptType: string }> {
  const verdict = judgeTranscript(await fs.readFile(path.join(DEMO_TRANSCRIPTS_DIR, demoTranscriptFile(episode))));
  if (!verdict.ok) throw new Error(`Demo transcript of ${episode.file}: ${verdict.problem}`);
  return { transcript: verdict.text, transcriptType: TRANSCRIPT_FORMATS[verdict.format].contentType };
}

/** The length the demo episode states, in seconds. */
function statedSeconds(episode: DemoEpisode): number {
  const length = parseStatedLength(episode.statedLength);
  if (!length.ok || length.seconds === null)
    throw new Error(`Demo episode of day ${episode.day}: its stated length ${episode.statedLength} is not h:mm:ss`);
  return length.seconds;
}

export async function insertDemoEpisodes(tx: Database, edition: { id: number; slug: string }): Promise<void> {
  if (!EDITIONS_WITH_DEMO_EPISODES.has(edition.slug)) return;
  // Started from another folder than the project's: the demo audio is not there. The demo then
  // has no episodes (the admin can add them) rather than a first start that fails.
  if (!(await fs.stat(DEMO_AUDIO_DIR).catch(() => null))?.isDirectory()) {
    log.warn(
      { folder: DEMO_AUDIO_DIR },
      'demo audio not found (start the server from the project folder); the demo editions get no episodes',
    );
    return;
  }
  for (const episode of DEMO_EPISODES) {
    const temporary = await temporaryAudioPath();
    await fs.copyFile(path.join(DEMO_AUDIO_DIR, episode.file), temporary);
    const inspected = await inspectAudio(temporary);
    if (!inspected.ok) throw new Error(`Demo audio ${episode.file}: ${inspected.error}`);
    const audioKey = await keepAudio(temporary, inspected.format.extension);
    await tx.insert(episodes).values({
      editionId: edition.id,
      day: episode.day,
      position: 0,
      title: episode.title,
      description: `A short spoken introduction to the day. ${episode.description}`,
      speaker: '',
      audioKey,
      contentType: inspected.format.contentType,
      sizeBytes: inspected.sizeBytes,
      durationSeconds: inspected.durationSeconds,
      statedDurationSeconds: statedSeconds(episode),
      bitrate: inspected.bitrate,
      ...(await demoTranscript(episode)),
    });
  }
}
