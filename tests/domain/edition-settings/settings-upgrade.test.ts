import { describe, expect, it } from 'vitest';
import { demoEditions } from '../../../src/content/editions.ts';
import { importedSettingsSchema, readStoredSettings } from '../../../src/domain/edition-settings/read-settings.ts';
import {
  DEFAULT_RETENTION,
  editionSettingsSchema,
  SETTINGS_VERSION,
  type EditionSettings,
} from '../../../src/domain/edition-settings/schema.ts';
import { UPGRADE_STEPS, upgradeSettings } from '../../../src/domain/edition-settings/upgrade.ts';
import { neutralSettings } from '../../../src/domain/edition-template.ts';
import { presetPasses, SPEC_OFFER_COPY } from '../../../src/domain/offers.ts';
import { OLDER_SETTINGS } from '../../support/older-settings.ts';

const fallback = () => neutralSettings({ supportEmail: 'fallback@example.com' });
const read = (stored: unknown) => readStoredSettings(stored, fallback);
const clean = (stored: unknown): EditionSettings => {
  const result = read(stored);
  expect(result.problems).toEqual([]);
  return result.settings;
};

/** Passes of a document before version 4 (US dollars), as version 4 reads them: cents, no early price. */
const inCents = (upgrade: { replay: { price: number }; aap: { price: number } }) => ({
  replay: { ...upgrade.replay, price: Math.round(upgrade.replay.price * 100), earlyPrice: null, earlyPriceUntil: null },
  aap: { ...upgrade.aap, price: Math.round(upgrade.aap.price * 100), earlyPrice: null, earlyPriceUntil: null },
});

const urls = {
  replayCheckoutUrl: 'https://pay.sacred-business.example.com/july/replay-pass',
  aapCheckoutUrl: 'https://pay.sacred-business.example.com/july/all-access-pass',
};

describe('the settings upgrade chain', () => {
  it('has one step per version before the current one', () => {
    expect(UPGRADE_STEPS).toHaveLength(SETTINGS_VERSION);
  });

  it('reads every older shape as a valid current document, nothing left for a reader to default', () => {
    for (const [name, stored] of Object.entries(OLDER_SETTINGS)) {
      const settings = clean(stored);
      expect(editionSettingsSchema.parse(settings), name).toEqual(settings);
      expect(settings.version, name).toBe(SETTINGS_VERSION);
      expect(settings.upgrade, name).not.toHaveProperty('priceReading');
      // The parts every version had come through unchanged.
      expect(settings.retreat, name).toEqual(OLDER_SETTINGS.foundation.retreat);
      expect(settings.links, name).toEqual(OLDER_SETTINGS.foundation.links);
      expect(settings.embedHeight, name).toEqual(OLDER_SETTINGS.foundation.embedHeight);
    }
  });

  it('gives the first demo, which had no offer, the demo’s passes at reading A and its support address for sponsorship', () => {
    const settings = clean(OLDER_SETTINGS.foundation);
    expect(settings.upgrade).toEqual({ replayCheckoutUrl: '', aapCheckoutUrl: '', ...presetPasses('a') });
    expect(settings.sponsorshipEmail).toBe('support@sacred-business.example.com');
    expect(settings.offer).toEqual(SPEC_OFFER_COPY);
    expect(settings.feedEnded).toBeNull();
    expect(settings.registrationClosesAt).toBeNull();
  });

  it('states a price reading as that reading’s passes, as the offer showed them', () => {
    expect(clean(OLDER_SETTINGS.priceReadingA).upgrade).toEqual({ ...urls, ...presetPasses('a') });
    expect(clean(OLDER_SETTINGS.priceReadingB).upgrade).toEqual({ ...urls, ...presetPasses('b') });
    expect(clean(OLDER_SETTINGS.priceReadingB).upgrade.aap.price).toBe(29700);
  });

  it('keeps a fixed end of registration and "never"; absent becomes null, the default', () => {
    expect(clean(OLDER_SETTINGS.closesAt).registrationClosesAt).toBe('2025-07-20T00:00:00+10:00');
    expect(clean(OLDER_SETTINGS.closesNever).registrationClosesAt).toBe('never');
    expect(clean(OLDER_SETTINGS.priceReadingA).registrationClosesAt).toBeNull();
  });

  it('keeps the passes and offer copy the form saved, and passes beside a reading over the reading', () => {
    const saved = clean(OLDER_SETTINGS.formSaved);
    expect(saved.upgrade).toEqual({ ...urls, ...inCents(OLDER_SETTINGS.formSaved.upgrade) });
    expect(saved.offer).toEqual(OLDER_SETTINGS.formSaved.offer);
    const neutral = clean(OLDER_SETTINGS.neutralTemplate);
    expect(neutral.upgrade.aap).toEqual({
      name: 'All Access Pass',
      price: 19700,
      earlyPrice: null,
      earlyPriceUntil: null,
      benefits: ['Everything'],
    });
    expect(neutral.offer).toEqual(SPEC_OFFER_COPY);
  });

  it('keeps the feed’s own words and their absence', () => {
    expect(clean(OLDER_SETTINGS.feedEndedNull).feedEnded).toBeNull();
    expect(clean(OLDER_SETTINGS.feedEndedOwn).feedEnded).toEqual({ title: 'Harbour Light has docked', text: 'The free days have sailed.' });
  });

  it('keeps schedule entries without dates of their own', () => {
    expect(clean(OLDER_SETTINGS.undatedSchedule).dashboard.staticSchedule.map((entry) => entry.date)).toEqual(['', '']);
  });

  it('leaves a current document as it is, and the demo editions are current', () => {
    for (const demo of demoEditions) {
      const settings = editionSettingsSchema.parse(demo.edition.settings);
      expect(upgradeSettings(settings)).toBe(settings);
      expect(clean(settings)).toEqual(settings);
    }
  });

  it('upgrades the settings of an imported document of an older release, and refuses invalid ones with the schema’s messages', () => {
    expect(importedSettingsSchema.parse(OLDER_SETTINGS.priceReadingB)).toEqual(clean(OLDER_SETTINGS.priceReadingB));
    const refused = importedSettingsSchema.safeParse({ ...OLDER_SETTINGS.formSaved, accessDays: 0 });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['accessDays']);
  });
});

describe('a stored document that does not validate', () => {
  it('keeps every part that does and puts the fallback’s in place of each part that does not, saying which', () => {
    const stored = { ...OLDER_SETTINGS.formSaved, retreat: { ...OLDER_SETTINGS.formSaved.retreat, startDate: 'soon' }, accessDays: 'x' };
    const result = read(stored);
    expect(result.settings.retreat).toEqual(fallback().retreat);
    expect(result.settings.accessDays).toBe(fallback().accessDays);
    expect(result.settings.upgrade).toEqual({ ...urls, ...inCents(OLDER_SETTINGS.formSaved.upgrade) });
    expect(result.settings.links).toEqual(OLDER_SETTINGS.formSaved.links);
    expect(result.problems).toEqual([expect.stringMatching(/^retreat\.startDate: /), expect.stringMatching(/^accessDays: /)]);
  });

  it('reads what is not a document at all as the fallback, and says so', () => {
    for (const stored of [null, 'settings', 42, [1, 2]]) {
      const result = read(stored);
      expect(result.settings).toEqual(fallback());
      expect(result.problems).toEqual(['settings: The stored settings are not a JSON object.']);
    }
  });

  it('reads a newer release’s document (during a deploy) as the current version, leaving out what it added', () => {
    const current = clean(OLDER_SETTINGS.formSaved);
    const newer = { ...current, version: SETTINGS_VERSION + 1, somethingNew: { on: true } };
    expect(read(newer)).toEqual({ settings: current, problems: [] });
  });
});

describe('version 3: the site’s own checkout', () => {
  it('reads a version-2 document with US dollars and none of Checkout’s options, as its passes were sold', () => {
    const { checkout: _checkout, ...v2 } = demoEditions[0]!.edition.settings;
    const settings = clean({ ...v2, version: 2 });
    expect(settings.checkout).toEqual({
      currency: 'usd',
      allowPromotionCodes: false,
      automaticTax: false,
      collectTaxIds: false,
      createInvoices: false,
    });
  });

  it('refuses a currency that is not three letters, and writes one given in capitals in lower case', () => {
    const base = demoEditions[0]!.edition.settings;
    expect(editionSettingsSchema.safeParse({ ...base, checkout: { ...base.checkout, currency: 'dollars' } }).success).toBe(false);
    expect(editionSettingsSchema.parse({ ...base, checkout: { ...base.checkout, currency: 'EUR' } }).checkout.currency).toBe('eur');
  });
});

describe('version 4: amounts in minor units of the edition’s currency (decision 0064)', () => {
  it('reads a stored version-3 document in euros as cents, rounded, with no early price', () => {
    const settings = clean(OLDER_SETTINGS.version3Euro);
    expect(settings.version).toBe(SETTINGS_VERSION);
    expect(settings.upgrade.replay).toMatchObject({ price: 1999, earlyPrice: null, earlyPriceUntil: null });
    expect(settings.upgrade.aap.price).toBe(19750);
    expect(settings.dashboard.workshop?.price).toBe(499);
    expect(settings.dashboard.templateUpsell).toEqual({ price: 2500, fullPrice: 9800, discountCode: 'SUMMIT' });
  });

  it('reads a version-3 document in yen as yen (no minor digits)', () => {
    const settings = clean(OLDER_SETTINGS.version3Yen);
    expect([settings.upgrade.replay.price, settings.upgrade.aap.price, settings.dashboard.workshop?.price]).toEqual([5000, 12000, 500]);
    expect(settings.dashboard.templateUpsell).toEqual({ price: 25, fullPrice: 98, discountCode: 'SUMMIT' });
  });

  it('reads older documents (US dollars) as cents, and an imported version-3 document the same way', () => {
    expect(clean(OLDER_SETTINGS.foundation).dashboard.workshop?.price).toBe(499);
    expect(importedSettingsSchema.parse(OLDER_SETTINGS.version3Euro)).toEqual(clean(OLDER_SETTINGS.version3Euro));
  });

  it('refuses amounts that are not whole minor units, and an early price without a deadline or not below the price', () => {
    const base = demoEditions[0]!.edition.settings;
    const withAap = (aap: object) =>
      editionSettingsSchema.safeParse({ ...base, upgrade: { ...base.upgrade, aap: { ...base.upgrade.aap, ...aap } } });
    expect(withAap({ price: 197.5 }).success).toBe(false);
    expect(withAap({ earlyPrice: 9700, earlyPriceUntil: null }).success).toBe(false);
    expect(withAap({ earlyPrice: 19700, earlyPriceUntil: '2025-07-10T23:59:00+10:00' }).success).toBe(false);
    expect(withAap({ earlyPrice: 9700, earlyPriceUntil: '2025-07-10T23:59:00+10:00' }).success).toBe(true);
  });
});

describe('version 5: the affiliates’ options', () => {
  /** A version-4 document as the release before the affiliates' options wrote it. */
  const version4 = () => {
    const doc = UPGRADE_STEPS.slice(3, 4).reduce(
      (upgraded, step) => step(upgraded),
      OLDER_SETTINGS.version3Euro as Record<string, unknown>,
    );
    expect(doc).toMatchObject({ version: 4 });
    expect(doc).not.toHaveProperty('affiliates');
    return doc;
  };

  it('states the options of a version-4 document as its pages had them: no leaderboard widget', () => {
    const upgraded = upgradeSettings(version4());
    expect(UPGRADE_STEPS[4]!(version4())).toMatchObject({ version: 5, affiliates: { leaderboardWidget: false } });
    expect(upgraded).toMatchObject({ version: SETTINGS_VERSION, affiliates: { leaderboardWidget: false } });
    expect(clean(version4()).affiliates).toEqual({ leaderboardWidget: false });
  });

  it('keeps the options a version-4 document already carries (saved before they had a version of their own)', () => {
    expect(clean({ ...version4(), affiliates: { leaderboardWidget: true } }).affiliates).toEqual({ leaderboardWidget: true });
  });

  it('asks a current document for them: the schema has no default standing in for a version step', () => {
    const { affiliates: _affiliates, ...withoutOptions } = demoEditions[0]!.edition.settings;
    expect(editionSettingsSchema.safeParse(withoutOptions).success).toBe(false);
  });
});

describe('version 6: retention', () => {
  it('states retention off for a version-5 document: every registrant was kept', () => {
    const { retention: _retention, ...version5 } = demoEditions[0]!.edition.settings;
    const upgraded = upgradeSettings({ ...version5, version: 5 });
    expect(upgraded).toMatchObject({ version: 6, retention: DEFAULT_RETENTION });
    expect(DEFAULT_RETENTION.mode).toBe('off');
  });

  it('asks a current document for it: the schema has no default standing in for a version step', () => {
    const { retention: _retention, ...withoutRetention } = demoEditions[0]!.edition.settings;
    expect(editionSettingsSchema.safeParse(withoutRetention).success).toBe(false);
  });
});
