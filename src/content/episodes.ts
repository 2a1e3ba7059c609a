/**
 * The demo editions' episodes (issue 26, item 4: a day's audio is its episodes). july and august
 * play three short spoken files (src/content/audio, made once with espeak-ng and lame/opusenc, a
 * few KB each); september has none, so the demo also shows a day with no audio at all (the
 * visual-only player of SPEC.md "Episode player card").
 */
export interface DemoEpisode {
  day: 1 | 2 | 3;
  /** A file in src/content/audio. */
  file: string;
  title: string;
  description: string;
}

export const DEMO_EPISODES: readonly DemoEpisode[] = [
  {
    day: 1,
    file: 'day1.mp3',
    title: 'Sacred Foundations: Business as a Spiritual Practice',
    description: 'Today’s conversations ground you in purpose, values and the energy you bring to your offers.',
  },
  {
    day: 2,
    file: 'day2.mp3',
    title: 'Soulful Visibility: Being Heard Without the Hustle',
    description: 'Podcasting, story and heart-led marketing that honour your rhythm and your audience.',
  },
  {
    day: 3,
    file: 'day3.opus',
    title: 'Aligned Abundance: Offers, Pricing and Receiving',
    description: 'Money mindset, pricing with integrity and offers your community is ready to say yes to.',
  },
];

/** The demo editions whose days play the episodes above. */
export const EDITIONS_WITH_DEMO_EPISODES: ReadonlySet<string> = new Set(['july', 'august']);
