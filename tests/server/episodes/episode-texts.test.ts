/**
 * The transcript and chapters an episode form brings (decision 0039): the columns it writes, a removal,
 * and each refusal by its outcome code. The files are judged by their bytes alone.
 */
import { describe, expect, it } from 'vitest';
import { CHAPTERS_MAX_BYTES } from '../../../src/domain/podcast/chapters.ts';
import { TRANSCRIPT_MAX_BYTES } from '../../../src/domain/podcast/transcripts.ts';
import { judgeEpisodeTexts } from '../../../src/server/episodes/episode-texts.ts';
import { readEpisodeForm } from '../../../src/server/episodes/read-episode-form.ts';
import { useLoopbackServer } from '../../support/loopback-server.ts';

const file = (text: string, tooLarge = false) => ({ bytes: new TextEncoder().encode(text), tooLarge });
const VTT = 'WEBVTT\n\n00:00:00.000 --> 00:00:01.000\nHello.\n';

describe('judgeEpisodeTexts', () => {
  it('changes nothing when the form brings no file and ticks no removal', () => {
    expect(judgeEpisodeTexts({ fields: {}, texts: {} })).toEqual({ values: {} });
  });

  it('keeps a transcript with the type of its format, and chapters as checked JSON', () => {
    const chapters = '{"version":"1.2.0","chapters":[{"startTime":0,"title":"Hello"}]}';
    expect(judgeEpisodeTexts({ fields: {}, texts: { transcript: file(VTT), chapters: file(chapters) } })).toEqual({
      values: { transcript: VTT, transcriptType: 'text/vtt', chapters },
    });
  });

  it('removes what the admin ticks', () => {
    expect(judgeEpisodeTexts({ fields: { removeTranscript: 'on', removeChapters: 'on' }, texts: {} })).toEqual({
      values: { transcript: null, transcriptType: null, chapters: null },
    });
  });

  it('refuses a file past its limit, one that is not text, an empty one, timed text without cues, and chapters that are not the format', () => {
    expect(judgeEpisodeTexts({ fields: {}, texts: { transcript: file(VTT, true) } })).toEqual({ code: 'transcript-too-large' });
    expect(judgeEpisodeTexts({ fields: {}, texts: { transcript: { bytes: new Uint8Array([0xff, 0xfe, 0]), tooLarge: false } } })).toEqual({
      code: 'not-transcript',
    });
    expect(judgeEpisodeTexts({ fields: {}, texts: { transcript: file('\n\n') } })).toEqual({ code: 'empty-transcript' });
    expect(judgeEpisodeTexts({ fields: {}, texts: { transcript: file('WEBVTT\n\nno cue here\n') } })).toEqual({
      code: 'transcript-no-cues',
    });
    expect(judgeEpisodeTexts({ fields: {}, texts: { chapters: file('[1, 2]') } })).toEqual({ code: 'bad-chapters' });
    expect(judgeEpisodeTexts({ fields: {}, texts: { chapters: file('{}', true) } })).toEqual({ code: 'bad-chapters' });
  });
});

describe('the episode form’s small files, as they arrive', () => {
  // The form's file limit (the audio's) is set low here, at 500 KB: a file busboy cuts off is too large too.
  const server = useLoopbackServer((req, res) => {
    readEpisodeForm(req, 500_000).then(
      (form) => {
        const sizes = Object.fromEntries(Object.entries(form.texts).map(([name, text]) => [name, [text.bytes.length, text.tooLarge]]));
        res.end(JSON.stringify({ fields: form.fields, sizes, audio: form.file !== null }));
      },
      () => res.writeHead(400).end(),
    );
  });

  it('keeps a transcript and chapters in memory up to their limits, and reports a larger one, or one the form cut off, as too large', async () => {
    const form = new FormData();
    form.set('title', 'An episode');
    form.set('transcript', new Blob(['x'.repeat(600_000)]), 'long.txt');
    form.set('chapters', new Blob(['{"version":"1"}']), 'chapters.json');
    const answer = await (await fetch(server.url, { method: 'POST', body: form })).json();
    expect(answer).toEqual({
      fields: { title: 'An episode' },
      sizes: { transcript: [expect.any(Number), true], chapters: [15, false] },
      audio: false,
    });
    // What is held stays within the limit, whatever arrived.
    expect(answer.sizes.transcript[0]).toBeLessThanOrEqual(TRANSCRIPT_MAX_BYTES);
    const cut = new FormData();
    cut.set('chapters', new Blob(['{"version":"1",' + ' '.repeat(300_000) + '}']), 'chapters.json');
    const cutAnswer = await (await fetch(server.url, { method: 'POST', body: cut })).json();
    expect(cutAnswer.sizes.chapters[1]).toBe(true);
    expect(cutAnswer.sizes.chapters[0]).toBeLessThanOrEqual(CHAPTERS_MAX_BYTES);
  });
});
