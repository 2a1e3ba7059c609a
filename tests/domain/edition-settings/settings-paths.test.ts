import { describe, expect, expectTypeOf, it } from 'vitest';
import { demoEditions } from '../../../src/content/editions.ts';
import type { At, SettingsBlockPath, SettingsListPath, SettingsPath } from '../../../src/domain/edition-settings/paths.ts';
import type { EditionSettings } from '../../../src/domain/edition-settings/schema.ts';
import { CLOSES_AT, settingsItems } from '../../../src/domain/settings-form/fields.ts';

describe('settings paths typed against the schema', () => {
  it('names the document’s own paths, and a path it does not have does not compile', () => {
    const good: SettingsPath[] = ['offer.minutes', 'upgrade.aap.price', 'dashboard.workshop.startsAt', 'retreat'];
    expect(good).toHaveLength(4);
    // @ts-expect-error: the offer copy has no "copy.titel"
    const misspelt: SettingsPath = 'offer.copy.titel';
    // @ts-expect-error: a list's rows are not paths of the document (the list says its rows' fields)
    const intoList: SettingsPath = 'dashboard.bonusCards.title';
    expect([misspelt, intoList]).toHaveLength(2);
    expectTypeOf<At<EditionSettings, 'upgrade.aap.price'>>().toEqualTypeOf<number>();
    expectTypeOf<SettingsListPath>().toEqualTypeOf<'dashboard.staticSchedule' | 'dashboard.bonusCards' | 'texts.landing.whyAudio.points'>();
    expectTypeOf<SettingsBlockPath>().toEqualTypeOf<
      'retreat' | 'integrationWeek' | 'feedEnded' | 'dashboard.templateUpsell' | 'dashboard.workshop'
    >();
  });

  it('finds a value in the demo document at every path the form names', () => {
    const settings = demoEditions[2]!.edition.settings as unknown as Record<string, unknown>;
    const at = (path: string) =>
      path
        .split('.')
        .reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), settings);
    for (const item of settingsItems()) {
      if (item.path === CLOSES_AT) continue;
      // registrationClosesAt is null in the demo: the path is there, its value is the default.
      expect(at(item.path), item.path).not.toBeUndefined();
    }
  });
});
