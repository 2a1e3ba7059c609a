import { beforeAll, describe, expect, it } from 'vitest';
import { judgeTranscript, readableTime, TRANSCRIPT_MAX_BYTES, transcriptCues } from '../../../src/domain/podcast/transcripts.ts';
import { judgeChapters } from '../../../src/domain/podcast/chapters.ts';

const bytes = (text: string) => new TextEncoder().encode(text);

const VTT = `WEBVTT Kind: captions

NOTE made by hand

1
00:00:00.000 --> 00:00:02.500
<v Ava Moon>Welcome &amp; <i>hello</i>.

00:01:05.250 --> 00:01:07.000 align:start
Second line
over two lines.
`;

const SRT = `1\r\n00:00:01,000 --> 00:00:03,000\r\nSarah: In today's episode,\r\n\r\n2\r\n01:02:03,000 --> 01:02:05,000\r\nyou'll learn <b>this</b>.\r\n`;

describe('judgeTranscript', () => {
  it('knows WebVTT by its header and SRT by its first cue, whatever the file is called', () => {
    const vtt = judgeTranscript(bytes(`\uFEFF${VTT}`));
    expect(vtt).toMatchObject({ ok: true, format: 'vtt' });
    const srt = judgeTranscript(bytes(SRT));
    expect(srt).toMatchObject({ ok: true, format: 'srt' });
    // Line endings are kept as LF, the text ends with one newline.
    expect(srt.ok && srt.text).toBe(`${SRT.replace(/\r\n/g, '\n').trim()}\n`);
  });

  it('takes any other UTF-8 text as plain text, markup included (it is only ever written out as text)', () => {
    expect(judgeTranscript(bytes('Host: <script>alert(1)</script> welcome.\n\nGuest: thank you.'))).toMatchObject({
      ok: true,
      format: 'txt',
    });
  });

  it('refuses binary files, text in another encoding, empty files and a WebVTT file with no cue', () => {
    expect(judgeTranscript(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]))).toEqual({
      ok: false,
      problem: 'not-text',
    });
    expect(judgeTranscript(new Uint8Array([0x63, 0x61, 0x66, 0xe9]))).toEqual({ ok: false, problem: 'not-text' }); // "café" in Latin-1
    expect(judgeTranscript(bytes('a\u0000b'))).toEqual({ ok: false, problem: 'not-text' });
    expect(judgeTranscript(bytes(' \n\t\n'))).toEqual({ ok: false, problem: 'empty' });
    expect(judgeTranscript(bytes('WEBVTT\n\nNOTE nothing timed here\n'))).toEqual({ ok: false, problem: 'no-cues' });
  });
});

describe('transcriptCues', () => {
  it('reads WebVTT cues: the start as a listener reads it, the voice as the speaker, tags gone and escapes read', () => {
    expect(transcriptCues(VTT, 'vtt')).toEqual([
      { start: '0:00', speaker: 'Ava Moon', text: 'Welcome & hello.' },
      { start: '1:05', speaker: null, text: 'Second line\nover two lines.' },
    ]);
  });

  it('reads SRT cues, with hours when there are some', () => {
    expect(transcriptCues(SRT.replace(/\r\n/g, '\n'), 'srt')).toEqual([
      { start: '0:01', speaker: null, text: "Sarah: In today's episode," },
      { start: '1:02:03', speaker: null, text: "you'll learn this." },
    ]);
  });

  it('splits plain text into its paragraphs, untimed', () => {
    expect(transcriptCues('One.\n\n  Two,\nstill two.\n', 'txt')).toEqual([
      { start: null, speaker: null, text: 'One.' },
      { start: null, speaker: null, text: 'Two,\nstill two.' },
    ]);
  });

  it('writes times as minutes:seconds', () => {
    expect(readableTime('00:00:07.900')).toBe('0:07');
    expect(readableTime('12:34.000')).toBe('12:34');
    expect(readableTime('02:00:01,000')).toBe('2:00:01');
  });
});

/** Up to the largest transcript an upload takes: `unit` repeated after a header and one timing. */
function filled(head: string, unit: string, size = TRANSCRIPT_MAX_BYTES - 100): string {
  return head + unit.repeat(Math.floor((size - head.length) / unit.length));
}

const VTT_CUE = 'WEBVTT\n\n00:00:00.000 --> 00:00:01.000\n';
const SRT_CUE = '1\n00:00:00,000 --> 00:00:01,000\n';

/** Shapes that made a backtracking pattern take time growing with the square of their length. */
const HOSTILE_TRANSCRIPTS: Record<string, string> = {
  "a cue of 120,000 '<' (the attacker's upload)": `${VTT_CUE}${'<'.repeat(120_000)}\n`,
  "a cue of a megabyte of '<'": filled(VTT_CUE, '<'),
  "'<v' repeated": filled(VTT_CUE, '<v'),
  "'<v ' repeated (a voice that never closes)": filled(VTT_CUE, '<v '),
  "'<v.' and 100,000 dots, repeated": filled(VTT_CUE, `<v.${'.'.repeat(100_000)}`),
  "'<v.x' repeated": filled(VTT_CUE, '<v.x'),
  "'&' runs": filled(VTT_CUE, '&'),
  "'&am' repeated": filled(VTT_CUE, '&am'),
  "long lines of '-->'": filled('WEBVTT\n\n', `${'-->'.repeat(20_000)}\n`),
  "a timing's start followed by spaces and no '-->'": filled('WEBVTT\n\n', `00:00:00.000${' '.repeat(50_000)}\n`),
  'lines of digits': filled('WEBVTT\n\n', `${'1'.repeat(50_000)}\n`),
  'blank-looking lines of spaces': filled(VTT_CUE, `\n${' \t'.repeat(10_000)}`),
  "an SRT cue of '<'": filled(SRT_CUE, '<'),
  "an SRT file whose lines are '1:00:00,0 -->' without an end": filled(SRT_CUE, `1:00:00,0 -->${' '.repeat(1000)}\n`),
  "plain text of '<' and spaces": filled('', '< \n'),
};

/** An ordinary transcript of the same size: what this machine takes for a megabyte right now. */
const ORDINARY = filled('WEBVTT\n\n', '00:00:01.000 --> 00:00:02.000\n<v Ava Moon>Welcome &amp; <i>hello</i>, all.\n\n');

function timed(work: () => unknown): number {
  const started = performance.now();
  work();
  return performance.now() - started;
}

describe('hostile transcripts', () => {
  let ordinary = 0;
  beforeAll(() => {
    ordinary = Math.min(...[1, 2, 3].map(() => timed(() => judgeTranscript(bytes(ORDINARY)))));
  });

  it.each(Object.entries(HOSTILE_TRANSCRIPTS))('reads %s in time linear in its length', (_name, transcript) => {
    expect(transcript.length).toBeLessThanOrEqual(TRANSCRIPT_MAX_BYTES);
    let verdict: ReturnType<typeof judgeTranscript> | undefined;
    const hostile = timed(() => {
      verdict = judgeTranscript(bytes(transcript));
      if (verdict.ok) transcriptCues(verdict.text, verdict.format);
    });
    // A linear reading takes about what an ordinary megabyte takes (tens of milliseconds); the
    // backtracking patterns took seconds for the first shape and minutes for a megabyte. The
    // ordinary reading just before scales the bound with how busy the machine is.
    expect(hostile, `ordinary ${Math.round(ordinary)} ms`).toBeLessThan(200 + 2 * ordinary);
    expect(verdict).toBeDefined();
  });

  it('still finds the words and the voice around unclosed tags', () => {
    expect(transcriptCues(`${VTT_CUE}<v.loud Ava>Hi <b>there</b> 1 < 2 and <3`, 'vtt')).toEqual([
      { start: '0:00', speaker: 'Ava', text: 'Hi there 1 < 2 and <3' },
    ]);
    expect(transcriptCues(`${VTT_CUE}<vx Bob>no voice <v\tCy >here`, 'vtt')).toEqual([
      { start: '0:00', speaker: 'Cy', text: 'no voice here' },
    ]);
  });
});

describe('judgeChapters', () => {
  it('keeps the chapters format, written anew: known fields only, sorted by start', () => {
    const file = {
      version: '1.2.0',
      author: 'dropped',
      chapters: [
        { startTime: 60, title: 'Later', url: 'https://example.com/a', extra: 1 },
        { startTime: 0, title: 'Start' },
      ],
    };
    expect(judgeChapters(bytes(JSON.stringify(file)))).toEqual({
      ok: true,
      count: 2,
      json: JSON.stringify({
        version: '1.2.0',
        chapters: [
          { startTime: 0, title: 'Start' },
          { startTime: 60, title: 'Later', url: 'https://example.com/a' },
        ],
      }),
    });
  });

  it('refuses what is not the chapters format: not JSON, no chapters, links that are not https', () => {
    expect(judgeChapters(bytes('not json'))).toEqual({ ok: false });
    expect(judgeChapters(bytes('{"version":"1.2.0","chapters":[]}'))).toEqual({ ok: false });
    expect(judgeChapters(bytes('{"version":"1.2.0","chapters":[{"startTime":0,"url":"javascript:alert(1)"}]}'))).toEqual({ ok: false });
    expect(judgeChapters(bytes('{"chapters":[{"startTime":0}]}'))).toEqual({ ok: false });
  });
});
