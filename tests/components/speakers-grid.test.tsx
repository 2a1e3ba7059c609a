import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SpeakersGrid } from '../../src/components/SpeakersGrid.tsx';
import { speakerInputSchema } from '../../src/domain/entities.ts';
import { showPerson } from '../../src/markup/shown-content.ts';
import { allWithAttribute, textsOf, unsafeMarkup } from '../support/html.ts';

const count = (html: string, needle: string) => html.split(needle).length - 1;

describe('SpeakersGrid', () => {
  it('shows 6 skeleton cards, marked busy, while loading', () => {
    const html = renderToStaticMarkup(<SpeakersGrid state="loading" />);
    expect(count(html, 'data-skeleton-card')).toBe(6);
    expect(html).toContain('aria-busy="true"');
  });
  it('shows the given error message as an alert', () => {
    const html = renderToStaticMarkup(
      <SpeakersGrid state="error" message="Unable to load speakers at this time. Please try again later." />,
    );
    expect(html).toContain('role="alert"');
    expect(html).toContain('Unable to load speakers at this time. Please try again later.');
  });
  it('shows one card per speaker with escaped names and sanitised descriptions', () => {
    const speaker = showPerson({
      ...speakerInputSchema.parse({
        firstName: '<b>Ivy</b>',
        lastName: 'Stone',
        day: 1,
        topic: 'Rest',
        shortDescription: '<p onclick="x()">Hi <em>there</em></p><script>alert(1)</script>',
      }),
      id: 1,
    });
    const html = renderToStaticMarkup(<SpeakersGrid state="success" speakers={[speaker, { ...speaker, id: 2 }]} />);
    expect(count(html, 'data-speaker-card')).toBe(2);
    expect(html).toContain('&lt;b&gt;Ivy&lt;/b&gt; Stone');
    expect(html).toContain('“Rest”');
    expect(html).toContain('<p>Hi <em>there</em></p>');
    expect(textsOf(html, 'em')).toEqual(['there', 'there']);
    expect(unsafeMarkup(html)).toEqual([]);
    expect(allWithAttribute(html, 'data-speaker-card')).toHaveLength(2);
  });
});
