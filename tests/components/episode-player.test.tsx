import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { EpisodePlayer } from '../../src/components/EpisodePlayer.tsx';
import { Spinner } from '../../src/components/Spinner.tsx';
import { parseAudioEmbed } from '../../src/domain/audio-embed.ts';
import { bindPlayerToggles, togglePlayer } from '../../src/scripts/player-toggle.ts';
import {
  allWithAttribute,
  attribute,
  attributesOf,
  elementsByTag,
  firstByTag,
  linkTo,
  parseHtml,
  textOf,
  textsOf,
  unsafeMarkup,
  withAttribute,
} from '../support/html.ts';

const HOST = 'player.example-audio.com';

const render = (value: string | null, extra: Partial<Parameters<typeof EpisodePlayer>[0]> = {}) =>
  renderToStaticMarkup(
    <EpisodePlayer title="Day One: Roots" duration="2:15:30" embed={parseAudioEmbed(value, HOST)} audioHost={HOST} {...extra} />,
  );

describe('Spinner', () => {
  it('is a status with an aria-hidden spinning circle and the visible label', () => {
    const html = renderToStaticMarkup(<Spinner label="Loading things..." />);
    const [root] = parseHtml(html).children;
    expect(root).toMatchObject({ type: 'element', tagName: 'div', properties: { role: 'status' } });
    const spinning = elementsByTag(html, 'span').filter((span) => attribute(span, 'class')?.split(' ').includes('animate-spin'));
    expect(spinning.map((span) => attribute(span, 'aria-hidden'))).toEqual(['true']);
    expect(textOf(html)).toBe('Loading things...');
  });
});

describe('EpisodePlayer', () => {
  it('renders title (h3 by default), day label, description and duration with a clock icon', () => {
    const html = render(null, { dayNumber: 2, description: 'A <gentle> start' });
    expect(allWithAttribute(html, 'data-episode-player')).toHaveLength(1);
    expect(textsOf(html, 'h3')).toEqual(['Day One: Roots']);
    expect(textOf(html)).toContain('Day 2');
    // The plain-text description is text, never markup.
    expect(textsOf(html, 'p')).toContain('A <gentle> start');
    expect(elementsByTag(html, 'gentle')).toEqual([]);
    expect(textOf(html)).toContain('Duration 2:15:30');
    const clock = firstByTag(html, 'svg');
    expect(attribute(clock, 'aria-hidden')).toBe('true');
    expect(elementsByTag(clock, 'circle')).toHaveLength(1);
  });

  it('uses h2 when asked and omits day label and description when absent', () => {
    const html = render(null, { headingLevel: 'h2' });
    expect(textsOf(html, 'h2')).toEqual(['Day One: Roots']);
    expect(elementsByTag(html, 'h3')).toEqual([]);
    expect(textOf(html)).not.toMatch(/Day \d/);
  });

  it('renders a fresh iframe from an allowed snippet, carrying over only the src', () => {
    const snippet = `<iframe src="https://${HOST}/e/abc?theme=light" onload="alert(1)" srcdoc="<script>x</script>" allow="camera; microphone" width="1"></iframe><script>alert(2)</script>`;
    const html = render(snippet);
    const iframes = elementsByTag(html, 'iframe');
    expect(iframes).toHaveLength(1);
    // Exactly these attributes: nothing else of the snippet (onload, srcdoc, camera, width) carries over.
    expect(attributesOf(iframes[0]!)).toEqual({
      src: `https://${HOST}/e/abc?theme=light`,
      title: 'Audio player: Day One: Roots',
      loading: 'lazy',
      allow: 'encrypted-media',
      class: 'h-24 w-full rounded-xl border-0',
    });
    expect(unsafeMarkup(html)).toEqual([]);
    expect(allWithAttribute(html, 'data-player-toggle')).toEqual([]);
  });

  it('renders no iframe for another host, but the visual-only player', () => {
    const html = render('<iframe src="https://evil.example.com/e/abc"></iframe>');
    expect(elementsByTag(html, 'iframe')).toEqual([]);
    expect(html).not.toContain('evil.example.com');
    expect(allWithAttribute(html, 'data-player-toggle')).toHaveLength(1);
  });

  it('shows a placeholder with the embed id', () => {
    const html = render('hello-luna-01');
    expect(allWithAttribute(html, 'data-embed-id', 'hello-luna-01')).toHaveLength(1);
    // The placeholder displays the embed id (docs/PRODUCT.md "Episode player card"); a screen reader hears the title first.
    expect(textOf(html)).toContain('Audio episode: Day One: Roots, embed id hello-luna-01');
    expect(elementsByTag(html, 'code').length).toBe(1);
    expect(elementsByTag(html, 'iframe')).toEqual([]);
    expect(allWithAttribute(html, 'data-player-toggle')).toEqual([]);
  });

  it('without a value shows the play toggle (pause icon hidden) and a static progress bar', () => {
    const html = render(null);
    const toggle = withAttribute(html, 'data-player-toggle');
    expect(toggle.tagName).toBe('button');
    expect(attributesOf(toggle)).toMatchObject({ type: 'button', 'data-player-toggle': '', 'aria-pressed': 'false', 'aria-label': 'Play' });
    const play = withAttribute(toggle, 'data-icon', 'play');
    const pause = withAttribute(toggle, 'data-icon', 'pause');
    expect([play.tagName, attribute(play, 'hidden')]).toEqual(['span', undefined]);
    expect([pause.tagName, attribute(pause, 'hidden')]).toEqual(['span', '']);
    for (const icon of [play, pause]) expect(attribute(firstByTag(icon, 'svg'), 'aria-hidden')).toBe('true');
    expect(attribute(withAttribute(html, 'data-player-progress'), 'aria-hidden')).toBe('true');
    expect(html).toContain('w-[35%]');
    expect([...elementsByTag(html, 'audio'), ...elementsByTag(html, 'iframe')]).toEqual([]);
    expect(unsafeMarkup(html)).toEqual([]);
  });

  it.each([null, 'abc', `<iframe src="https://${HOST}/e/1"></iframe>`])('always ends with the audio host credit link (%s)', (value) => {
    const html = render(value);
    expect(linkTo(html, `https://${HOST}/`)).toMatchObject({
      target: '_blank',
      rel: 'noopener noreferrer',
      text: `Audio hosted by ${HOST} (opens in a new tab)`,
    });
    // It closes the card.
    const links = elementsByTag(html, 'a');
    expect(attribute(links[links.length - 1]!, 'href')).toBe(`https://${HOST}/`);
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
