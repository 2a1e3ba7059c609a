import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { withArticle } from '../../src/domain/wording.ts';
import { ResourceListView } from '../../src/views/admin/ResourceListView.tsx';
import { firstByTag, textOf } from '../support/html.ts';

const addLink = (singular: string) =>
  textOf(
    firstByTag(
      renderToStaticMarkup(<ResourceListView singular={singular} columns={[]} rows={[]} basePath="/admin/content/x" query="" />),
      'a',
    ),
  );

describe('the admin list’s add link', () => {
  it('says “an” before a vowel and “a” before anything else (“Add a implementation session”)', () => {
    expect(addLink('implementation session')).toBe('Add an implementation session');
    expect(addLink('speaker')).toBe('Add a speaker');
    expect(addLink('question')).toBe('Add a question');
    expect(withArticle(' bonus item ')).toBe('a bonus item');
    expect(withArticle('Ember')).toBe('an Ember');
  });
});
