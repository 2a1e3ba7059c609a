/**
 * SPEC.md's two price readings as presets for the passes form: each button fills both prices
 * (src/scripts/edition-form.ts); without JavaScript the host types them from the labels.
 */
import { SECONDARY_BUTTON } from '../../../components/form/styles.ts';
import { PRICE_READINGS, type PriceReading } from '../../../domain/offers.ts';
import { settingsName } from '../../../domain/settings-form/fields.ts';

const READING_SOURCES: Record<PriceReading, string> = {
  a: 'Reading A',
  b: 'Reading B',
};

export function PricePresets() {
  return (
    <div className="flex flex-wrap gap-3" data-price-presets="">
      {(Object.keys(PRICE_READINGS) as PriceReading[]).map((reading) => (
        <button
          key={reading}
          type="button"
          className={SECONDARY_BUTTON}
          data-price-preset={reading}
          data-fill={JSON.stringify({
            [settingsName('upgrade.replay.price')]: String(PRICE_READINGS[reading].replay),
            [settingsName('upgrade.aap.price')]: String(PRICE_READINGS[reading].aap),
          })}
        >
          {`Use ${READING_SOURCES[reading]}: Replay Pass $${PRICE_READINGS[reading].replay}, All Access Pass $${PRICE_READINGS[reading].aap}`}
        </button>
      ))}
    </div>
  );
}
