/** What a day plays (decision 0033): its episodes, a player only when the visitor may listen. */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DayEpisodes, type DayEpisodesProps } from '../../src/components/DayEpisodes.tsx';
import type { DayEpisode } from '../../src/domain/day-page.ts';
import { renderMarkup } from '../../src/markup/safe-html.ts';
import { allWithAttribute, attribute, textOf, withAttribute } from '../support/html.ts';

const AUDIO = 'player.example-audio.com';
const upload: DayEpisode = {
  id: 7,
  title: 'Day one, in our own audio',
  speaker: 'Ava Moon',
  descriptionHtml: renderMarkup('Listen **now**.'),
  duration: '0:08',
  source: { kind: 'audio', src: '/listen/7.mp3', type: 'audio/mpeg' },
  transcript: [
    { start: '0:00', speaker: 'Ava', text: 'Welcome <b>in</b> & listen.' },
    { start: '0:04', speaker: null, text: 'Second passage.' },
  ],
};
const player: DayEpisode = {
  id: 8,
  title: 'Day one, on the audio host',
  speaker: '',
  descriptionHtml: renderMarkup(''),
  duration: null,
  source: { kind: 'embed', src: `https://${AUDIO}/e/1` },
  transcript: null,
};

const render = (props: Partial<DayEpisodesProps>) =>
  renderToStaticMarkup(
    <DayEpisodes
      day={1}
      dayTitle="Day 1: Rooted"
      episodes={[]}
      listening={{ kind: 'open' }}
      audioHost={AUDIO}
      headingLevel="h2"
      {...props}
    />,
  );

describe('DayEpisodes', () => {
  it('plays each episode: our audio natively from /listen with its real duration, an external player in its iframe', () => {
    const html = render({ episodes: [upload, player] });
    expect(allWithAttribute(html, 'data-episode-player')).toHaveLength(2);
    expect(html).toContain('<source src="/listen/7.mp3" type="audio/mpeg"/>');
    expect(allWithAttribute(html, 'data-duration').map(textOf)).toEqual(['0:08']);
    expect(attribute(withAttribute(html, 'src', `https://${AUDIO}/e/1`), 'src')).toBe(`https://${AUDIO}/e/1`);
    // The visual-only toggle only for a day with no audio at all.
    expect(allWithAttribute(html, 'data-player-toggle')).toHaveLength(0);
  });

  it('shows the visual-only player, titled by the day, only when the day has no audio', () => {
    const html = render({});
    expect(allWithAttribute(html, 'data-player-toggle')).toHaveLength(1);
    expect(textOf(html)).toContain('Day 1: Rooted');
    expect(textOf(withAttribute(html, 'data-duration'))).toBe('45:30');
  });

  it('shows the length the host stated for a day without audio on that player', () => {
    const html = render({ playerLength: '2:45:20' });
    expect(textOf(withAttribute(html, 'data-duration'))).toBe('2:45:20');
  });

  it('shows no player before the day opens for the visitor, but when it opens, in a <time> their browser localises', () => {
    const html = render({
      episodes: [upload],
      listening: { kind: 'opens', iso: '2026-11-26T10:00:00.000Z', text: '26 Nov 2026, 10:00 UTC' },
    });
    expect(allWithAttribute(html, 'data-episode-player')).toHaveLength(0);
    expect(html).not.toContain('/listen/');
    expect(html).toContain('26 Nov 2026, 10:00 UTC</time>. Its episodes play here from then.');
    expect(textOf(html)).toMatch(/^Day 1 opens for you 26 Nov 2026, 10:00 UTC/);
    expect(attribute(withAttribute(html, 'data-opens-at'), 'datetime')).toBe('2026-11-26T10:00:00.000Z');
  });

  it('says a closed day has closed, with no player', () => {
    const html = render({ episodes: [upload], listening: { kind: 'closed' } });
    expect(allWithAttribute(html, 'data-episode-player')).toHaveLength(0);
    expect(textOf(html)).toContain('Day 1 has closed for you.');
  });
});

describe('the transcript under the player', () => {
  it('is folded in a <details>, its words in the page as escaped text, with each passage’s time and speaker', () => {
    const html = render({ episodes: [upload, player] });
    const transcripts = allWithAttribute(html, 'data-transcript');
    expect(transcripts).toHaveLength(1);
    const transcript = transcripts[0]!;
    expect(transcript.tagName).toBe('details');
    expect(attribute(transcript, 'open')).toBeUndefined();
    expect(html).toContain('Welcome &lt;b&gt;in&lt;/b&gt; &amp; listen.');
    expect(textOf(transcript)).toContain('0:00 Ava: Welcome <b>in</b> & listen.');
    expect(textOf(transcript)).toContain('0:04 Second passage.');
  });
});
