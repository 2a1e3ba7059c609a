import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { EpisodePlayer } from '../../src/components/EpisodePlayer.tsx';
import { SubscribePanel } from '../../src/components/SubscribePanel.tsx';
import { renderMarkup } from '../../src/markup/safe-html.ts';
import { subscribeOptions } from '../../src/server/feed/subscribe-options.ts';

describe('SubscribePanel', () => {
  it('offers the three apps, the URL to copy, and a QR code for wide screens', async () => {
    const html = renderToStaticMarkup(<SubscribePanel {...await subscribeOptions('https://summit.example.com/feed/12-abc.xml')} />);
    expect(html).toContain('Listen in your podcast app');
    expect(html).toContain('href="podcast://summit.example.com/feed/12-abc.xml"');
    expect(html).toContain('href="overcast://x-callback-url/add?url=https%3A%2F%2Fsummit.example.com%2Ffeed%2F12-abc.xml"');
    expect(html).toContain('href="pktc://subscribe/summit.example.com/feed/12-abc.xml"');
    expect(html).toMatch(/<code id="feed-url"[^>]*>https:\/\/summit.example.com\/feed\/12-abc.xml<\/code>/);
    expect(html).toContain('data-copy-from="feed-url"');
    expect(html).toMatch(/data-feed-qr=""[^>]*>|class="hidden shrink-0 text-center md:block"/);
    expect(html).toMatch(/<svg[^>]*viewBox/);
  });
});

describe('EpisodePlayer with our own audio', () => {
  it('uses the native player with preload none and no autoplay, and drops the host credit', () => {
    const html = renderToStaticMarkup(
      <EpisodePlayer title="Day 1" duration="0:07" embed={{ kind: 'none' }} audioHost="player.example-audio.com" selfHosted={{ src: '/listen/1.mp3?until=1&sig=x', type: 'audio/mpeg' }} descriptionHtml={renderMarkup('Hello **you**')} />,
    );
    expect(html).toMatch(/<audio controls="" preload="none"/);
    expect(html).not.toContain('autoplay');
    expect(html).toContain('<source src="/listen/1.mp3?until=1&amp;sig=x" type="audio/mpeg"/>');
    expect(html).not.toContain('Audio hosted by');
    expect(html).not.toContain('data-player-toggle');
    expect(html).toContain('<strong>you</strong>');
  });
});
