/**
 * Writes the demo episodes' audio (src/content/audio) and their WebVTT transcripts
 * (src/content/transcripts) from the `spoken` lines of src/content/episodes.ts (issue 30: the
 * demo ships with transcripts, and their words are known because the audio is spoken from them).
 *
 *   node tools/make-demo-audio.ts
 *
 * Needs espeak-ng, lame and opusenc on PATH (Debian: apt-get install espeak-ng lame opus-tools).
 * Each line is spoken alone (espeak-ng, 22.05 kHz mono), the lines joined with a short pause and
 * padded with silence to the episode's length, so each cue's times are the samples it spans.
 * MP3: 32 kbit/s with the title "Day N" (ID3v2 and v1); Opus: 16 kbit/s.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_EPISODES, demoTranscriptFile, type DemoEpisode } from '../src/content/episodes.ts';

const RATE = 22_050;
const PAUSE_SAMPLES = Math.round(0.3 * RATE);
const scratch = mkdtempSync(join(tmpdir(), 'demo-audio-'));

/** The 16-bit samples of a WAV file's data chunk. */
function samplesOf(wav: Buffer): Buffer {
  for (let offset = 12; offset + 8 <= wav.length;) {
    const size = wav.readUInt32LE(offset + 4);
    if (wav.toString('ascii', offset, offset + 4) === 'data')
      return wav.subarray(offset + 8, offset + 8 + Math.min(size, wav.length - offset - 8));
    offset += 8 + size + (size % 2);
  }
  throw new Error('espeak-ng wrote no WAV data');
}

function wavFile(samples: Buffer): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + samples.length, 4);
  header.write('WAVEfmt ', 8, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(RATE, 24);
  header.writeUInt32LE(RATE * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(samples.length, 40);
  return Buffer.concat([header, samples]);
}

function spoken(line: string): Buffer {
  const path = join(scratch, 'line.wav');
  execFileSync('espeak-ng', ['-w', path, line]);
  return samplesOf(readFileSync(path));
}

/** "00:00:01.859" */
function vttTime(samples: number): string {
  const ms = Math.round((samples / RATE) * 1000);
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}.${pad(ms % 1000, 3)}`;
}

function make(episode: DemoEpisode): void {
  const parts: Buffer[] = [];
  const cues: string[] = [];
  let at = 0;
  for (const line of episode.spoken) {
    if (at > 0) {
      parts.push(Buffer.alloc(PAUSE_SAMPLES * 2));
      at += PAUSE_SAMPLES;
    }
    const samples = spoken(line);
    cues.push(`${vttTime(at)} --> ${vttTime(at + samples.length / 2)}\n${line}`);
    parts.push(samples);
    at += samples.length / 2;
  }
  const total = Math.round((episode.lengthMs / 1000) * RATE);
  if (at > total) throw new Error(`Day ${episode.day} speaks for ${vttTime(at)}, longer than its ${episode.lengthMs} ms`);
  parts.push(Buffer.alloc((total - at) * 2));
  const wav = join(scratch, `day${episode.day}.wav`);
  writeFileSync(wav, wavFile(Buffer.concat(parts)));
  const out = join('src/content/audio', episode.file);
  if (episode.file.endsWith('.mp3')) execFileSync('lame', ['-S', '-b', '32', '--tt', `Day ${episode.day}`, wav, out], { stdio: 'ignore' });
  else execFileSync('opusenc', ['--quiet', '--bitrate', '16', wav, out]);
  writeFileSync(join('src/content/transcripts', demoTranscriptFile(episode)), `WEBVTT\n\n${cues.join('\n\n')}\n`);
}

try {
  for (const episode of DEMO_EPISODES) make(episode);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
