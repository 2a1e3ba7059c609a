/**
 * A pass's slug, as a payment link's `metadata.pass` may give it (docs/PRODUCT.md "Payments"):
 * derived from the pass's name, it names that pass whenever the settings accept the two names,
 * and the kinds `replay` and `aap` name their passes whatever the names are.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { passKinds, passOfMetadata, passSlug, passSlugClashes } from '../../src/domain/passes.ts';

const names = fc.record({ replay: fc.string({ maxLength: 40 }), aap: fc.string({ maxLength: 40 }) });

describe('pass slugs', () => {
  it('slugs a name to lower-case letters and digits joined by single hyphens', () => {
    expect(passSlug('Studio Pass')).toBe('studio-pass');
    expect(passSlug('  Café — Workshop Bundle! ')).toBe('cafe-workshop-bundle');
    fc.assert(
      fc.property(fc.string(), (name) => {
        const slug = passSlug(name);
        expect(slug).toMatch(/^([a-z0-9]+(-[a-z0-9]+)*)?$/);
        expect(passSlug(slug)).toBe(slug);
      }),
    );
  });

  it('names each pass by its slug when the names do not clash, and by its kind always', () => {
    fc.assert(
      fc.property(names, (given) => {
        for (const kind of passKinds) expect(passOfMetadata(kind, given)).toBe(kind);
        if (Object.keys(passSlugClashes(given)).length) return;
        for (const kind of passKinds) if (passSlug(given[kind])) expect(passOfMetadata(given[kind], given)).toBe(kind);
      }),
    );
    expect(passOfMetadata('gift-card', { replay: 'Studio Pass', aap: 'Workshop Bundle' })).toBeNull();
    expect(passOfMetadata('', { replay: '', aap: '' })).toBeNull();
  });

  it('refuses names that slug alike, or to the other pass’s kind', () => {
    expect(passSlugClashes({ replay: 'Studio Pass', aap: 'Workshop Bundle' })).toEqual({});
    expect(Object.keys(passSlugClashes({ replay: 'Studio Pass', aap: 'studio-pass' }))).toEqual(['aap']);
    expect(Object.keys(passSlugClashes({ replay: 'AAP', aap: 'Workshop Bundle' }))).toEqual(['replay']);
    expect(passSlugClashes({ replay: 'Replay', aap: 'All Access' })).toEqual({});
  });
});
