import { describe, expect, it } from 'vitest';
import { DEMO_TEXTS } from '../../src/domain/edition-texts/demo-texts.ts';
import { fillText, unknownTextFields } from '../../src/domain/edition-texts/fill.ts';
import { NEUTRAL_TEXTS } from '../../src/domain/edition-texts/neutral-texts.ts';
import { editionTextsSchema } from '../../src/domain/edition-texts/schema.ts';
import { shownLandingSections } from '../../src/domain/edition-texts/shown-sections.ts';
import { upgradeSettings } from '../../src/domain/edition-settings/upgrade.ts';
import { SETTINGS_VERSION } from '../../src/domain/edition-settings/schema.ts';
import { demoContent } from '../../src/content/index.ts';
import { neutralSettings } from '../../src/domain/edition-template.ts';

const LOADED = { brandHost: false, speakers: 3, sponsors: 4, faq: 6 };

describe('an edition’s own words', () => {
  it('the demo editions carry the demo’s words, and both word sets validate', () => {
    for (const demo of demoContent.editions) expect(demo.edition.settings.texts).toEqual(DEMO_TEXTS);
    expect(editionTextsSchema.safeParse(DEMO_TEXTS).success).toBe(true);
    expect(editionTextsSchema.safeParse(NEUTRAL_TEXTS).success).toBe(true);
  });

  it('a new edition’s words and passes name no retreat, magazine, school or demo voice', () => {
    const settings = neutralSettings({ supportEmail: 'hello@example.org' });
    const said = JSON.stringify([settings.texts, settings.upgrade, settings.offer.retreatDays]);
    for (const phrase of [/sacred/i, /magazine/i, /retreat/i, /integration/i, /school/i, /heart-led/i, /soul/i])
      expect(said).not.toMatch(phrase);
  });

  it('a settings document written before the words were the edition’s is read with the words its pages showed', () => {
    const stored = { ...demoContent.editions[0]!.edition.settings, version: 1 } as Record<string, unknown>;
    delete stored.texts;
    expect(upgradeSettings(stored)).toMatchObject({ version: SETTINGS_VERSION, texts: DEMO_TEXTS });
  });

  it('refuses a 100 KB paragraph and an empty button label with a message at the field', () => {
    const result = editionTextsSchema.safeParse({
      ...DEMO_TEXTS,
      landing: {
        ...DEMO_TEXTS.landing,
        hero: { strapline: '', callToAction: '' },
        closing: { ...DEMO_TEXTS.landing.closing, text: 'x'.repeat(100_000) },
      },
    });
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    expect(messages).toEqual(['landing.hero.callToAction: Give the button a label.', 'landing.closing.text: Use at most 4000 characters.']);
  });

  it('fills the fields a text may name and never shows an unknown one raw', () => {
    const values = { summit_dates: 'December 15-17 2026', pass_name: 'Studio Pass' };
    expect(fillText('Runs {{summit_dates}}; the {{ pass_name }}.', values)).toBe('Runs December 15-17 2026; the Studio Pass.');
    expect(fillText('Hello {{first_name}}!', values)).toBe('Hello !');
    expect(unknownTextFields('{{summit_dates}} {{first_name}}')).toEqual(['first_name']);
  });

  it('shows a section only when it is not hidden and has something in it', () => {
    expect(Object.values(shownLandingSections(DEMO_TEXTS.landing, LOADED)).every(Boolean)).toBe(true);
    const neutral = shownLandingSections(NEUTRAL_TEXTS.landing, { ...LOADED, sponsors: 0, faq: 0 });
    expect(neutral).toMatchObject({ whyAudio: false, host: false, sponsors: false, faq: false, about: true, schedule: true });
    // The brand names a host: the section shows it; sponsors that could not be loaded still say so.
    expect(shownLandingSections(NEUTRAL_TEXTS.landing, { ...LOADED, brandHost: true, sponsors: null })).toMatchObject({
      host: true,
      sponsors: true,
    });
    const hidden = { ...DEMO_TEXTS.landing, faq: { ...DEMO_TEXTS.landing.faq, shown: false } };
    expect(shownLandingSections(hidden, LOADED).faq).toBe(false);
  });
});

describe('fields in the words', () => {
  it('refuses a field a text cannot name, saying which it may', () => {
    const result = editionTextsSchema.safeParse({ ...DEMO_TEXTS, thankYou: { ...DEMO_TEXTS.thankYou, intro: 'Hi {{first_name}}!' } });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'There is no field {{first_name}} here: use {{summit_dates}}, {{retreat_dates}}, {{pass_name}}.',
    ]);
  });
});
