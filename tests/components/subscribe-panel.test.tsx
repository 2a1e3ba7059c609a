import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { EpisodePlayer } from '../../src/components/EpisodePlayer.tsx';
import { SubscribePanel } from '../../src/components/SubscribePanel.tsx';
import { renderMarkup } from '../../src/markup/safe-html.ts';
import { subscribeOptions } from '../../src/server/feed/subscribe-options.ts';
import { attribute, attributesOf, elementById, elementsByTag, firstByTag, textOf, textsOf, withAttribute } from '../support/html.ts';

describe('SubscribePanel', () => {
  it('offers the three apps, the URL to copy, and a QR code for wide screens', async () => {
    const html = renderToStaticMarkup(<SubscribePanel {...await subscribeOptions('https://summit.example.com/feed/12-abc.xml')} />);
    expect(html).toContain('Listen in your podcast app');
    expect(html).toContain('href="podcast://summit.example.com/feed/12-abc.xml"');
    expect(html).toContain('href="overcast://x-callback-url/add?url=https%3A%2F%2Fsummit.example.com%2Ffeed%2F12-abc.xml"');
    expect(html).toContain('href="pktc://subscribe/summit.example.com/feed/12-abc.xml"');
    const url = elementById(html, 'feed-url');
    expect(url?.tagName).toBe('code');
    expect(textOf(url!)).toBe('https://summit.example.com/feed/12-abc.xml');
    expect(html).toContain('data-copy-from="feed-url"');
    // The QR code shows on wide screens only, as an SVG.
    const qr = withAttribute(html, 'data-feed-qr', '');
    expect(attribute(qr, 'class')?.split(' ')).toEqual(expect.arrayContaining(['hidden', 'md:block']));
    expect(attribute(firstByTag(qr, 'svg'), 'viewBox')).toMatch(/^0 0 \d+ \d+$/);
  });
});

describe('EpisodePlayer with our own audio', () => {
  it('uses the native player with preload none and no autoplay, and drops the host credit', () => {
    const html = renderToStaticMarkup(
      <EpisodePlayer
        title="Day 1"
        duration="0:07"
        embed={{ kind: 'none' }}
        audioHost="player.example-audio.com"
        selfHosted={{ src: '/listen/1.mp3?until=1&sig=x', type: 'audio/mpeg' }}
        descriptionHtml={renderMarkup('Hello **you**')}
      />,
    );
    const audio = firstByTag(html, 'audio');
    expect(attributesOf(audio)).toMatchObject({ controls: '', preload: 'none' });
    expect(attribute(audio, 'autoplay')).toBeUndefined();
    expect(elementsByTag(audio, 'source').map(attributesOf)).toEqual([{ src: '/listen/1.mp3?until=1&sig=x', type: 'audio/mpeg' }]);
    expect(textOf(html)).not.toContain('Audio hosted by');
    expect(html).not.toContain('data-player-toggle');
    expect(textsOf(html, 'strong')).toEqual(['you']);
  });
});
