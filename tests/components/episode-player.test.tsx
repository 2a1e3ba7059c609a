import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { EpisodePlayer } from '../../src/components/EpisodePlayer.tsx';
import { Spinner } from '../../src/components/Spinner.tsx';
import { parseAudioEmbed } from '../../src/domain/audio-embed.ts';
import { bindPlayerToggles, togglePlayer } from '../../src/scripts/player-toggle.ts';

const HOST = 'player.example-audio.com';

const textOf = (html: string) =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

const render = (value: string | null, extra: Partial<Parameters<typeof EpisodePlayer>[0]> = {}) =>
  renderToStaticMarkup(
    <EpisodePlayer title="Day One: Roots" duration="2:15:30" embed={parseAudioEmbed(value, HOST)} audioHost={HOST} {...extra} />,
  );

describe('Spinner', () => {
  it('is a status with an aria-hidden spinning circle and the visible label', () => {
    const html = renderToStaticMarkup(<Spinner label="Loading things..." />);
    expect(html).toMatch(/^<div role="status"/);
    expect(html).toMatch(/<span aria-hidden="true" class="[^"]*animate-spin/);
    expect(textOf(html)).toBe('Loading things...');
  });
});

describe('EpisodePlayer', () => {
  it('renders title (h3 by default), day label, description and duration with a clock icon', () => {
    const html = render(null, { dayNumber: 2, description: 'A <gentle> start' });
    expect(html).toContain('data-episode-player');
    expect(html).toMatch(/<h3[^>]*>Day One: Roots<\/h3>/);
    expect(textOf(html)).toContain('Day 2');
    expect(html).toContain('A &lt;gentle&gt; start');
    expect(textOf(html)).toContain('Duration 2:15:30');
    expect(html).toMatch(/<svg aria-hidden="true"[^>]*>.*<circle/);
  });

  it('uses h2 when asked and omits day label and description when absent', () => {
    const html = render(null, { headingLevel: 'h2' });
    expect(html).toMatch(/<h2[^>]*>Day One: Roots<\/h2>/);
    expect(html).not.toContain('<h3');
    expect(textOf(html)).not.toMatch(/Day \d/);
  });

  it('renders a fresh iframe from an allowed snippet, carrying over only the src', () => {
    const snippet = `<iframe src="https://${HOST}/e/abc?theme=light" onload="alert(1)" srcdoc="<script>x</script>" allow="camera; microphone" width="1"></iframe><script>alert(2)</script>`;
    const html = render(snippet);
    expect(html.match(/<iframe/g)).toHaveLength(1);
    expect(html).toContain(`src="https://${HOST}/e/abc?theme=light"`);
    expect(html).toContain('title="Audio player: Day One: Roots"');
    expect(html).toContain('loading="lazy"');
    expect(html).toContain('allow="encrypted-media"');
    expect(html).toContain('class="h-24 w-full rounded-xl border-0"');
    expect(html).not.toMatch(/onload|srcdoc|camera|<script|width="1"/);
    expect(html).not.toContain('data-player-toggle');
  });

  it('renders no iframe for another host, but the visual-only player', () => {
    const html = render('<iframe src="https://evil.example.com/e/abc"></iframe>');
    expect(html).not.toContain('<iframe');
    expect(html).not.toContain('evil.example.com');
    expect(html).toContain('data-player-toggle');
  });

  it('shows a placeholder with the embed id', () => {
    const html = render('hello-luna-01');
    expect(html).toContain('data-embed-id="hello-luna-01"');
    // The listener reads the episode's title, never the internal id (issue 19 item 5).
    expect(textOf(html)).toContain('Audio episode: Day One: Roots');
    expect(textOf(html)).not.toContain('hello-luna-01');
    expect(html).not.toContain('<iframe');
    expect(html).not.toContain('data-player-toggle');
  });

  it('without a value shows the play toggle (pause icon hidden) and a static progress bar', () => {
    const html = render(null);
    expect(html).toMatch(/<button type="button" data-player-toggle="" aria-pressed="false" aria-label="Play"/);
    expect(html).toMatch(/<span data-icon="play"><svg aria-hidden="true"/);
    expect(html).toMatch(/<span data-icon="pause" hidden=""><svg aria-hidden="true"/);
    expect(html).toMatch(/data-player-progress="" aria-hidden="true"/);
    expect(html).toContain('w-[35%]');
    expect(html).not.toMatch(/<audio|<iframe|style=/);
  });

  it.each([null, 'abc', `<iframe src="https://${HOST}/e/1"></iframe>`])('always ends with the audio host credit link (%s)', (value) => {
    const html = render(value);
    expect(html).toMatch(
      new RegExp(`<a href="https://${HOST.replace(/\./g, '\\.')}/" target="_blank" rel="noopener noreferrer"[^>]*>Audio hosted by ${HOST.replace(/\./g, '\\.')}`),
    );
  });
});

describe('player-toggle script', () => {
  class FakeElement {
    attributes = new Map<string, string>();
    dataset: Record<string, string> = {};
    children: FakeElement[] = [];
    listeners: (() => void)[] = [];
    constructor(attributes: Record<string, string> = {}) {
      for (const [name, value] of Object.entries(attributes)) this.attributes.set(name, value);
    }
    getAttribute(name: string) {
      return this.attributes.get(name) ?? null;
    }
    setAttribute(name: string, value: string) {
      this.attributes.set(name, value);
    }
    hasAttribute(name: string) {
      return this.attributes.has(name);
    }
    toggleAttribute(name: string, force: boolean) {
      if (force) this.attributes.set(name, '');
      else this.attributes.delete(name);
      return force;
    }
    querySelector(selector: string) {
      const icon = /\[data-icon="(\w+)"\]/.exec(selector)?.[1];
      return this.children.find((child) => child.getAttribute('data-icon') === icon) ?? null;
    }
    addEventListener(_type: string, listener: () => void) {
      this.listeners.push(listener);
    }
    click() {
      for (const listener of this.listeners) listener();
    }
  }

  const makeButton = () => {
    const button = new FakeElement({ 'aria-pressed': 'false', 'aria-label': 'Play' });
    const play = new FakeElement({ 'data-icon': 'play' });
    const pause = new FakeElement({ 'data-icon': 'pause', hidden: '' });
    button.children.push(play, pause);
    return { button, play, pause };
  };

  it('flips aria-pressed and the visible icon on each click, keeping its name, once bound', () => {
    const { button, play, pause } = makeButton();
    const root = { querySelectorAll: () => [button] } as unknown as ParentNode;
    bindPlayerToggles(root);
    bindPlayerToggles(root); // idempotent: a second call adds no second listener
    expect(button.listeners).toHaveLength(1);

    button.click();
    expect(button.getAttribute('aria-pressed')).toBe('true');
    expect(button.getAttribute('aria-label')).toBe('Play');
    expect(play.hasAttribute('hidden')).toBe(true);
    expect(pause.hasAttribute('hidden')).toBe(false);

    button.click();
    expect(button.getAttribute('aria-pressed')).toBe('false');
    expect(button.getAttribute('aria-label')).toBe('Play');
    expect(play.hasAttribute('hidden')).toBe(false);
    expect(pause.hasAttribute('hidden')).toBe(true);
  });

  it('togglePlayer works on a single button', () => {
    const { button } = makeButton();
    togglePlayer(button as unknown as HTMLElement);
    expect(button.getAttribute('aria-pressed')).toBe('true');
  });
});
