/**
 * The demo editions' episodes (a day's audio is its episodes). july and august
 * play three short spoken files (src/content/audio, a few KB each); september has none, so the
 * demo also shows a day with no audio at all (the visual-only player of docs/PRODUCT.md "Episode player and episodes"). Their words are the `spoken` lines below: tools/make-demo-audio.ts speaks them with
 * espeak-ng (lame/opusenc encode) and writes each file's WebVTT transcript
 * (src/content/transcripts) with the times it spoke each line, so a transcript is exactly what
 * its audio says (decision 0039). Each states the length of the session it stands in for, as the
 * product's demo shows them.
 */
export interface DemoEpisode {
  day: 1 | 2 | 3;
  /** A file in src/content/audio. */
  file: string;
  title: string;
  description: string;
  /** What the audio says, a cue each. */
  spoken: readonly string[];
  /** The audio's length: the speech, then silence up to it. */
  lengthMs: number;
  /**
   * The length the episode states (h:mm:ss): the file is a few seconds' sample standing in for a
   * session of this length, which is what the day pages and the feed show.
   */
  statedLength: string;
}

export const DEMO_EPISODES: readonly DemoEpisode[] = [
  {
    day: 1,
    file: 'day1.mp3',
    title: 'Sacred Foundations: Business as a Spiritual Practice',
    description: 'Today’s conversations ground you in purpose, values and the energy you bring to your offers.',
    spoken: ['Welcome to day one of the summit.', 'Today is about sacred foundations: business as a spiritual practice.'],
    lengthMs: 6820,
    statedLength: '2:15:30',
  },
  {
    day: 2,
    file: 'day2.mp3',
    title: 'Soulful Visibility: Being Heard Without the Hustle',
    description: 'Podcasting, story and heart-led marketing that honour your rhythm and your audience.',
    spoken: ['Welcome to day two.', 'Today is about being heard without the hustle.'],
    lengthMs: 4219,
    statedLength: '2:20:45',
  },
  {
    day: 3,
    file: 'day3.opus',
    title: 'Aligned Abundance: Offers, Pricing and Receiving',
    description: 'Money mindset, pricing with integrity and offers your community is ready to say yes to.',
    spoken: ['Welcome to day three.', 'Today is about aligned abundance.'],
    lengthMs: 3818,
    statedLength: '2:25:15',
  },
];

/** Where a demo episode's transcript is: src/content/transcripts/{file's name}.vtt. */
export function demoTranscriptFile(episode: Pick<DemoEpisode, 'file'>): string {
  return `${episode.file.replace(/\.[a-z0-9]+$/, '')}.vtt`;
}

/** The demo editions whose days play the episodes above. */
export const EDITIONS_WITH_DEMO_EPISODES: ReadonlySet<string> = new Set(['july', 'august']);
