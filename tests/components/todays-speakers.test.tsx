import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { TodaysSpeakers } from '../../src/components/TodaysSpeakers.tsx';
import { speakerInputSchema } from '../../src/domain/entities.ts';
import type { ShownSpeaker } from '../../src/domain/shown-content.ts';
import { showPerson } from '../../src/markup/shown-content.ts';
import { allWithAttribute, attribute, firstByTag, parseHtml, textOf, withAttribute } from '../support/html.ts';

const count = (html: string, needle: string) => html.split(needle).length - 1;

const speaker = (id: number, firstName: string): ShownSpeaker =>
  showPerson({ ...speakerInputSchema.parse({ firstName, lastName: 'Moon', day: 1, topic: 'Rest' }), id });

describe('TodaysSpeakers', () => {
  it('is a section labelled by its h2 heading', () => {
    const html = renderToStaticMarkup(<TodaysSpeakers state="loading" dayNumber={1} />);
    const [section, ...rest] = parseHtml(html).children;
    expect(rest).toEqual([]);
    expect(section).toMatchObject({ type: 'element', tagName: 'section' });
    const id = attribute(firstByTag(html, 'h2'), 'id');
    expect(id).toBeTruthy();
    expect(section?.type === 'element' && attribute(section, 'aria-labelledby')).toBe(id);
    expect(textOf(html)).toContain("Today's Speakers");
  });

  it('shows the spinner with "Loading speakers..." while loading', () => {
    const html = renderToStaticMarkup(<TodaysSpeakers state="loading" dayNumber={1} />);
    expect(html).toContain('role="status"');
    expect(html).toContain('animate-spin');
    expect(textOf(html)).toContain('Loading speakers...');
  });

  it('shows the error texts in an alert', () => {
    const html = renderToStaticMarkup(<TodaysSpeakers state="error" dayNumber={2} />);
    const alert = withAttribute(html, 'role', 'alert');
    expect(alert.tagName).toBe('div');
    const strong = firstByTag(alert, 'strong');
    expect([textOf(strong), attribute(strong, 'class')]).toEqual(['Error loading speakers', 'font-semibold text-ink']);
    expect(textOf(alert)).toBe('Error loading speakers Please try refreshing the page');
    expect(allWithAttribute(html, 'role', 'status')).toEqual([]);
  });

  it('lists speaker cards on success', () => {
    const html = renderToStaticMarkup(<TodaysSpeakers state="success" dayNumber={1} speakers={[speaker(1, 'Ava'), speaker(2, 'Bea')]} />);
    expect(count(html, 'data-speaker-card')).toBe(2);
    expect(html).toContain('<ul class="grid');
    expect(textOf(html)).toContain('Ava Moon');
    expect(textOf(html)).toContain('Bea Moon');
    expect(textOf(html)).not.toContain('announced soon');
  });

  it('announces speakers are coming when the day has none', () => {
    const html = renderToStaticMarkup(<TodaysSpeakers state="success" dayNumber={3} speakers={[]} />);
    expect(textOf(html)).toContain('Speakers for Day 3 will be announced soon.');
    expect(html).not.toContain('data-speaker-card');
  });
});
