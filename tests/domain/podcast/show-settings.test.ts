import { describe, expect, it } from 'vitest';
import { APPLE_CATEGORIES, categoryChoices, categoryValue, parseCategoryValue } from '../../../src/domain/podcast/apple-categories.ts';
import { artworkProblem, validatePodcastForm } from '../../../src/domain/podcast/show-settings.ts';

const form = { category: '', author: '', ownerName: '', ownerEmail: '', removeArtwork: false };

describe('Apple’s categories', () => {
  it('offers every category and subcategory, and reads back only Apple’s', () => {
    const choices = categoryChoices();
    expect(choices).toContainEqual({ category: 'Business', subcategory: 'Entrepreneurship' });
    expect(choices).toContainEqual({ category: 'Religion & Spirituality', subcategory: 'Spirituality' });
    expect(choices).toHaveLength(Object.values(APPLE_CATEGORIES).reduce((sum, subs) => sum + 1 + subs.length, 0));
    for (const choice of choices) expect(parseCategoryValue(categoryValue(choice))).toEqual(choice);
    expect(parseCategoryValue('Business / Knitting')).toBeNull();
    expect(parseCategoryValue('Podcasting')).toBeNull();
    expect(parseCategoryValue('toString')).toBeNull();
  });
});

describe('the podcast settings form', () => {
  it('takes a category, an author and an owner; empty fields fall back', () => {
    expect(validatePodcastForm({ ...form, category: 'Business / Marketing', author: ' Ada ', ownerEmail: 'pod@example.com' })).toEqual({
      ok: true,
      data: { category: 'Business', subcategory: 'Marketing', author: 'Ada', ownerName: null, ownerEmail: 'pod@example.com' },
    });
    expect(validatePodcastForm(form)).toMatchObject({ ok: true, data: { category: null, author: null, ownerEmail: null } });
  });

  it('gives one message per field', () => {
    expect(validatePodcastForm({ ...form, category: 'Knitting', ownerEmail: 'not an address', author: 'x'.repeat(201) })).toEqual({
      ok: false,
      errors: {
        category: 'Please choose one of Apple’s categories.',
        author: 'Please keep the author under 200 characters.',
        ownerEmail: 'Please give an e-mail address, like podcast@example.com.',
      },
    });
  });
});

describe('artworkProblem', () => {
  const fine = { format: 'jpeg', width: 3000, height: 3000, space: 'srgb', hasAlpha: false, isPalette: false, bytes: 900_000 };
  it('accepts square RGB JPEG or PNG from 1400 to 3000 pixels', () => {
    expect(artworkProblem(fine)).toBeNull();
    expect(artworkProblem({ ...fine, format: 'png', width: 1400, height: 1400 })).toBeNull();
  });
  it('names the problem', () => {
    expect(artworkProblem({ ...fine, format: 'gif' })).toMatch(/JPEG or PNG/);
    expect(artworkProblem({ ...fine, height: 2999 })).toMatch(/must be square/);
    expect(artworkProblem({ ...fine, width: 1399, height: 1399 })).toMatch(/at least 1400/);
    expect(artworkProblem({ ...fine, width: 3001, height: 3001 })).toMatch(/up to 3000/);
    expect(artworkProblem({ ...fine, space: 'cmyk' })).toMatch(/RGB/);
    expect(artworkProblem({ ...fine, isPalette: true, format: 'png' })).toMatch(/RGB/);
    expect(artworkProblem({ ...fine, bytes: 4 * 1024 * 1024 })).toMatch(/larger than 3 MB/);
  });
});
